import type { Messages } from '@lingui/core';
import type { Locale } from './locales';

const CHUNKS: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Messages }>> = {
  de: () => import(/* webpackChunkName: "lang-de" */ './compiled/de'),
  pl: () => import(/* webpackChunkName: "lang-pl" */ './compiled/pl'),
  ar: () => import(/* webpackChunkName: "lang-ar" */ './compiled/ar'),
  'en-XA': () => import(/* webpackChunkName: "lang-en-XA" */ './compiled/en-XA'),
};

/**
 * A language's whole catalogue, compiled: a chunk of its own, downloaded once (a second call waits
 * for the same download). Apart from Lingui, so that the start-up can begin the download beside the
 * app's own chunks.
 */
export async function loadCatalogue(locale: Exclude<Locale, 'en'>): Promise<Messages> {
  return (await CHUNKS[locale]()).messages;
}
