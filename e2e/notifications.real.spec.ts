/**
 * Notifications across devices, which only a shared server makes possible: another member's like
 * and follow raise the bell on each of the member's devices within 2 s; opening the list on one
 * marks them read on the other; an entry leads to what it is about.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test as base, expect } from './fixtures';
import { DEMO, expectToast, login, MEMBERS, postCard, SEED_TEXT, seedPostId, urlPath } from './helpers';

/** A live change reaches the other device within this. */
const LIVE = { timeout: 2_000 };

const test = base.extend<{ anotherDevice: (username?: string) => Promise<Page> }>({
  /** Another device (its own browser context, storage and stream), logged in as `username`; closed after the test. */
  anotherDevice: async ({ browser, baseURL }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (username = DEMO.username) => {
      const context = await browser.newContext({ baseURL });
      contexts.push(context);
      const page = await context.newPage();
      await login(page, { username });
      return page;
    });
    for (const context of contexts) await context.close();
  },
});

function bell(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

test.describe('Notifications, two members on three devices', { tag: ['@server'] }, () => {
  test("Noah's like and follow raise the demo member's bell on both her devices; reading them on one clears the other", async ({ page, anotherDevice }) => {
    await login(page);
    const phone = await anotherDevice();
    // The seed's two unread: the likes of her two posts.
    await expect(bell(page, 'Notifications, 2 unread')).toBeVisible();
    await expect(bell(phone, 'Notifications, 2 unread')).toBeVisible();

    const noah = await anotherDevice(MEMBERS.noah.username);
    await noah.goto(`/posts/${seedPostId(5)}`);
    await postCard(noah, SEED_TEXT.avaHello).getByRole('button', { name: 'Like' }).click();
    await expectToast(noah, 'You Liked the Post!');
    // The like joins the likes of her post: still two unread, that one now the latest.
    await noah.goto(`/users/${MEMBERS.ava.id}`);
    await noah.getByRole('main').getByRole('button', { name: 'Follow Ava Reed' }).click();
    await expect(bell(page, 'Notifications, 3 unread')).toBeVisible(LIVE);
    await expect(bell(phone, 'Notifications, 3 unread')).toBeVisible(LIVE);

    await bell(page, 'Notifications, 3 unread').click();
    await expect(page).toHaveURL(urlPath('/notifications'));
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect(list.getByRole('link').nth(0)).toContainText('New: Noah Kim followed you');
    await expect(list.getByRole('link').nth(1)).toContainText('New: Noah Kim and 3 others liked your post');
    // Read here, read on the phone too.
    await expect(bell(page, 'Notifications')).toBeVisible();
    await expect(bell(phone, 'Notifications')).toBeVisible(LIVE);

    await list.getByRole('link', { name: /Noah Kim and 3 others liked your post/ }).click();
    await expect(page).toHaveURL(urlPath(`/posts/${seedPostId(5)}`));
    await expect(postCard(page, SEED_TEXT.avaHello)).toBeVisible();
  });
});
