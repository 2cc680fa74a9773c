/**
 * What the service worker keeps (serviceWorker.ts): which kept page answers a page asked for with
 * the network gone, and which images it keeps once seen, with their cache (forgotten on logout).
 */
import { paths } from '../config/paths';

/** Paths that are never the app's pages: the server's API and its images. */
export const OUTSIDE_THE_APP = [/^\/api(\/|$)/, /^\/media(\/|$)/];

/** The kept copy of a page: the one the build wrote ahead for it (/login, /signup), or the app's index.html. */
export function keptPageFor(pathname: string): string {
  const page = pathname.replace(/\/+$/, '');
  // The pages the build writes ahead as HTML (webpack.config.js), by the app's own patterns.
  if (page === paths.login.pattern || page === paths.signup.pattern) return `${page}.html`;
  return '/index.html';
}

/** The images the service worker keeps once seen: members' uploads, and the seed's. */
export const KEPT_IMAGES = /^\/(media|images)\//;

/** Where the service worker keeps the images once seen; logging out deletes it. */
export const MEDIA_CACHE = 'socialconnect-media';

/** The most images kept, and for how long at most after they were kept. */
export const MEDIA_KEPT = { images: 300, days: 30 } as const;

/** Forgets the images kept (logging out); nothing where the browser keeps no caches (jest's DOM). */
export async function forgetKeptImages(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(MEDIA_CACHE);
}
