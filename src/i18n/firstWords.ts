import { setupI18n } from '@lingui/core';
import { useCallback, useSyncExternalStore } from 'react';
import type { FirstMessageId } from './catalogues/en';
import { loadCatalogue, messagesOf } from './catalogueChunks';
import firstEnglish from './compiled/en-first.json';
import { keepLanguageChoice, showLanguage } from './languageChoice';
import type { Locale } from './locales';
import { browserStorage } from '../lib/browserStorage';

/**
 * The app's words in the member's language (Lingui, with catalogues compiled ahead: no message
 * parser in the bundle). The first bundle holds Lingui and the English words of the pages a visitor
 * opens first (/login, /signup, the shell, the error pages); the member's app brings the rest of
 * English (./i18n.ts); every other language is a chunk of its own, whole, loaded when first chosen.
 */
// A copy: the member's English is added to it (Lingui merges a catalogue loaded later into the one it holds).
export const i18n = setupI18n({ locale: 'en', messages: { en: messagesOf({ ...firstEnglish }) } });

const loaded = new Set<Locale>(['en']);

/** Loads `locale`'s catalogue, once, without speaking it yet. */
export async function loadLanguage(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  i18n.load(locale, await loadCatalogue(locale as Exclude<Locale, 'en'>));
  loaded.add(locale);
}

/** Speaks `locale` from now on: its catalogue loaded first, then the page's `lang` and `dir` set, then every text on screen in it. */
export async function activateLanguage(locale: Locale): Promise<void> {
  await loadLanguage(locale);
  showLanguage(document.documentElement, locale);
  i18n.activate(locale);
}

/** Speaks `locale` from now on in this browser: kept, so reloads and other tabs open in it too. */
export async function chooseLanguage(locale: Locale): Promise<void> {
  await activateLanguage(locale);
  keepLanguageChoice(browserStorage, locale);
}

/** A number as the language spoken writes it: the form `#` takes in a message ('1,200', '1200', '12 000'). */
export function formatNumber(value: number): string {
  return i18n.number(value);
}

/** The language the app speaks now. */
export function currentLanguage(): Locale {
  return i18n.locale as Locale;
}

/** Calls `listener` whenever the app speaks another language; returns how to stop. */
export function onLanguageChange(listener: () => void): () => void {
  return i18n.on('change', listener);
}

/** A text of the first pages in the language the app speaks now; `values` fill its placeholders. */
export function t(id: FirstMessageId, values?: Record<string, string | number>): string {
  return i18n._(id, values);
}

/** The language the app speaks, for a component that formats dates or numbers itself; it renders again on a switch. */
export function useLanguage(): Locale {
  return useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
}

/**
 * A `t` for a component that shows text, typed for the words it may use: it renders again in the
 * new language when the member switches.
 */
export function useWords<Id extends string>(): (id: Id, values?: Record<string, string | number>) => string {
  const locale = useLanguage();
  // A new function per language, so that memoised children that take it render again too.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((id: Id, values?: Record<string, string | number>) => i18n._(id, values), [locale]);
}

/** `t` for a component of the first pages. */
export function useT(): typeof t {
  return useWords<FirstMessageId>();
}
