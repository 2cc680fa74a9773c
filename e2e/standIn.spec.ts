import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { DEMO, expectToast, openWithChunksHeld, urlPath } from './helpers';

const NOT_STARTED = "SocialConnect's backend could not start in this browser. Please reload the page, or try another browser.";

/** A browser window that gives pages no service worker (a page not on https, some private windows). */
async function withoutServiceWorkers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'serviceWorker', { get: () => undefined });
  });
}

test.describe('The stand-in backend, in a browser where it cannot start', () => {
  test('on /login the form stays with what the member typed, and Login says why nothing can answer', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/^SocialConnect: the stand-in backend could not start\./);
    await withoutServiceWorkers(page);
    // The member starts typing before the app has taken the page over: the stand-in's start begins then.
    const release = await openWithChunksHeld(page, '/login');
    await page.getByLabel('Username').fill(DEMO.username);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);

    release();
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, NOT_STARTED);
    await expect(page).toHaveURL(urlPath('/login'));
    await expect(page.getByLabel('Username')).toHaveValue(DEMO.username);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(DEMO.password);
  });

  test('a page that needs the backend at once says the app could not start', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/^SocialConnect could not start\./);
    await withoutServiceWorkers(page);
    await page.goto('/explore');
    await expect(page.getByText('SocialConnect could not start. Please reload the page.')).toBeVisible();
  });
});
