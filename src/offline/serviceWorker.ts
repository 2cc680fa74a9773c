/**
 * The app's service worker, in builds for a real server (webpack's InjectManifest writes it as
 * /sw.js with the build's files listed in `__WB_MANIFEST`). It keeps the app itself: every script,
 * style and page the build wrote, fetched once after the first visit, so the app opens with the
 * network gone instead of the browser's error page. A page is asked of the network first (the
 * server's answer is the fresh one, with its status); only when the network fails does the kept
 * copy answer: /login and /signup as the build wrote them ahead, every other page the app's
 * index.html. Calls to /api and images under /media are never answered from here.
 *
 * A new version installs beside the one in charge and takes over only once every tab of the app has
 * closed (no skipWaiting): never under a member who is typing.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { keptPageFor, OUTSIDE_THE_APP } from './keptPages';

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

declare const self: { __WB_MANIFEST: Array<PrecacheEntry | string> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(async ({ request, url }) => {
  try {
    return await fetch(request);
  } catch (failure) {
    const kept = await matchPrecache(keptPageFor(url.pathname));
    if (kept) return kept;
    throw failure;
  }
}, { denylist: OUTSIDE_THE_APP }));
