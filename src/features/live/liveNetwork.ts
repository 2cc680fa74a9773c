import { api, cacheAccess, loadAllAgain, type ApiDispatch, type ApiRootState, type CacheAccess } from '../../lib/api/api';
import { apiFailed } from '../../lib/api/apiEvents';
import { RESET_EVENT, type EventPayloads, type EventType } from '../../../contract/events';
import type { SessionEndReason } from '../auth/sessionSlice';
import { isSessionEndedFor, readStoredToken } from '../auth/tokenStorage';
import { SUSPENDED_CODE } from '../../lib/apiError';
import { bookmarkChangedElsewhere } from '../bookmarks/bookmarksApi';
import type { LiveEvent } from './eventReader';
import { newPostGone, newPostsHeard } from './liveSlice';
import { notificationsChangedElsewhere } from '../notifications/notificationsApi';
import { removePost, removePostsBy } from '../posts/postCopies';
import { relationChangedElsewhere } from '../relations/relationsApi';
import { ownPinsChanged } from '../pins/pinsApi';
import { sharesHeard } from '../reposts/repostsApi';
import { hasCapability } from '../../lib/api/capabilities';
import { reactionHeard, reloadPost } from '../posts/postEvents';
import { replyCreatedElsewhere, replyDeletedElsewhere, replyReactedElsewhere } from '../replies/repliesApi';
import { selectCurrentMember } from '../users/currentMember';
import { follows } from '../users/followUpdates';
import { noticesChanged, reportsChanged } from '../moderation/moderationApi';
import { followChangedElsewhere } from '../users/usersApi';

/** The store the events are written into: its dispatch, and the state the cache and the session are read from. */
type LiveStore = { dispatch: ApiDispatch; getState: () => ApiRootState & Parameters<typeof selectCurrentMember>[0] };

/** The events a feature writes into the cache itself, from what the event says. */
const PATCHED_BY_FEATURE: { [Type in EventType]?: (cache: CacheAccess, event: EventPayloads[Type]) => void } = {
  'post-reacted': reactionHeard,
  'post-shared': sharesHeard,
  'follow-changed': followChangedElsewhere,
  'reply-created': replyCreatedElsewhere,
  'reply-deleted': replyDeletedElsewhere,
  'reply-reacted': replyReactedElsewhere,
  'notifications-changed': notificationsChangedElsewhere,
};

/** Hands an event to the feature that patches the cache for it; false when no feature does. */
function patchByFeature<Type extends EventType>(cache: CacheAccess, event: { type: Type } & EventPayloads[Type]): boolean {
  const patch = PATCHED_BY_FEATURE[event.type];
  if (!patch) return false;
  patch(cache, event);
  return true;
}

/**
 * What the live stream says, written into this tab's cache where it is shown: nothing moves, and
 * new posts wait behind Home's and Explore's "N new posts".
 */
