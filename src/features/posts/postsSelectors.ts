import { createAppSelector } from '../../lib/store/hooks';
import type { RootState } from '../../app/store';
import { sortInOrder, timeOf, type OrderKeys } from '../../../contract/order';
import type { Post, UserSummary } from '../../types/api';
import { selectCurrentUserId } from '../auth/sessionSlice';
import { selectCurrentMember } from '../users/currentMember';
import { selectSortMode, type SortMode } from './feedSlice';
import { postsApi, selectPostsResult } from './postsApi';

/** Module-level empties: a selector with nothing to show always returns the same reference. */
export const EMPTY_POSTS: readonly Post[] = Object.freeze([]) as readonly Post[];
const EMPTY_MEMBERS: readonly UserSummary[] = Object.freeze([]) as readonly UserSummary[];

/** What the orders compare in a post (the contract's one rule, shared with both backends). */
export function postOrderKeys(post: Post): OrderKeys {
  return { time: timeOf(post.createdAt), likes: post.likes.likeCount, id: post.id };
}

/** The posts in the order of a sort mode (spec section 4). */
export function sortPosts(posts: readonly Post[], mode: SortMode): Post[] {
  return sortInOrder(posts, mode, postOrderKeys);
}

/** Every post in the cache, in the backend's order. */
export const selectAllPosts = createAppSelector([selectPostsResult], (result): readonly Post[] => result.data ?? EMPTY_POSTS);

const selectFollowing = (state: RootState): readonly UserSummary[] => selectCurrentMember(state)?.following ?? EMPTY_MEMBERS;
const selectMyUsername = (state: RootState): string => selectCurrentMember(state)?.username ?? '';

/**
 * The ids the member follows, as one string: a new copy of the same list (a refreshed member record)
 * compares equal, so the feed does not recompute for it.
 */
export const selectFollowingKey = createAppSelector([selectFollowing], (following) =>
  following.map((member) => member._id).sort().join('\n'),
);

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

/** A member's posts as loaded for their profile (getUserPosts), newest first. */
export const selectMemberPosts = createAppSelector(
  [(state: RootState, username: string) => postsApi.endpoints.getUserPosts.select(username)(state).data],
  (posts): readonly Post[] => (posts && posts.length > 0 ? sortPosts(posts, 'latest') : EMPTY_POSTS),
);
