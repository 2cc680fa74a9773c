/**
 * The app's service worker, in builds for a real server (webpack's InjectManifest writes it as
 * /sw.js with the build's files listed in `__WB_MANIFEST`). It keeps the app itself: every script,
 * style and page the build wrote, fetched once after the first visit, so the app opens with the
 * network gone instead of the browser's error page. A page is asked of the network first (the
 * server's answer is the fresh one, with its status); only when the network fails does the kept
 * copy answer: /login and /signup as the build wrote them ahead, every other page the app's
 * index.html. Calls to /api are never answered from here (what a member has seen is kept by the
 * app itself, per member: keptReads.ts). Images, once seen, are kept (members' under /media, whose
 * address never names another image, and the seed's under /images) and shown from here, so what was
 * seen shows its pictures offline too; logging out forgets them (MEDIA_CACHE).
 *
 * A new version installs beside the one in charge and takes over only once every tab of the app has
 * closed (no skipWaiting): never under a member who is typing. The first version, with none before
 * it, takes charge of the open tab at once (clientsClaim), so the images it shows next are kept.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { KEPT_IMAGES, keptPageFor, MEDIA_CACHE, MEDIA_KEPT, OUTSIDE_THE_APP } from './keptPages';

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

declare const self: { __WB_MANIFEST: Array<PrecacheEntry | string> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

registerRoute(new NavigationRoute(async ({ request, url }) => {
  try {
    return await fetch(request);
  } catch (failure) {
    const kept = await matchPrecache(keptPageFor(url.pathname));
    if (kept) return kept;
    throw failure;
  }
}, { denylist: OUTSIDE_THE_APP }));

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && KEPT_IMAGES.test(url.pathname),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: MEDIA_KEPT.images, maxAgeSeconds: MEDIA_KEPT.days * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);