export function applyLiveEvent(store: LiveStore, event: LiveEvent): void {
  const cache = cacheAccess(store);
  const myId = store.getState().session.userId;
  if (event.type !== RESET_EVENT && patchByFeature(cache, event)) return;
  switch (event.type) {
    case 'post-created': {
      if (event.repostOf !== undefined) {
        // A repost: new on Home for the reposter's followers; never on Explore, which lists originals
        // alone, nor on the reposter's own Home, where the post is on their screen already.
        if (event.authorId !== myId && follows(selectCurrentMember(store.getState()), event.authorId)) store.dispatch(newPostsHeard({ lists: ['home'], postIds: [event.postId] }));
        break;
      }
      const forHome = event.authorId === myId || follows(selectCurrentMember(store.getState()), event.authorId);
      store.dispatch(newPostsHeard({ lists: forHome ? ['home', 'explore'] : ['explore'], postIds: [event.postId] }));
      // One of the member's own may be a scheduled post published: their list of those waiting is asked again.
      if (event.authorId === myId && hasCapability(store.getState(), 'scheduledPosts')) store.dispatch(api.util.invalidateTags([{ type: 'ScheduledPost', id: 'LIST' }]));
      break;
    }
    case 'post-edited':
      void reloadPost(cache, event.postId);
      break;
    case 'post-deleted':
      removePost(cache, event.postId);
      store.dispatch(newPostGone(event.postId));
      break;
    case 'member-joined':
      store.dispatch(api.util.invalidateTags([{ type: 'User', id: 'LIST' }]));
      break;
    case 'member-updated':
      // Their record, and the posts they pinned to it; the member's own pins also show on their cards here.
      store.dispatch(api.util.invalidateTags([{ type: 'User', id: event.memberId }, ...(event.memberId === myId ? [] : [{ type: 'Pin' as const, id: event.memberId }])]));
      if (event.memberId === myId && myId && hasCapability(store.getState(), 'pins')) void ownPinsChanged(cache, myId);
      break;
    case 'bookmark-changed':
      if (event.memberId === myId) bookmarkChangedElsewhere(cache, event.postId, event.bookmarked);
      break;
    case 'session-ended':
      void endSessionIfItsOwn(store, event);
      break;
    case 'relation-changed':
      if (event.memberId === myId) relationChangedElsewhere(cache);
      break;
    case 'member-withdrawn':
      if (event.memberId === myId) memberWithdrawn(cache, event.otherId);
      break;
    case 'member-left':
      // A member set their account to be deleted: to everyone else, they are gone from now.
      if (event.memberId !== myId) memberLeft(cache, event.memberId);
      break;
    case 'report-opened':
      // To moderators and admins alone: their queue and its count are asked again.
      store.dispatch(reportsChanged());
      break;
    case 'moderation-notice':
      if (event.memberId === myId) store.dispatch(noticesChanged());
      break;
    case 'role-changed':
      // Named a moderator, or a member again: the open count and the queue are asked as the new role allows.
      if (event.memberId === myId) store.dispatch(reportsChanged());
      break;
    case 'reset':
      // Too much was missed to patch: what is shown loads again.
      store.dispatch(loadAllAgain());
      break;
  }
}

/**
 * Another member blocked this one: what of theirs this tab shows leaves it now, as the next load
 * would show it, and nothing says why. Their posts leave the lists where they are (nothing else
 * moves), and their own pages, their profile, the replies and the notifications load again, to be
 * answered without them.
 */
function memberWithdrawn(cache: CacheAccess, otherId: string): void {
  removePostsBy(cache, otherId);
  cache.dispatch(api.util.invalidateTags([{ type: 'User', id: otherId }, 'Reply', 'Notification']));
}

/**
 * A member left: as when they block this one, what of theirs this tab shows leaves it, and the
 * lists of members load again without them.
 */
function memberLeft(cache: CacheAccess, memberId: string): void {
  memberWithdrawn(cache, memberId);
  cache.dispatch(api.util.invalidateTags([{ type: 'User', id: 'LIST' }]));
}

/**
 * A session ended elsewhere (a logout, a password change, a suspension) ends here when it is this
 * tab's, the way a refused token does: /login, with "Your session has ended" (or, for a suspension,
 * that the account is suspended). A password change made in this tab, or
 * in another tab of this browser, brings a new token instead, so the answers on their way land first.
 */
async function endSessionIfItsOwn(store: LiveStore, ended: EventPayloads['session-ended']): Promise<void> {
  await Promise.allSettled(store.dispatch(api.util.getRunningMutationsThunk()));
  const token = store.getState().session.token;
  const stored = readStoredToken();
  if (!token || !isSessionEndedFor(token, ended)) return;
  if (stored !== null && stored !== token && !isSessionEndedFor(stored, ended)) return;
  store.dispatch(sessionRefused(ended.reason === 'suspended' ? 'suspended' : undefined));
}

/**
 * The session is over, as when a call's token is refused: the store's listener takes the member to
 * /login, which says why when the moderators suspended the account (the refusal a login then meets).
 */
export function sessionRefused(because?: SessionEndReason) {
  return apiFailed({
    kind: 'unauthorized', status: 401, message: '', endpoint: 'events',
    ...(because === 'suspended' ? { code: SUSPENDED_CODE } : {}),
  });
}
