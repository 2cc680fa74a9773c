/**
 * Page cursors: opaque to clients, a position in a list to a store. A cursor is the key of the last
 * item a page showed, written as base64url JSON; a store reads back only what it wrote.
 */
import { base64url } from 'jose';
import { refusal } from './errors';
import type { Orderable, PostOrder } from './order';
import type { Page, PageRequest } from './store';

type Part = string | number;

/**
 * What a cursor holds, or undefined when it is not one a store wrote: cursors are unpadded
 * base64url of UTF-8 JSON, so padding, white space and other characters (which jose's decoder
 * would pass over) are refused before decoding.
 */
function readCursor(cursor: string): unknown {
  if (cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64url.decode(cursor)));
  } catch {
    return undefined;
  }
}

/** A cursor for the position after an item: `kind` names the list, `parts` the item's key. */
export function encodeCursor(kind: string, parts: readonly Part[]): string {
  return base64url.encode(JSON.stringify([kind, ...parts]));
}

/**
 * The key a cursor holds, checked against the kinds of its parts ('s' string, 'n' number); a
 * cursor of another list, another shape or no cursor at all is refused with a clear message.
 */
export function decodeCursor(cursor: string, kind: string, shape: ReadonlyArray<'s' | 'n'>): Part[] {
  const value = readCursor(cursor);
  if (!Array.isArray(value) || value[0] !== kind || value.length !== shape.length + 1) throw refusal('pageCursorInvalid');
  const parts = value.slice(1) as unknown[];
  parts.forEach((part, index) => {
    const ok = shape[index] === 's' ? typeof part === 'string' : typeof part === 'number' && Number.isFinite(part);
    if (!ok) throw refusal('pageCursorInvalid');
  });
  return parts as Part[];
}

/**
 * A page of ids, the last added first: a cursor is the last id shown and its place, in case it left
 * the list since. `kind` names the list, so a cursor of another list is refused.
 */
export function latestFirst(kind: string, list: readonly string[], { limit, cursor }: PageRequest): Page<string> {
  const ids = [...list].reverse();
  let start = 0;
  if (cursor !== undefined) {
    const [id, place] = decodeCursor(cursor, kind, ['s', 'n']);
    const found = ids.indexOf(String(id));
    start = found >= 0 ? found + 1 : Math.max(0, Number(place));
  }
  const items = ids.slice(start, start + limit);
  const end = start + items.length;
  const lastId = items[items.length - 1];
  return { items, nextCursor: end < ids.length && lastId ? encodeCursor(kind, [lastId, end]) : null };
}

/** A cursor for the position after `post` in a list of posts in `order` (what the order looks at). */
export function postCursor(order: PostOrder, post: Orderable): string {
  return encodeCursor(`posts:${order}`, order === 'trending' ? [post.likeCount, post.createdAt, post.id] : [post.createdAt, post.id]);
}

/** The position a post cursor of `order` holds; likeCount is 0 where the order does not look at likes. */
export function postCursorKey(order: PostOrder, cursor: string): Orderable {
  if (order === 'trending') {
    const [likeCount, createdAt, id] = decodeCursor(cursor, `posts:${order}`, ['n', 's', 's']);
    return { likeCount: Number(likeCount), createdAt: String(createdAt), id: String(id) };
  }
  const [createdAt, id] = decodeCursor(cursor, `posts:${order}`, ['s', 's']);
  return { likeCount: 0, createdAt: String(createdAt), id: String(id) };
}

/** A cursor for the position after a reply in its post's list, oldest first. */
export function replyCursor(reply: { createdAt: string; id: string }): string {
  return encodeCursor('replies', [reply.createdAt, reply.id]);
}

/** The position a reply cursor holds. */
export function replyCursorKey(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = decodeCursor(cursor, 'replies', ['s', 's']);
  return { createdAt: String(createdAt), id: String(id) };
}

/** A cursor for the position after a notification in its member's list: its place in the store's order. */
export function notificationCursor(place: number): string {
  return encodeCursor('notifications', [place]);
}

/** The place a notification cursor holds. */
export function notificationCursorKey(cursor: string): number {
  const [place] = decodeCursor(cursor, 'notifications', ['n']);
  if (!Number.isSafeInteger(place) || Number(place) < 0) throw refusal('pageCursorInvalid');
  return Number(place);
}
