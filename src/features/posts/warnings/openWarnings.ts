import { useCallback, useSyncExternalStore } from 'react';
import { browserStorage } from '../../../lib/browserStorage';

/** Where the browser keeps the member's choice to see every post behind a content warning opened. */
export const OPEN_WARNINGS_KEY = 'socialconnect.openWarnings';

/** The controls and cards of this tab that follow the choice, told when it changes here. */
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // A choice made in another tab: this one follows it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === OPEN_WARNINGS_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** What the page holds while the browser refuses to keep anything: the choice lasts as long as the page. */
let unkept: boolean | undefined;

function current(): boolean {
  if (unkept !== undefined) return unkept;
  try {
    return browserStorage()?.getItem(OPEN_WARNINGS_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * Whether the member chose to see posts behind a content warning opened (a setting of this browser,
 * beside the theme), and how to change it: at once, in every card and in the member's other tabs.
 */
export function useOpenWarnings(): [boolean, (open: boolean) => void] {
  const open = useSyncExternalStore(subscribe, current, () => false);
  const choose = useCallback((next: boolean) => {
    try {
      const storage = browserStorage();
      if (next) storage?.setItem(OPEN_WARNINGS_KEY, 'true');
      else storage?.removeItem(OPEN_WARNINGS_KEY);
      unkept = storage ? undefined : next;
    } catch {
      unkept = next;
    }
    for (const listener of listeners) listener();
  }, []);
  return [open, choose];
}
