// The codes' type alone: the catalogue's texts stay out of the first page's code (/login), and each
// code written here is checked against the catalogue.
import type { ErrorCode } from '../../contract/messages';
import { errorCode, errorMessage, hasStatus, refusalBody, retryAfterOf } from './refusalBody';

export { errorCode, errorMessage, FALLBACK_MESSAGE, refusalStatus, retryAfterOf } from './refusalBody';

/**
 * Reading the backend's refusals. Every refusal has the shape { errors: [message], code }; RTK Query wraps
 * it as { status, data }. Network failures come as { status: 'FETCH_ERROR' }.
 */
export type ApiFailureKind = 'network' | 'server' | 'unauthorized' | 'client' | 'unavailable';

export interface ApiFailure {
  kind: ApiFailureKind;
  status: number | string;
  /** In English: the backend's words, or the app's; the member reads it in their language (src/i18n/failureTexts.ts). */
  message: string;
  /** The refusal's code, by which the app words it. */
  code?: string;
  /** A 429's wait, in seconds, from its Retry-After. */
  retryAfter?: number;
}

/** What a call that never reached the backend says, on a form that stays open to be sent again. */
export const NETWORK_MESSAGE = 'SocialConnect could not be reached. Check your connection and try again.';

/**
 * A call's answer when the backend could not start in this browser (the stand-in needs a service
 * worker, which some windows do not allow): the call never went out, and the member stays where
 * they are, with what they typed.
 */
export const BACKEND_NOT_STARTED = "SocialConnect's backend could not start in this browser. Please reload the page, or try another browser.";

/** The error such a call returns, as RTK Query words an error raised before any request. */
export const NOT_STARTED_ERROR = { status: 'CUSTOM_ERROR', error: BACKEND_NOT_STARTED } as const;

/**
 * The refusal of a suspended account's login: what an ended session's failure carries when the
 * moderators suspended the account (`moderation`), for /login to say so.
 */
export const SUSPENDED_CODE = 'account_suspended' satisfies ErrorCode;

/** Codes that say the token no longer stands for a member: the session is over. */
const SESSION_ENDED: readonly string[] = ['token_invalid', 'user_not_registered'] satisfies ErrorCode[];

/**
 * Sorts a failed call into what the app does about it (design card: errors), from the status and
 * the refusal's code, never from its wording. A backend that sends no code is read by status alone:
 * a 401 on a call that carried a token ends the session.
 */
export function classifyFailure(error: unknown, sentToken: boolean): ApiFailure {
  if (!hasStatus(error)) return { kind: 'network', status: 'UNKNOWN', message: NETWORK_MESSAGE };
  const { status } = error;
  const message = errorMessage(error);
  if (typeof status !== 'number') {
    if (status === NOT_STARTED_ERROR.status && (error as { error?: unknown }).error === BACKEND_NOT_STARTED) {
      return { kind: 'unavailable', status: 'BACKEND_NOT_STARTED', message: BACKEND_NOT_STARTED };
    }
    // FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR, CUSTOM_ERROR
    if (status === 'PARSING_ERROR') return { kind: 'server', status, message };
    return { kind: 'network', status: String(status), message: NETWORK_MESSAGE };
  }
  const code = errorCode(error);
  const retryAfter = retryAfterOf(error);
  // The words the backend sent, and what the app words them by in the member's language.
  const worded = { message, ...(code === undefined ? {} : { code }), ...(retryAfter === undefined ? {} : { retryAfter }) };
  if (status >= 500) return { kind: 'server', status, ...worded };
  // A wrong current password (a profile edit) refuses the input, not the session.
  if (code === ('invalid_credentials' satisfies ErrorCode)) return { kind: 'client', status, ...worded };
  const ended = code === undefined ? status === 401 : SESSION_ENDED.includes(code);
  if (sentToken && ended) return { kind: 'unauthorized', status, ...worded };
  return { kind: 'client', status, ...worded };
}

/** Refusals that say the state already is what the member asked for (already liked, not bookmarked yet...). */
const ALREADY: readonly string[] = [
  'already_liked', 'already_disliked', 'already_bookmarked', 'not_bookmarked',
  'already_following', 'not_following', 'reply_already_liked', 'reply_not_liked',
  'already_reposted', 'not_reposted',
] satisfies ErrorCode[];

/**
 * Whether a mutation's failure (what its `queryFulfilled` rejects with) says the state already is what
 * was asked: another device got there first, and the screen should show the backend's state.
 */
export function refusedAsAlready(failure: unknown): boolean {
  const code = errorCode((failure as { error?: unknown } | null)?.error);
  return code !== undefined && ALREADY.includes(code);
}

/**
 * '1 second', '12 minutes', in English: the words a refusal keeps should the member's own not load
 * (src/i18n/failureTexts.ts words the wait in their language).
 */
function inUnits(count: number, unit: 'second' | 'minute' | 'hour'): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** Below this many seconds a wait is "a moment". */
const MOMENT_SECONDS = 5;

/** The seconds a `Retry-After` header (seconds, or an HTTP date) says to wait; undefined when it says nothing usable. */
export function retryAfterSeconds(header: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = header?.trim() ?? '';
  // Delay-seconds, or an HTTP date ('Thu, 26 Nov 2026 10:12:00 GMT'), which has a day's name.
  const seconds = /^\d+$/.test(text) ? Number(text) : /^[a-z]/i.test(text) ? (Date.parse(text) - now) / 1000 : NaN;
  return Number.isNaN(seconds) ? undefined : seconds;
}

/**
 * When a `Retry-After` header (seconds, or an HTTP date) says to try again, in words, rounded up:
 * 'in a moment', 'in 45 seconds', 'in 12 minutes', 'in 3 hours'. Undefined when it says nothing usable.
 */
export function retryAfterInWords(header: string | null | undefined, now: number = Date.now()): string | undefined {
  const seconds = retryAfterSeconds(header, now);
  if (seconds === undefined) return undefined;
  const { unit, count } = waitOf(seconds);
  return unit === 'moment' ? 'in a moment' : `in ${inUnits(count, unit)}`;
}

/**
 * A wait as a member is told it, rounded up: a moment (under 5 s), else seconds, minutes or hours.
 * English words it here; the member's language in src/i18n/failureTexts.ts.
 */
export function waitOf(seconds: number): { unit: 'moment' | 'second' | 'minute' | 'hour'; count: number } {
  if (seconds < MOMENT_SECONDS) return { unit: 'moment', count: 0 };
  if (seconds < 60) return { unit: 'second', count: Math.ceil(seconds) };
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return { unit: 'minute', count: minutes };
  return { unit: 'hour', count: Math.ceil(minutes / 60) };
}

/**
 * A 429 that says (Retry-After) when to try again carries it in its message: "Too many requests. Try
 * again in 12 minutes." Any other failure, or a 429 without a usable header, is returned as it is.
 */
export function withRetryAfter<E>(error: E, headers: Headers | undefined): E {
  if (!hasStatus(error) || error.status !== 429) return error;
  const header = headers?.get('retry-after');
  const when = retryAfterInWords(header);
  if (!when) return error;
  return { ...error, data: { ...refusalBody(error), errors: [`Too many requests. Try again ${when}.`], retryAfter: retryAfterSeconds(header) } };
}
