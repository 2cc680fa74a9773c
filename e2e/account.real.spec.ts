/**
 * Your devices, on the real server: the demo member logs in on a phone too; from her laptop's list
 * she logs the phone out, and the phone lands on /login at once with the message (its live stream
 * ended). "Log out everywhere else" does the same to every other device, and the laptop carries on.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test } from './devices';
import { expect } from './fixtures';
import { expectToast, login, urlPath } from './helpers';

const LIVE = { timeout: 2_000 };
const FIREFOX_ON_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';

/** The demo member's phone: its own browser context, saying it is Firefox on Android. */
async function phoneOf(browser: Browser, baseURL: string | undefined, contexts: BrowserContext[]): Promise<Page> {
  const context = await browser.newContext({ baseURL, userAgent: FIREFOX_ON_ANDROID, viewport: { width: 390, height: 844 } });
  contexts.push(context);
  const phone = await context.newPage();
  await login(phone);
  return phone;
}

test.describe('Your devices', { tag: ['@server', '@postgres'] }, () => {
  const contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  test('logs the phone out from the laptop: it lands on /login at once, and leaves the list', async ({ page, browser, baseURL }) => {
    await login(page);
    const phone = await phoneOf(browser, baseURL, contexts);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your account' }).click();
    await expect(page).toHaveURL(urlPath('/settings/account'));
    const list = page.getByRole('list', { name: 'Devices logged in' });
    await expect(list.getByRole('listitem').first()).toContainText('Chrome on LinuxThis device');
    await expect(list.getByRole('listitem').nth(1)).toContainText('Firefox on Android');
    await expect(list.getByRole('listitem').nth(1)).toContainText('From 127.0.0.1');

    await list.getByRole('button', { name: /^Log out Firefox on Android/ }).click();
    await expectToast(page, 'Firefox on Android is logged out.');
    await expect(phone).toHaveURL(urlPath('/login'), LIVE);
    await expect(phone.getByText('Your session has ended. Please log in again.')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText('No other device is logged in.')).toBeFocused();
  });

  test('logs out everywhere else: the phone lands on /login, the laptop carries on', async ({ page, browser, baseURL }) => {
    await login(page);
    const phone = await phoneOf(browser, baseURL, contexts);
    await page.goto('/settings/account');
    const list = page.getByRole('list', { name: 'Devices logged in' });
    await expect(list.getByRole('listitem')).toHaveCount(2);

    await page.getByRole('button', { name: 'Log out everywhere else' }).click();
    await expectToast(page, 'Every other device is logged out.');
    await expect(phone).toHaveURL(urlPath('/login'), LIVE);
    await expect(phone.getByText('Your session has ended. Please log in again.')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);

    // The laptop's new token is the one it keeps: a reload finds it still logged in.
    await page.reload();
    await expect(page).toHaveURL(urlPath('/settings/account'));
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText('This device')).toBeVisible();
  });
});
