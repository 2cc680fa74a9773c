/**
 * The app kept for a start with the network gone (src/offline/): a build for a real server keeps its
 * scripts, styles and pages in a service worker once visited, so a reload offline shows the app.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { login } from './helpers';

/** Until the app's service worker is in charge of the site: installed, its files kept, activated. */
async function appKept(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) => worker.addEventListener('statechange', () => resolve(), { once: true }));
    }
  });
}

test.describe('The app with the network gone', { tag: ['@server'] }, () => {
  // The real projects leave the app's service worker out of their other journeys (playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test.beforeEach(({ consoleGuard }) => {
    // What the page asks of the network while it is off fails, as it should.
    consoleGuard.allow(/ERR_INTERNET_DISCONNECTED/);
  });

  test('a reload with the network off shows /login as the build wrote it, and its form works once the network is back', async ({ page, context }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
    await appKept(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
    await context.setOffline(false);
    await login(page);
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  });

  test("a member's Home reloaded with the network off says so in the app, and Reload brings Home back once it returns", async ({ page, context }) => {
    await login(page);
    await appKept(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  });

  test.describe('without the service worker', () => {
    test.use({ serviceWorkers: 'block' });

    test("the same reload is the browser's own error: nothing of the app", async ({ page, context }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
      // The page built ahead shows before the app's code has come: all of it here before the network goes.
      await page.waitForLoadState('networkidle');
      await context.setOffline(true);
      await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    });
  });
});
