import { useCallback, useSyncExternalStore } from 'react';
import { browserStorage } from '../../lib/browserStorage';
import { readThemeChoice, showThemeChoice, shownThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from './themeChoice';

/** The controls of this tab that show the choice, told when it changes here. */
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // A choice made in another tab: this one follows it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    showThemeChoice(document.documentElement, readThemeChoice(browserStorage));
    onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

// What the page shows is the choice in force: /theme.js put the kept one there before the first paint,
// and a choice the browser would not keep (storage refused) still holds for the page.
const current = () => shownThemeChoice(document.documentElement);

/**
 * The member's theme choice and how to change it. A change shows at once, is kept by the browser for
 * the next visit, and reaches the member's other tabs. Where storage is refused, it still shows here.
 */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(subscribe, current, (): ThemeChoice => 'system');
  const choose = useCallback((next: ThemeChoice) => {
    try {
      if (next === 'system') browserStorage()?.removeItem(THEME_STORAGE_KEY);
      else browserStorage()?.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage refused (a full quota, a locked-down browser): the choice lasts as long as the page.
    }
    showThemeChoice(document.documentElement, next);
    listeners.forEach((listener) => listener());
  }, []);
  return [choice, choose];
}
