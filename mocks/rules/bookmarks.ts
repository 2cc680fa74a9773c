/** A member's bookmarks. */
import type { Db, PostRecord, UserRecord } from '../db';
import type { RuleContext } from './context';
import { refusal } from '../../contract/errors';
import { findPost } from './posts';

/** The bookmarked posts, most recently bookmarked first. */
export function listBookmarks(db: Db, member: UserRecord): PostRecord[] {
  const posts: PostRecord[] = [];
  for (const id of member.bookmarks) {
    const post = db.posts.get(id);
    if (post) posts.unshift(post);
  }
  return posts;
}

export function addBookmark(ctx: RuleContext, member: UserRecord, postId: string): void {
  const post = findPost(ctx.db, postId);
  if (member.bookmarks.includes(post.id)) throw refusal('alreadyBookmarked');
  member.bookmarks.push(post.id);
}

export function removeBookmark(ctx: RuleContext, member: UserRecord, postId: string): void {
  if (!member.bookmarks.includes(postId)) {
    findPost(ctx.db, postId);
    throw refusal('notBookmarked');
  }
  member.bookmarks = member.bookmarks.filter((id) => id !== postId);
}
