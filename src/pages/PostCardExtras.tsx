import type { ReactNode } from 'react';
import { BookmarkToggle, removeBookmarkIfBookmarked } from '../features/bookmarks/components/BookmarkToggle';
import { PostCardExtrasContext, type PostCardExtras } from '../features/posts/components/postCardExtras';
import { MemberMenu } from '../features/relations/components/MemberMenu';
import { PinToggle } from '../features/pins/components/PinToggle';
import { RepostActions } from '../features/reposts/components/RepostActions';

/**
 * Post cards with bookmarks (the toggle among their actions, and a bookmark removed before a delete),
 * a pin on the member's own posts, the Repost menu (repost, quote) and a menu to mute or block the author.
 */
const WITH_BOOKMARKS: PostCardExtras = { BookmarkToggle, MemberMenu, PinToggle, RepostActions, beforeDelete: removeBookmarkIfBookmarked };

/**
 * Where pages show post cards, they compose the posts and bookmarks features here. A card's toggle
 * reads the member's record (its bookmark ids), which the member's shell loads, so no page needs the
 * bookmarked posts themselves but Bookmarks.
 */
export function WithPostCardExtras({ children }: { children: ReactNode }) {
  return <PostCardExtrasContext.Provider value={WITH_BOOKMARKS}>{children}</PostCardExtrasContext.Provider>;
}
