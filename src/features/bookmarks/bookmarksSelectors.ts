import { createAppSelector } from '../../lib/store/hooks';
import type { RootState } from '../../app/store';
import type { Post } from '../../types/api';
import { selectBookmarksResult } from './bookmarksApi';

const EMPTY_POSTS: readonly Post[] = [];
const EMPTY_IDS: ReadonlySet<string> = new Set<string>();

/** The current member's bookmarked posts, in the backend's order. */
export const selectBookmarkedPosts = createAppSelector([selectBookmarksResult], (result): readonly Post[] => result.data ?? EMPTY_POSTS);

/** Ids of the bookmarked posts: a post is bookmarked when its id is in here. */
export const selectBookmarkedIds = createAppSelector([selectBookmarkedPosts], (posts): ReadonlySet<string> =>
  posts.length === 0 ? EMPTY_IDS : new Set(posts.map((post) => post.id)),
);

/** Whether one post is bookmarked: a boolean, so a card re-renders only when its own state flips. */
export function selectIsBookmarked(state: RootState, postId: string): boolean {
  return selectBookmarkedIds(state).has(postId);
}
