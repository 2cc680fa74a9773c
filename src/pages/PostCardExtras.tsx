import type { ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from '../lib/store/hooks';
import { selectIsLoggedIn } from '../features/auth/sessionSlice';
import { useGetBookmarksQuery } from '../features/bookmarks/bookmarksApi';
import { BookmarkToggle, removeBookmarkIfBookmarked } from '../features/bookmarks/components/BookmarkToggle';
import { PostCardExtrasContext, type PostCardExtras } from '../features/posts/components/postCardExtras';

/** Post cards with bookmarks: the toggle among their actions, and a bookmark removed before a delete. */
const WITH_BOOKMARKS: PostCardExtras = { BookmarkToggle, beforeDelete: removeBookmarkIfBookmarked };

/**
 * Where pages show post cards, they compose the posts and bookmarks features here. The member's
 * bookmarks are loaded here too, so every card's toggle is right on any page.
 */
export function WithPostCardExtras({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  useGetBookmarksQuery(loggedIn ? undefined : skipToken);
  return <PostCardExtrasContext.Provider value={WITH_BOOKMARKS}>{children}</PostCardExtrasContext.Provider>;
}
