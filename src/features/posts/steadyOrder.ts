import { useMemo, useState } from 'react';
import type { Post } from '../../types/api';

/** Past this many newcomers at once (a first load, a new page of posts), the list is simply re-sorted. */
const MANY_NEWCOMERS = 50;

/**
 * The ids to show, in the order already on screen: ids no longer there drop out, ids already shown
 * keep their places, and newcomers go in after the id that precedes them in `sorted`. Returns
 * `previous` itself when nothing changed.
 */
export function steadyOrder(previous: readonly string[], sorted: readonly string[]): readonly string[] {
  const present = new Set(sorted);
  const kept = previous.filter((id) => present.has(id));
  if (kept.length === 0 || sorted.length - kept.length > MANY_NEWCOMERS) return sorted;
  if (kept.length === sorted.length) return kept.length === previous.length ? previous : kept;
  const placed = new Set(kept);
  const result = [...kept];
  sorted.forEach((id, index) => {
    if (placed.has(id)) return;
    const before = index === 0 ? -1 : result.indexOf(sorted[index - 1]!);
    result.splice(before + 1, 0, id);
    placed.add(id);
  });
  return result;
}

/**
 * Nothing moves under the member's pointer (design card): `sorted` is shown in its order when the
 * list first shows and whenever `orderKey` changes (the member chose a sort); in between, a like, a
 * dislike or a bookmark changes a card where it is, and new or removed posts change only their own place.
 */
export function useSteadyOrder(sorted: readonly Post[], orderKey: string): readonly Post[] {
  const sortedIds = useMemo(() => sorted.map((post) => post.id), [sorted]);
  const [shown, setShown] = useState<{ key: string; ids: readonly string[] }>({ key: orderKey, ids: sortedIds });
  const ids = shown.key === orderKey ? steadyOrder(shown.ids, sortedIds) : sortedIds;
  // Derived while rendering (React's pattern for state that follows props): settles in one pass.
  if (shown.key !== orderKey || ids !== shown.ids) setShown({ key: orderKey, ids });
  return useMemo(() => {
    const byId = new Map(sorted.map((post) => [post.id, post]));
    const inOrder = ids.map((id) => byId.get(id)).filter((post): post is Post => post !== undefined);
    return inOrder.every((post, index) => post === sorted[index]) ? sorted : inOrder;
  }, [ids, sorted]);
}
