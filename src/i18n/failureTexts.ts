import { LIMITS } from '../../contract/limits';
import { ERROR_CODES, type MessageKey } from '../../contract/messages';
import { errorCode, errorMessage, FALLBACK_MESSAGE, retryAfterOf, waitOf, type ApiFailure } from '../lib/apiError';
import type { MessageId } from './catalogues/en';
import { t } from './i18n';
import { imagePixelsLimitText } from './imageTexts';
import { LIMIT_VALUES } from './ruleTexts';

/**
 * Failed calls in the member's language. Both backends answer a refusal with a code beside their
 * English words (contract/messages.ts): the app words each code from the catalogues, with the
 * limits and waits in it formatted for the language. A code the app does not know keeps the
 * backend's words. Loaded with the first toast that needs it (features/ui/notify.ts), never with /login.
 */

/** Each code's message key in the contract ('too_many_requests' -> 'tooManyRequests'). */
const KEY_OF_CODE: ReadonlyMap<string, MessageKey> = new Map((Object.keys(ERROR_CODES) as MessageKey[]).map((key) => [ERROR_CODES[key], key]));

/**
 * A refusal in the member's language, by its code; `message` is the backend's own words, kept for a
 * code the app does not know. A 429 with a wait says when to try again.
 */
export function refusalText(code: string | undefined, message: string, retryAfter?: number): string {
  const key = code === undefined ? undefined : KEY_OF_CODE.get(code);
  if (key === undefined) return code === undefined && message === FALLBACK_MESSAGE ? t('failure.generic') : message;
  if (key === 'tooManyRequests' && retryAfter !== undefined) return t('refusal.tooManyRequestsIn', waitOf(retryAfter));
  // The pixel limit is the backend's setting, which its words name ("at most 24,000,000 pixels").
  if (key === 'imageTooManyPixels') return imagePixelsLimitText(Number(/[\d,]{2,}/.exec(message)?.[0].replace(/,/g, '')) || LIMITS.imagePixelsMax);
  // So is the number of images a post may have ("at most 6 images").
  if (key === 'tooManyImages') return t('refusal.tooManyImages', { max: Number(/\d+/.exec(message)?.[0]) || LIMITS.postImagesMax });
  return t(`refusal.${key}` satisfies MessageId, LIMIT_VALUES[key]);
}

/** What a refused call's error (as RTK Query gives it) says, in the member's language. */
export function refusalTextOf(error: unknown): string {
  return refusalText(errorCode(error), errorMessage(error), retryAfterOf(error));
}

/** Why a call failed: no connection, a backend that could not start, or what the backend said. */
export function failureReason(failure: ApiFailure): string {
  // A chunk of the app's own code that did not load says so in its own words.
  if (failure.kind === 'network' && failure.status !== 'CHUNK_LOAD_ERROR') {
    return t(typeof navigator !== 'undefined' && !navigator.onLine ? 'failure.offline' : 'failure.network');
  }
  if (failure.kind === 'unavailable') return t('failure.notStarted');
  return refusalText(failure.code, failure.message, failure.retryAfter);
}

/**
 * What did not happen when a member's act could not reach the backend, or the backend failed it, by
 * the call's endpoint. A toggle goes back as it was, a form keeps what was typed: the toast says so.
 */
const NOT_DONE = {
  likePost: 'failedAct.likePost',
  dislikePost: 'failedAct.dislikePost',
  likeReply: 'failedAct.likeReply',
  unlikeReply: 'failedAct.unlikeReply',
  addBookmark: 'failedAct.addBookmark',
  removeBookmark: 'failedAct.removeBookmark',
  followUser: 'failedAct.followUser',
  unfollowUser: 'failedAct.unfollowUser',
  changeRelation: 'failedAct.changeRelation',
  createPost: 'failedAct.createPost',
  editPost: 'failedAct.editPost',
  deletePost: 'failedAct.deletePost',
  createReply: 'failedAct.createReply',
  deleteReply: 'failedAct.deleteReply',
  editProfile: 'failedAct.editProfile',
  saveLanguage: 'failedAct.saveLanguage',
  markNotificationsRead: 'failedAct.markNotificationsRead',
  signup: 'failedAct.signup',
  login: 'failedAct.login',
  getMemberPages: 'failedAct.getMemberPages',
  deleteAccount: 'failedAct.deleteAccount',
  keepAccount: 'failedAct.keepAccount',
  schedulePost: 'failedAct.schedulePost',
  editScheduledPost: 'failedAct.editScheduledPost',
  cancelScheduledPost: 'failedAct.cancelScheduledPost',
  repostPost: 'failedAct.repostPost',
  undoRepost: 'failedAct.undoRepost',
  saveQuotePolicy: 'failedAct.saveQuotePolicy',
  saveRules: 'failedAct.saveRules',
  setRole: 'failedAct.setRole',
} as const satisfies Record<string, MessageId>;

/** The toast of an act that failed for want of the backend: what did not happen, then why. */
export function failedActText(failure: ApiFailure & { endpoint: string }): string {
  const what = Object.hasOwn(NOT_DONE, failure.endpoint) ? NOT_DONE[failure.endpoint as keyof typeof NOT_DONE] : 'failedAct.other';
  return t('failedAct.sentence', { what: t(what), why: failureReason(failure) });
}
