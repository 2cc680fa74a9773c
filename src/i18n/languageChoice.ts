import { browserLanguage, isLocale, languageAskedFor, LOCALE_DIRECTIONS, type Locale } from './locales';

/**
 * The language chosen in this browser, kept in localStorage as the theme is: a choice made in QA's
 * workbench, or a language asked for by the address (`?lang=`), holds across reloads and tabs.
 */
export const LANGUAGE_STORAGE_KEY = 'language';

/** The kept choice; undefined when there is none, it names no language the app speaks, or storage is refused. */
export function readLanguageChoice(storage: () => Storage | undefined): Locale | undefined {
  try {
    const kept = storage()?.getItem(LANGUAGE_STORAGE_KEY);
    return typeof kept === 'string' && isLocale(kept) ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `locale` as the browser's choice; storage that is full or refused keeps it for this page alone. */
export function keepLanguageChoice(storage: () => Storage | undefined, locale: Locale): void {
  try {
    storage()?.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // The page speaks it all the same, until it is reloaded.
  }
}

/**
 * The language a page starts in: the one its address asks for, else the one chosen in this browser,
 * else the first of the browser's languages the app speaks, else English.
 */
export function startingLanguage(search: string, storage: () => Storage | undefined, languages: readonly string[]): Locale {
  return languageAskedFor(search) ?? readLanguageChoice(storage) ?? browserLanguage(languages) ?? 'en';
}

/** Puts a language on the page (`<html lang dir>`): screen readers speak it, and the layout runs its way. */
export function showLanguage(root: HTMLElement, locale: Locale): void {
  root.lang = locale;
  root.dir = LOCALE_DIRECTIONS[locale];
}

/** How long a page built ahead keeps its words hidden for the member's language at most, as a font's block period. */
export const WORDS_WAIT_MS = 3000;

/**
 * Marks the page (`data-words-coming` on <html>) as waiting for the words of `locale`: a page built
 * ahead is in English, and its words wait hidden, in place (boot.css), until the app speaks the
 * member's language, so the page does not jump from English lines to theirs. After WORDS_WAIT_MS
 * the page shows as built. English waits for nothing.
 */
export function awaitWords(root: HTMLElement, locale: Locale): void {
  if (locale === 'en') return;
  root.dataset.wordsComing = '';
  setTimeout(() => wordsHere(root), WORDS_WAIT_MS);
}

/** The page's words are the ones to show (the member's language, or English if theirs could not come): it shows them. */
export function wordsHere(root: HTMLElement): void {
  delete root.dataset.wordsComing;
}
