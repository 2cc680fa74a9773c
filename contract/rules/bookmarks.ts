/** A member's bookmarks. */
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import type { PostRow, StoreReader } from '../store';
import type { TokenClaims } from '../tokens';
import { settled } from './posts';
import { visibleOriginal } from './relations';

/** The bookmarked posts, most recently bookmarked first (all of them: the routes leave out what a block hides). */
export async function listBookmarks(reader: StoreReader, memberId: string): Promise<PostRow[]> {
  const ids = (await reader.bookmarkLists([memberId])).get(memberId) ?? [];
  const posts = new Map((await reader.postsByIds(ids)).map((post) => [post.id, post]));
  return ids.flatMap((id) => posts.get(id) ?? []).reverse();
}

export async function addBookmark(ctx: RuleContext, memberId: string, postId: string): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const post = await visibleOriginal(tx, postId, memberId);
    if (await tx.isBookmarked(memberId, post.id)) throw refusal('alreadyBookmarked');
    await tx.setBookmark(memberId, post.id, true);
    await tx.emit({ type: 'bookmark-changed', memberId, postId: post.id, bookmarked: true });
  });
}

export async function removeBookmark(ctx: RuleContext, memberId: string, postId: string): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const post = await visibleOriginal(tx, postId, memberId);
    if (!(await tx.isBookmarked(memberId, post.id))) throw refusal('notBookmarked');
    await tx.setBookmark(memberId, post.id, false);
    await tx.emit({ type: 'bookmark-changed', memberId, postId: post.id, bookmarked: false });
  });
}

/**
 * addBookmark or removeBookmark in one statement, for a store that has it (Store.oneStatement), from a
 * token whose signature is verified: whether it was done, or false when the store leaves the call
 * to the rules above.
 */
export async function bookmarkInOneStatement(ctx: RuleContext, claims: TokenClaims, postId: string, bookmarked: boolean): Promise<boolean> {
  const writes = ctx.store.oneStatement;
  if (!writes) return false;
  return settled(await writes.bookmark(claims, { postId, bookmarked })) === true;
}
