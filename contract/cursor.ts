/**
 * Page cursors: opaque to clients, a position in a list to a store. A cursor is the key of the last
 * item a page showed, written as base64url JSON; a store reads back only what it wrote.
 */
import { refusal } from './errors';
import type { Orderable, PostOrder } from './order';

type Part = string | number;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** A cursor for the position after an item: `kind` names the list, `parts` the item's key. */
export function encodeCursor(kind: string, parts: readonly Part[]): string {
  return toBase64Url(JSON.stringify([kind, ...parts]));
}

/**
 * The key a cursor holds, checked against the kinds of its parts ('s' string, 'n' number); a
 * cursor of another list, another shape or no cursor at all is refused with a clear message.
 */
export function decodeCursor(cursor: string, kind: string, shape: ReadonlyArray<'s' | 'n'>): Part[] {
  const text = cursor.length <= 512 ? fromBase64Url(cursor) : undefined;
  let value: unknown;
  try {
    value = text === undefined ? undefined : JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!Array.isArray(value) || value[0] !== kind || value.length !== shape.length + 1) throw refusal('pageCursorInvalid');
  const parts = value.slice(1) as unknown[];
  parts.forEach((part, index) => {
    const ok = shape[index] === 's' ? typeof part === 'string' : typeof part === 'number' && Number.isFinite(part);
    if (!ok) throw refusal('pageCursorInvalid');
  });
  return parts as Part[];
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
