/**
 * The feed loads a sort choice started (by request id): they load the order chosen, not a fresh
 * feed. Kept apart from the sort itself so that the store can ask without loading the posts' API.
 */
const SORT_LOADS = new Set<string>();

/** Whether a load of the feed was started by the member choosing a sort. */
export function isSortLoad(requestId: string): boolean {
  return SORT_LOADS.has(requestId);
}

/** Marks a load as a sort choice's while it is under way; returns how to unmark it. */
export function markSortLoad(requestId: string): () => void {
  SORT_LOADS.add(requestId);
  return () => {
    SORT_LOADS.delete(requestId);
  };
}
