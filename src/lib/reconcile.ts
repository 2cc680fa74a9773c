import { copyWithStructuralSharing } from '@reduxjs/toolkit/query';

/**
 * `next`, reusing every object of `prev` equal to its new version; `prev` itself when nothing changed.
 * Writing answers into the cache this way keeps the objects of items that did not change, so a
 * memoized view of one item (a post's card) re-renders only when that item did. RTK Query's
 * structural sharing keeps what is deep-equal; the items are matched by id, so a post that moved (a
 * new one came before it) keeps its object too.
 */
export function reconcileList<T extends { id: string }>(prev: readonly T[] | undefined, next: readonly T[]): T[] {
  const byId = new Map(prev?.map((item) => [item.id, item]));
  const result = next.map((item) => copyWithStructuralSharing(byId.get(item.id), item));
  const same = prev?.length === result.length && result.every((item, index) => item === prev[index]);
  return same ? (prev as T[]) : result;
}
