import type { Messages } from '@lingui/core';
import type { Locale } from './locales';

/**
 * A compiled catalogue as imported: JSON in Lingui's compiled form, as `npm run i18n:compile` writes
 * it from the typed catalogues (a unit test fails while a compiled file is behind its catalogue).
 */
export function messagesOf(compiled: object): Messages {
  return compiled as Messages;
}

const CHUNKS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: object }>> = {
  de: () => import(/* webpackChunkName: "lang-de" */ './compiled/de.json'),
  pl: () => import(/* webpackChunkName: "lang-pl" */ './compiled/pl.json'),
  ar: () => import(/* webpackChunkName: "lang-ar" */ './compiled/ar.json'),
  'en-XA': () => import(/* webpackChunkName: "lang-en-XA" */ './compiled/en-XA.json'),
};

/**
 * A language's whole catalogue, compiled: a chunk of its own, downloaded once (a second call waits
 * for the same download). Apart from Lingui, so that the start-up can begin the download beside the
 * app's own chunks.
 */
export async function loadCatalogue(locale: Exclude<Locale, 'en'>): Promise<Messages> {
  return messagesOf((await CHUNKS[locale]()).default);
}
