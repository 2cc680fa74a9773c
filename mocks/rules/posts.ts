/** Posts: reading, writing, editing, deleting, liking and disliking. */
import type { Db, PostRecord, UserRecord } from '../db';
import type { RuleContext } from './context';
import { refusal } from '../../contract/errors';
import { isRecord, optionalString, requireObject, requireString, validateImageDataUrl, validatePostText } from '../../contract/validation';

/** Newest first; ties broken by id so the order is stable. */
export function byNewest(a: PostRecord, b: PostRecord): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function listPosts(db: Db): PostRecord[] {
  return [...db.posts.values()].sort(byNewest);
}

export function findPost(db: Db, postId: string): PostRecord {
  const post = db.posts.get(postId);
  if (!post) throw refusal('postNotFound');
  return post;
}

/** A member's posts, newest first; the username is matched ignoring case. */
export function listPostsOfUsername(db: Db, username: string): PostRecord[] {
  const author = db.findUserByUsername(username);
  if (!author) throw refusal('userNotFound');
  return listPosts(db).filter((post) => post.authorId === author.id);
}

function postData(rawBody: unknown): Record<string, unknown> {
  const body = requireObject(rawBody);
  if (!isRecord(body.postData)) throw refusal('invalidBody');
  return body.postData;
}

/**
 * Creates a post from `{ postData: { text, image?, previewImage? } }`. `image` is a data URL or empty;
 * `previewImage` is the client's own preview and is ignored.
 */
export function createPost(ctx: RuleContext, author: UserRecord, rawBody: unknown): PostRecord {
  const data = postData(rawBody);
  const text = validatePostText(optionalString(data, 'text') ?? '');
  const rawImage = optionalString(data, 'image') ?? '';
  const image = rawImage === '' ? '' : validateImageDataUrl(rawImage);
  if (text === '' && image === '') throw refusal('postEmpty');

  const timestamp = ctx.now().toISOString();
  const post: PostRecord = {
    id: ctx.newId(),
    authorId: author.id,
    content: text,
    postImage: image,
    likedBy: [],
    dislikedBy: [],
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  ctx.db.posts.set(post.id, post);
  return post;
}

/** Replaces a post's text from `{ postData: { text } }`; only its author may. */
export function editPost(ctx: RuleContext, member: UserRecord, postId: string, rawBody: unknown): PostRecord {
  const data = postData(rawBody);
  const rawText = requireString(data, 'text');
  const post = findPost(ctx.db, postId);
  if (post.authorId !== member.id) throw refusal('editNotOwner');
  const text = validatePostText(rawText);
  if (text === '' && post.postImage === '') throw refusal('postEmpty');
  post.content = text;
  post.updatedAt = ctx.now().toISOString();
  return post;
}

/** Deletes a post (only its author may) and drops it from every member's bookmarks. */
export function deletePost(ctx: RuleContext, member: UserRecord, postId: string): void {
  const post = findPost(ctx.db, postId);
  if (post.authorId !== member.id) throw refusal('deleteNotOwner');
  ctx.db.posts.delete(post.id);
  for (const user of ctx.db.users.values()) {
    if (user.bookmarks.includes(post.id)) user.bookmarks = user.bookmarks.filter((id) => id !== post.id);
  }
}

/** Like (spec section 4): joins likedBy, leaves dislikedBy; the like count follows likedBy. */
export function likePost(ctx: RuleContext, member: UserRecord, postId: string): PostRecord {
  const post = findPost(ctx.db, postId);
  if (post.likedBy.includes(member.id)) throw refusal('alreadyLiked');
  post.likedBy.push(member.id);
  post.dislikedBy = post.dislikedBy.filter((id) => id !== member.id);
  return post;
}

/**
 * Dislike (spec section 4): takes back the member's like (count - 1) and joins dislikedBy.
 * Refused with 'Cannot decrement like less than 0.' when the count is 0, and also when the member
 * has not liked the post: their dislike cannot decrement a count they did not add to, and the count
 * must always equal the number of members in likedBy.
 */
export function dislikePost(ctx: RuleContext, member: UserRecord, postId: string): PostRecord {
  const post = findPost(ctx.db, postId);
  if (post.likedBy.length === 0) throw refusal('likeBelowZero');
  if (post.dislikedBy.includes(member.id)) throw refusal('alreadyDisliked');
  if (!post.likedBy.includes(member.id)) throw refusal('likeBelowZero');
  post.likedBy = post.likedBy.filter((id) => id !== member.id);
  post.dislikedBy.push(member.id);
  return post;
}
