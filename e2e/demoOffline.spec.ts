/**
 * The demo (a build with the stand-in) opens with the network gone once it has been used: its
 * service worker is the stand-in's and keeps what the member's visits loaded
 * (src/offline/standInServiceWorker.ts). The stand-in answers in the page, so the demo works offline
 * whole where it was used; a page never opened has no code here, and says so.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { DEMO, login, navigateTo, postCard, SEED_TEXT, setNetwork, submitLogin } from './helpers';

/** Until the worker has kept every script and stylesheet this page loaded, and the app's page: the first one it lacks, or true. */
function everythingLoadedIsKept(page: Page): Promise<string | true> {
  return page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('socialconnect-stand-in-app-'));
    if (!name) return 'the cache';
    const cache = await caches.open(name);
    const loaded = performance.getEntriesByType('resource')
      .filter((entry) => ['script', 'link', 'css'].includes((entry as PerformanceResourceTiming).initiatorType))
      .map((entry) => new URL(entry.name).pathname);
    for (const path of ['/index.html', ...loaded]) {
      if (!(await cache.match(path))) return path;
    }
    return true;
  });
}

test.describe('The demo with the network gone', () => {
  test('reloaded offline after a visit, Home shows as the stand-in has it, a like works, and Explore, never opened, says its code could not load', async ({ page, consoleGuard }) => {
    await login(page);
    await expect(postCard(page, SEED_TEXT.newest)).toBeVisible();
    await expect.poll(() => everythingLoadedIsKept(page), { timeout: 10_000 }).toBe(true);

    // What cannot be fetched with the network gone: Explore's code, which the worker asks the network for (ERR_FAILED).
    consoleGuard.allow(/^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/);
    await setNetwork(page.context(), false);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    const newest = postCard(page, SEED_TEXT.newest);
    await expect(newest).toBeVisible();
    const like = newest.getByRole('button', { name: /^Like, \d+ likes?$/ });
    const before = await like.getAttribute('aria-pressed');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true');

    await navigateTo(page, 'Explore');
    await expect(page.getByRole('heading', { name: 'This page could not load' })).toBeVisible();
  });

  test('a new version of the worker waits while a tab is open, and the stand-in answers this tab through the one in charge', async ({ page }) => {
    // On /login the stand-in starts as the member starts on the form; no live stream holds the worker busy.
    await page.goto('/login');
    await page.getByLabel('Username').focus();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
    // Another build's worker, as the browser finds it: a script at another address for the same scope.
    const states = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const active = registration.active;
      await navigator.serviceWorker.register('/sw.js?another-build', { scope: '/' });
      const next = registration.installing ?? registration.waiting;
      if (next && next.state === 'installing') {
        await new Promise<void>((resolve) => {
          next.addEventListener('statechange', () => resolve());
        });
      }
      // A moment for a worker that takes over at once (skipWaiting) to do so.
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { next: next?.state, sameActive: registration.active === active, waiting: registration.waiting === next };
    });
    expect(states).toEqual({ next: 'installed', sameActive: true, waiting: true });
    // The stand-in answers this tab all the same: the login goes through.
    await submitLogin(page, DEMO.username, DEMO.password);
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  });
});
