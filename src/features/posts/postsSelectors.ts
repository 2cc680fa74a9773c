import { createAppSelector } from '../../lib/store/hooks';
import type { RootState } from '../../app/store';
import { sortInOrder, timeOf } from '../../../contract/order';
import type { Post } from '../../types/api';
import { selectCurrentUserId } from '../auth/sessionSlice';
import { selectCurrentMember } from '../users/currentMember';
import { followingKeyOf } from '../users/followUpdates';
import { selectSortMode, type SortMode } from './feedSlice';
import { selectPostsResult } from './postsApi';

/** A module-level empty: a selector with nothing to show always returns the same reference. */
export const EMPTY_POSTS: readonly Post[] = Object.freeze([]) as readonly Post[];

/** The posts in the order of a sort mode (spec section 4), by the contract's one rule, shared with both backends. */
export function sortPosts(posts: readonly Post[], mode: SortMode): Post[] {
  return sortInOrder(posts, mode, (post) => ({ time: timeOf(post.createdAt), likes: post.likes.likeCount, id: post.id }));
}

/** Every post in the cache, in the backend's order. */
export const selectAllPosts = createAppSelector([selectPostsResult], (result): readonly Post[] => result.data ?? EMPTY_POSTS);

const selectMyUsername = (state: RootState): string => selectCurrentMember(state)?.username ?? '';

/**
 * The ids the member follows, as one string: a new copy of the same list (a refreshed member record)
 * compares equal, so the feed does not recompute for it.
 */
const selectFollowingKey = createAppSelector([selectCurrentMember], (me) => (me ? followingKeyOf(me) : ''));

/**
 * The home feed (spec section 4): the member's own posts and those of the members they follow, in the
 * chosen order. Recomputed only when the posts, the followed members or the sort change.
 */
export const selectHomeFeed = createAppSelector(
  [selectAllPosts, selectCurrentUserId, selectMyUsername, selectFollowingKey, selectSortMode],
  (posts, myId, myUsername, followingKey, sortMode): readonly Post[] => {
    if (posts.length === 0 || !myId) return EMPTY_POSTS;
    const followed = new Set(followingKey === '' ? [] : followingKey.split('\n'));
    const mine = posts.filter((post) => post._id === myId || (myUsername !== '' && post.username === myUsername) || followed.has(post._id));
    return mine.length === 0 ? EMPTY_POSTS : sortPosts(mine, sortMode);
  },
);

/** Explore: every post, newest first. */
export const selectExplorePosts = createAppSelector([selectAllPosts], (posts): readonly Post[] =>
  posts.length === 0 ? EMPTY_POSTS : sortPosts(posts, 'latest'),
);
