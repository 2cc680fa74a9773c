import { setupI18n, type Messages } from '@lingui/core';
import type { MessageId } from './catalogues/en';
import { messages as en } from './compiled/en';
import { keepLanguageChoice, showLanguage } from './languageChoice';
import type { Locale } from './locales';
import { browserStorage } from '../lib/browserStorage';

/**
 * The app's words in the member's language (Lingui, with catalogues compiled ahead: no message
 * parser in the bundle). English is in the first bundle; every other language is a chunk of its
 * own, loaded when first chosen.
 */
export const i18n = setupI18n({ locale: 'en', messages: { en } });

const CATALOGUE_CHUNKS: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Messages }>> = {
  de: () => import(/* webpackChunkName: "lang-de" */ './compiled/de'),
  pl: () => import(/* webpackChunkName: "lang-pl" */ './compiled/pl'),
  ar: () => import(/* webpackChunkName: "lang-ar" */ './compiled/ar'),
  'en-XA': () => import(/* webpackChunkName: "lang-en-XA" */ './compiled/en-XA'),
};

const loaded = new Set<Locale>(['en']);

/** Speaks `locale` from now on: its catalogue loaded first, then the page's `lang` and `dir` set, then every text on screen in it. */
export async function activateLanguage(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) {
    i18n.load(locale, (await CATALOGUE_CHUNKS[locale as Exclude<Locale, 'en'>]()).messages);
    loaded.add(locale);
  }
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

/** A text in the language the app speaks now; `values` fill its placeholders (counts in the language's number format). */
export function t(id: MessageId, values?: Record<string, string | number>): string {
  return i18n._(id, values);
}

/** Stands for the part a sentence sets apart (a link, names): no message holds it. */
const SET_APART = '\u0000';

/**
 * A sentence of the member's language around one part the caller renders itself (a link, names in
 * bold): the words before `placeholder` and after it, wherever the language puts it.
 */
export function tAround(id: MessageId, placeholder: string, values?: Record<string, string | number>): { before: string; after: string } {
  const sentence = t(id, { ...values, [placeholder]: SET_APART });
  const at = sentence.indexOf(SET_APART);
  return { before: sentence.slice(0, at), after: sentence.slice(at + SET_APART.length) };
}

/** Calls `listener` whenever the app speaks another language; returns how to stop. */
export function onLanguageChange(listener: () => void): () => void {
  return i18n.on('change', listener);
}
