/**
 * The three orders of a list of posts (spec section 4: latest, oldest, trending), defined once: the
 * app sorts with these comparators, and both backends page in the same order.
 */

export type PostOrder = 'latest' | 'oldest' | 'trending';

export const POST_ORDERS: readonly PostOrder[] = ['latest', 'oldest', 'trending'];

/** What an order looks at. */
export interface Orderable {
  id: string;
  createdAt: string;
  likeCount: number;
}

/** Milliseconds since the epoch of a creation time; 0 when it is unreadable. */
export function timeOf(createdAt: string): number {
  const time = Date.parse(createdAt);
  return Number.isNaN(time) ? 0 : time;
}

function byId(a: Pick<Orderable, 'id'>, b: Pick<Orderable, 'id'>): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Latest: newest first, ties by id. */
export function compareLatest(a: Orderable, b: Orderable): number {
  return timeOf(b.createdAt) - timeOf(a.createdAt) || byId(a, b);
}

/** Oldest: oldest first, ties by id. */
export function compareOldest(a: Orderable, b: Orderable): number {
  return timeOf(a.createdAt) - timeOf(b.createdAt) || byId(a, b);
}

/** Trending: most likes first; newest first among equals. */
export function compareTrending(a: Orderable, b: Orderable): number {
  return b.likeCount - a.likeCount || compareLatest(a, b);
}

export const ORDER_COMPARATORS: Readonly<Record<PostOrder, (a: Orderable, b: Orderable) => number>> = {
  latest: compareLatest,
  oldest: compareOldest,
  trending: compareTrending,
};
