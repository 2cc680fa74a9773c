/**
 * Scheduled posts, as a member meets them: a post scheduled from Home's composer for a time picked,
 * listed in Scheduled posts with when it publishes, its text edited there; at its time it is a
 * post like any other. On the stand-in, QA's clock moved past the time shows it published; on the
 * server, it comes to Home live, the page never reloaded, and leaves the list.
 */
import type { Page, TestInfo } from '@playwright/test';
import { test, expect } from './fixtures';
import { DEMO_USER_ID } from '../contract/seed/default';
import { escapeRegExp, isPhone, login, navigateTo, openFromNavigation, postCard, urlPath } from './helpers';

const FIRST = 'Coffee at ten, everyone';
const EDITED = 'Coffee at half past ten, everyone';

/**
 * The first whole minute at least `leadMs` from now, by the browser's clock and in its time zone: the
 * value a `datetime-local` field takes ('2026-12-02T14:05'), and the instant it names.
 */
async function minuteAhead(page: Page, leadMs: number): Promise<{ value: string; at: number }> {
  return page.evaluate((lead) => {
    const at = Math.ceil((Date.now() + lead) / 60_000) * 60_000;
    const time = new Date(at);
    const pad = (value: number) => String(value).padStart(2, '0');
    return { value: `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}T${pad(time.getHours())}:${pad(time.getMinutes())}`, at };
  }, leadMs);
}

/** Schedules `text` from Home's composer for the time `value` names. */
async function scheduleFromHome(page: Page, text: string, value: string): Promise<void> {
  const composer = page.getByRole('form', { name: 'Create a post' });
  await composer.getByRole('textbox', { name: 'New post text' }).fill(text);
  await composer.getByRole('button', { name: 'Schedule', exact: true }).click();
  const field = composer.getByLabel('Publish at');
  await expect(field).toBeFocused();
  await field.fill(value);
  await composer.getByRole('button', { name: 'Schedule post' }).click();
  await expect(page.locator('.Toastify').getByRole('alert').filter({ hasText: /^\s*Scheduled for .+\.\s*$/ })).toBeVisible();
  await expect(composer.getByRole('textbox', { name: 'New post text' })).toHaveValue('');
  await expect(composer.getByRole('button', { name: 'Post', exact: true })).toBeVisible();
}

/** Opens Scheduled posts through the navigation this device has: the side's, or the phone's Display window. */
async function openScheduledPosts(page: Page, testInfo: TestInfo): Promise<void> {
  await openFromNavigation(page, 'Scheduled posts', isPhone(testInfo));
  await expect(page).toHaveURL(urlPath('/scheduled'));
  await expect(page.getByRole('heading', { name: 'Scheduled posts', level: 1 })).toBeVisible();
}

const waiting = (page: Page) => page.getByRole('list', { name: 'Posts waiting to be published' });
const EMPTY = 'No posts are waiting. Pick a time in the composer to schedule one.';

/** In the list, the one post waiting shows `text`; its text is changed to `edited` in its edit window. */
async function editTheWaitingPost(page: Page, text: string, edited: string): Promise<void> {
  const card = waiting(page).getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(text);
  await expect(card).toHaveAccessibleName(/^Publishes .+/);
  await card.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit scheduled post' });
  await dialog.getByRole('textbox', { name: 'Post content' }).fill(edited);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('.Toastify').getByRole('alert').filter({ hasText: 'Scheduled post updated.' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(card).toContainText(edited);
}

test.describe('Scheduled posts', () => {
  test('scheduled from Home, edited in the list, published once QA moves the clock past its time', { tag: ['@standin', '@phone'] }, async ({ page }, testInfo) => {
    await login(page);
    const { value } = await minuteAhead(page, 120_000);
    await scheduleFromHome(page, FIRST, value);
    // Not on Home before its time.
    await expect(postCard(page, FIRST)).toHaveCount(0);

    await openScheduledPosts(page, testInfo);
    await editTheWaitingPost(page, FIRST, EDITED);

    // QA's clock five minutes on (the address's '+' encoded); a plain address keeps the tab's store.
    await page.goto(`/?clock=${encodeURIComponent('+5m')}`);
    await expect(postCard(page, EDITED)).toBeVisible();
    await openScheduledPosts(page, testInfo);
    await expect(page.getByText(EMPTY)).toBeVisible();
    await expect(waiting(page)).toHaveCount(0);
  });

  test('on the server, published when its time comes: it comes to Home live and leaves the list', { tag: ['@server'] }, async ({ page, realServer }, testInfo) => {
    await login(page);
    const { value } = await minuteAhead(page, 65_000);
    await scheduleFromHome(page, FIRST, value);
    await openScheduledPosts(page, testInfo);
    await editTheWaitingPost(page, FIRST, EDITED);

    // Home, reached in the app: from here on the page is never loaded again.
    await navigateTo(page, 'Home');
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    // Its time is a minute or two ahead: the server's record is moved to now instead of the journey
    // waiting for it, and the server's own look (every 5 seconds) publishes it.
    if (!realServer) throw new Error('this journey needs the real server');
    await realServer.makeScheduledPostsDue(DEMO_USER_ID);
    // Behind "1 new post", not pushed into the list: nothing loads Home again meanwhile (a write
    // that tells nothing, such as the edit above, no longer makes every stream load again).
    const news = page.getByRole('button', { name: /^1 new post$/ });
    await expect(news).toBeVisible({ timeout: 20_000 });
    await expect(postCard(page, EDITED)).toHaveCount(0);
    await news.click();
    await expect(postCard(page, EDITED)).toBeVisible();
    expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);

    await openScheduledPosts(page, testInfo);
    await expect(page.getByText(EMPTY)).toBeVisible();
    await expect(page.getByText(new RegExp(escapeRegExp(EDITED)))).toHaveCount(0);
  });
});
