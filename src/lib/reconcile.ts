import { jsonEqual } from './jsonEqual';

/**
 * Writing answers into the cache keeps the objects of items that did not change, so a memoized view
 * of one item (a post's card) re-renders only when that item did.
 */

/** `next`, reusing every object of `prev` equal to its new version (matched by id); `prev` itself when nothing changed. */
export function reconcileList<T extends { id: string }>(prev: readonly T[] | undefined, next: readonly T[]): T[] {
  if (!prev || prev.length === 0) return next.slice();
  const byId = new Map<string, T>();
  for (const item of prev) byId.set(item.id, item);
  let same = prev.length === next.length;
  const result = next.map((item, index) => {
    const old = byId.get(item.id);
    const kept = old && jsonEqual(old, item) ? old : item;
    if (kept !== prev[index]) same = false;
    return kept;
  });
  return same ? (prev as T[]) : result;
}

/** One item's new version, or the old object when nothing changed. */
export function reconcileItem<T>(prev: T | undefined, next: T): T {
  return prev !== undefined && jsonEqual(prev, next) ? prev : next;
}
