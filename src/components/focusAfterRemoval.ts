/** How long an item that should leave the page is watched for: past this, its removal is not coming. */
const WATCH_MS = 10_000;

/** Marks what stands for a list once its last item has left (its empty text): focus goes there then. */
export const EMPTY_LIST_ATTRIBUTE = 'data-empty-list';

export interface FocusAfterRemovalOptions {
  /** The list's items in order, the leaving one among them. */
  items: readonly HTMLElement[];
  /** What takes focus in an item (a button of it); the item itself when absent. */
  target?: (item: HTMLElement) => HTMLElement | null;
  /** Where the list is: what stands for it once it is empty is looked for there (else focus goes to the page's main). */
  within: HTMLElement;
}

/** Runs `then` once `element` has left the page (at once if it has already). */
function whenGone(element: HTMLElement, then: () => void): void {
  if (!element.isConnected) {
    then();
    return;
  }
  const observer = new MutationObserver(() => {
    if (element.isConnected) return;
    observer.disconnect();
    clearTimeout(giveUp);
    then();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const giveUp = setTimeout(() => observer.disconnect(), WATCH_MS);
}

/**
 * When an item leaves a list (a post or a reply deleted, a member unmuted), the focus it held would
 * fall to the page: it goes to the item after it instead, or the one before when it was the last, or
 * to what stands for the list once it is empty. Taken before the removal is asked for, while the list
 * is as the member sees it; what it returns is called once the backend agreed, and moves the focus as
 * the item leaves the page, unless the member has put it somewhere else meanwhile.
 */
export function focusAfterRemoval(leaving: HTMLElement, { items, target, within }: FocusAfterRemovalOptions): () => void {
  const index = items.indexOf(leaving);
  const after = index < 0 ? [] : items.slice(index + 1);
  const before = index < 0 ? [] : items.slice(0, index).reverse();
  const candidates = [...after, ...before];
  return () => whenGone(leaving, () => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const next = candidates.find((item) => item.isConnected);
    const place = next ? (target?.(next) ?? next) : (within.querySelector<HTMLElement>(`[${EMPTY_LIST_ATTRIBUTE}]`) ?? document.querySelector<HTMLElement>('main'));
    place?.focus();
  });
}
