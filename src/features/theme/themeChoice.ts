/**
 * The member's colour theme: light, dark, or the system's (the default). The choice is the browser's,
 * kept in localStorage; the page shows it through one attribute on <html>, `data-theme`, which the
 * styles read (global.css, boot.css). With no attribute the styles follow `prefers-color-scheme`, so
 * "system" needs no script at all and follows the system as it changes.
 *
 * Also built alone as /theme.js (boot.ts), which runs in the page's head before the first paint.
 */
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;

export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** Where the browser keeps the choice. */
export const THEME_STORAGE_KEY = 'theme';

/** The attribute of <html> that holds an explicit choice. */
export const THEME_ATTRIBUTE = 'data-theme';

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

/** The stored choice, or 'system' when there is none, it is not one of the three, or storage is refused. */
export function readThemeChoice(storage: () => Storage | undefined): ThemeChoice {
  try {
    const stored = storage()?.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Puts the choice on the page: light and dark as the attribute, system as none. */
export function showThemeChoice(root: HTMLElement, choice: ThemeChoice): void {
  if (choice === 'system') root.removeAttribute(THEME_ATTRIBUTE);
  else root.setAttribute(THEME_ATTRIBUTE, choice);
}

/** The choice the page shows now: what showThemeChoice last put on it. */
export function shownThemeChoice(root: HTMLElement): ThemeChoice {
  const shown = root.getAttribute(THEME_ATTRIBUTE);
  return isThemeChoice(shown) ? shown : 'system';
}
