import type { ApiFailure } from '../lib/apiError';

/**
 * What did not happen when a member's act could not reach the backend, or the backend failed it, by
 * the call's endpoint. A toggle goes back as it was, a form keeps what was typed: the toast says so.
 */
const NOT_DONE: Readonly<Record<string, string>> = {
  likePost: 'Your like was not saved.',
  dislikePost: 'Your dislike was not saved.',
  likeReply: 'Your like was not saved.',
  unlikeReply: 'Your like was not taken back.',
  addBookmark: 'The post was not bookmarked.',
  removeBookmark: 'The bookmark was not removed.',
  followUser: 'Your follow was not saved.',
  unfollowUser: 'Your unfollow was not saved.',
  changeRelation: 'Your mute or block was not changed.',
  createPost: 'Your post was not sent; it stays in the box.',
  editPost: 'Your edit was not saved; it stays in the window.',
  deletePost: 'The post was not deleted.',
  createReply: 'Your reply was not sent; it stays in the box.',
  deleteReply: 'The reply was not deleted.',
  editProfile: 'Your profile was not saved; what you typed stays.',
  markNotificationsRead: 'Your notifications were not marked as read.',
  signup: 'Your account was not created; what you typed stays.',
  login: 'You were not logged in.',
  getMemberPages: 'The list could not load.',
};

/** A device with no network at all is told so, rather than that SocialConnect could not be reached. */
export const OFFLINE_ACT_MESSAGE = "You're offline. Check your connection and try again.";

/** The toast of an act that failed for want of the backend: what did not happen, then why. */
export function failedActMessage(failure: ApiFailure & { endpoint: string }): string {
  const why = failure.kind === 'network' && typeof navigator !== 'undefined' && !navigator.onLine ? OFFLINE_ACT_MESSAGE : failure.message;
  return `${NOT_DONE[failure.endpoint] ?? 'That did not go through.'} ${why}`;
}
