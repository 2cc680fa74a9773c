import { createAppSelector } from '../../lib/store/hooks';
import type { RootState } from '../../app/store';
import { selectCurrentMember } from '../users/currentMember';
import { bookmarkId } from './bookmarksApi';

const EMPTY_IDS: ReadonlySet<string> = new Set<string>();

/**
 * Ids of the bookmarked posts, from the member's record (its `bookmarks`), so a card's toggle is right
 * without the list of bookmarked posts being loaded. A backend may list them as posts rather than ids.
 */
const selectBookmarkedIds = createAppSelector([selectCurrentMember], (me): ReadonlySet<string> => {
  const entries: readonly unknown[] = me?.bookmarks ?? [];
  if (entries.length === 0) return EMPTY_IDS;
  return new Set(entries.map(bookmarkId).filter((id): id is string => id !== undefined));
});

/** Whether one post is bookmarked: a boolean, so a card re-renders only when its own state flips. */
export function selectIsBookmarked(state: RootState, postId: string): boolean {
  return selectBookmarkedIds(state).has(postId);
}
