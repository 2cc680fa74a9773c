/**
 * The service worker of builds with the stand-in (webpack's InjectManifest writes it as /sw.js, the
 * build's files listed in `__WB_MANIFEST`): one worker on the app's scope that is both the stand-in's
 * (MSW's public/mockServiceWorker.js, imported at the end, hands the API's calls to the stand-in in
 * the page) and the app's keeper, so that the demo opens with the network gone as a real build does
 * (serviceWorker.ts). Its own listeners come first, and a call they answer goes no further:
 *
 * - It keeps what the member's visits loaded, not the whole build: the pages (index.html, and
 *   /login and /signup as the build wrote them ahead), the files the page loaded before the worker
 *   was in charge (the stand-in names them once it has started: KEEP_LOADED), and each of the
 *   build's files fetched through it since. So the demo opens offline where it was used, a page never
 *   opened still says its code could not load, and nothing more is downloaded for it.
 * - A page is asked of the network first, and only with the network gone answered from what was
 *   kept; the build's files (their names change with their content) from what was kept first. The
 *   seed's images, once seen, are kept too.
 * - MSW's worker takes over at once on install and unregisters itself when its last tab closes. Here
 *   neither: a new version installs beside the one in charge and takes over only once every tab of
 *   the app has closed (never under a member who is typing, nor with a page whose files it no longer
 *   has), and the worker stays, so the next visit opens offline. The first version, with none before
 *   it, is in charge at once (MSW's activate claims the open tab).
 */
import { keptPageFor, OUTSIDE_THE_APP } from './keptPages';
import { KEEP_LOADED, type KeepLoaded } from './standInKeeping';

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}

interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}

declare const self: {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  addEventListener(type: 'install' | 'activate' | 'fetch' | 'message', listener: (event: Event & { data?: unknown }) => void): void;
};
declare function importScripts(...urls: string[]): void;

const entries = self.__WB_MANIFEST.map((entry) => (typeof entry === 'string' ? { url: entry, revision: null } : entry));

/** Where the app's files of a build are kept: its name changes with any of them. */
const APP_FILES = 'socialconnect-stand-in-app-';
const appFiles = `${APP_FILES}${fingerprint(entries)}`;
/** The seed's images once seen (the stand-in keeps members' uploads itself, as data), and where. */
const SEED_IMAGES = /^\/images\//;
const IMAGES = 'socialconnect-stand-in-images';

/** The app's files by path: /static/js/main.1a2b3c4d.js, /index.html. */
const appPaths = new Set(entries.map((entry) => new URL(entry.url, self.location.href).pathname));

/** A short fingerprint of the manifest (FNV-1a): a new build's files go into a cache of their own. */
function fingerprint(list: PrecacheEntry[]): string {
  let hash = 0x811c9dc5;
  for (const { url, revision } of list) {
    for (const char of `${url}@${revision ?? ''};`) {
      hash ^= char.charCodeAt(0);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  }
  return hash.toString(36);
}

/** Keeps the pages and the build's files among `urls` (those the page loaded, from the HTTP cache mostly). */
async function keep(urls: readonly string[]): Promise<void> {
  const cache = await caches.open(appFiles);
  const paths = new Set(['/index.html', keptPageFor('/login'), keptPageFor('/signup')]);
  for (const url of urls) {
    const { origin, pathname } = new URL(url, self.location.href);
    if (origin === self.location.origin && appPaths.has(pathname)) paths.add(pathname);
  }
  for (const path of paths) {
    if (await cache.match(path)) continue;
    const response = await fetch(path).catch(() => undefined);
    if (response?.ok) await cache.put(path, response);
  }
}

/** Caches of earlier builds go once this one is in charge (no tab of theirs is left by then). */
async function forgetOlderBuilds(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(APP_FILES) && name !== appFiles).map((name) => caches.delete(name)));
}

async function pageAnswer(request: Request, pathname: string): Promise<Response> {
  try {
    return await fetch(request);
  } catch (failure) {
    const kept = await caches.match(keptPageFor(pathname), { cacheName: appFiles });
    if (kept) return kept;
    throw failure;
  }
}

async function keptOrFetched(request: Request, cacheName: string, key: string): Promise<Response> {
  const kept = await caches.match(key, { cacheName });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(cacheName).then((cache) => cache.put(key, copy)).catch(() => undefined);
  }
  return response;
}

self.addEventListener('install', (event) => {
  // MSW's own install listener would take over at once (skipWaiting).
  event.stopImmediatePropagation();
});

self.addEventListener('activate', (event) => {
  (event as ExtendableEvent).waitUntil(forgetOlderBuilds());
});

self.addEventListener('message', (raw) => {
  const event = raw as ExtendableEvent & { data?: unknown };
  // MSW's worker unregisters itself when its last tab says it closes: kept, the app opens offline next time.
  if (event.data === 'CLIENT_CLOSED') event.stopImmediatePropagation();
  const asked = event.data as Partial<KeepLoaded> | undefined;
  if (asked?.type === KEEP_LOADED && Array.isArray(asked.urls)) {
    event.stopImmediatePropagation();
    event.waitUntil(keep(asked.urls.filter((url): url is string => typeof url === 'string')).catch(() => undefined));
  }
});

self.addEventListener('fetch', (raw) => {
  const event = raw as FetchEvent;
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (OUTSIDE_THE_APP.some((pattern) => pattern.test(url.pathname))) return;
    event.stopImmediatePropagation();
    event.respondWith(pageAnswer(request, url.pathname));
  } else if (appPaths.has(url.pathname)) {
    event.stopImmediatePropagation();
    event.respondWith(keptOrFetched(request, appFiles, url.pathname));
  } else if (SEED_IMAGES.test(url.pathname)) {
    event.stopImmediatePropagation();
    event.respondWith(keptOrFetched(request, IMAGES, url.pathname));
  }
});

importScripts('/mockServiceWorker.js');
