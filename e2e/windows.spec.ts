import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import type { Backend } from './backend';
import { MESSAGES } from '../contract/messages';
import { expectToast, login, MEMBERS, navigateTo, postCard, SEED_TEXT, toast, urlPath } from './helpers';

const BIO = 'Product designer. Morning walks, strong coffee, small sketches.';
const SAVE_CALLS = ['**/api/users/edit', '**/api/posts/edit/**'];

/**
 * Logs in where every save will fail: on the stand-in its read-only scenario (each change answers
 * 503); on the server each save answers 500 (a save that finds no network at all is not a failure
 * but waits to be sent: offline/). Returns what the member is told, and, where the failure can end,
 * how to end it.
 */
async function loginWhereSavesFail(page: Page, backend: Backend): Promise<{ message: string; reconnect?: () => Promise<void> }> {
  if (backend === 'mock') {
    await login(page, { scenario: 'read-only' });
    return { message: 'The service is unavailable right now. Please try again in a moment.' };
  }
  await login(page);
  for (const call of SAVE_CALLS) {
    await page.route(call, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [MESSAGES.serverError], code: 'server_error' }) }));
  }
  return {
    message: MESSAGES.serverError,
    reconnect: async () => {
      for (const call of SAVE_CALLS) await page.unroute(call);
    },
  };
}

async function openOwnProfile(page: Page) {
  await navigateTo(page, 'Profile');
  await expect(page).toHaveURL(urlPath(`/users/${MEMBERS.ava.id}`));
  await expect(page.getByRole('heading', { name: 'Ava Reed', level: 1 })).toBeVisible();
}

test.describe('Windows keep what was typed', { tag: ['@phone', '@server'] }, () => {
  test('a failed save keeps the edit window and Edit Profile open with the text, and Save works again', async ({ page, backend, consoleGuard }) => {
    consoleGuard.allow(/status of 500/);
    const { message, reconnect } = await loginWhereSavesFail(page, backend);

    const card = postCard(page, SEED_TEXT.avaHello);
    await card.getByRole('button', { name: 'Edit post' }).click();
    const editWindow = page.getByRole('dialog', { name: 'New Post Content:' });
    const text = editWindow.getByRole('textbox', { name: 'Post content' });
    await text.fill('Rewritten while the saves fail.');
    await editWindow.getByRole('button', { name: 'Update Post' }).click();
    await expectToast(page, `Your edit was not saved; it stays in the window. ${message}`);
    await expect(page).toHaveURL(urlPath('/'));
    await expect(editWindow).toBeVisible();
    await expect(text).toHaveValue('Rewritten while the saves fail.');
    await expect(editWindow.getByRole('button', { name: 'Update Post' })).toBeEnabled();
    await editWindow.getByRole('button', { name: 'Close' }).click();
    await expect(editWindow).toHaveCount(0);
    await expect(card).toContainText(SEED_TEXT.avaHello);

    await openOwnProfile(page);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const panel = page.getByRole('dialog', { name: 'Edit Profile' });
    await panel.getByLabel('Bio').fill('Typed while the saves fail.');
    await panel.getByLabel('Portfolio Link').fill('https://ava.example.org/kept');
    await panel.getByRole('button', { name: 'Save' }).click();
    const notSaved = `Your profile was not saved; what you typed stays. ${message}`;
    await expectToast(page, notSaved);
    await expect(page).toHaveURL(urlPath(`/users/${MEMBERS.ava.id}`));
    await expect(panel).toBeVisible();
    await expect(panel.getByLabel('Bio')).toHaveValue('Typed while the saves fail.');
    await expect(panel.getByLabel('Portfolio Link')).toHaveValue('https://ava.example.org/kept');
    await expect(toast(page, 'User Bio Updated Successfully!')).toHaveCount(0);

    if (reconnect) {
      // The connection is back: the same Save goes through.
      await reconnect();
      await panel.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'User Bio Updated Successfully!');
      await expect(panel).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Ava Reed' })).toContainText('Typed while the saves fail.');
    } else {
      // Still failing: Save can be pressed again, and the text stays.
      await expect(toast(page, notSaved)).toHaveCount(0, { timeout: 6000 });
      await panel.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, notSaved);
      await expect(panel.getByLabel('Bio')).toHaveValue('Typed while the saves fail.');
    }
  });

  test('Back closes an open window and stays on the page; the history has no stray entries', async ({ page }) => {
    await login(page);
    const card = postCard(page, SEED_TEXT.avaHello);
    await card.getByRole('button', { name: 'Edit post' }).click();
    const editWindow = page.getByRole('dialog', { name: 'New Post Content:' });
    await editWindow.getByRole('textbox', { name: 'Post content' }).fill('Not to be kept.');
    await page.goBack();
    await expect(editWindow).toHaveCount(0);
    await expect(page).toHaveURL(urlPath('/'));
    await expect(card).toContainText(SEED_TEXT.avaHello);

    await card.getByRole('button', { name: 'Delete post' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
    await expect(confirm).toBeVisible();
    await page.goBack();
    await expect(confirm).toHaveCount(0);
    await expect(page).toHaveURL(urlPath('/'));
    await expect(card).toBeVisible();

    await openOwnProfile(page);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const panel = page.getByRole('dialog', { name: 'Edit Profile' });
    await panel.getByLabel('Bio').fill('Not to be saved.');
    await page.goBack();
    await expect(panel).toHaveCount(0);
    await expect(page).toHaveURL(urlPath(`/users/${MEMBERS.ava.id}`));
    await expect(page.getByRole('region', { name: 'Ava Reed' })).toContainText(BIO);

    // Closed with Escape, the window leaves no entry behind: Back leaves the profile for Home.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(panel).toBeVisible();
    // Wrapped, so that the handle comes back at once, before the browser has gone back.
    const wentBack = await page.evaluateHandle(() => ({ done: new Promise<void>((resolve) => window.addEventListener('popstate', () => resolve(), { once: true })) }));
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await wentBack.evaluate(({ done }) => done);
    await page.goBack();
    await expect(page).toHaveURL(urlPath('/'));
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    // Forward returns to the profile as it was left, the window closed.
    await page.goForward();
    await expect(page).toHaveURL(urlPath(`/users/${MEMBERS.ava.id}`));
    await expect(page.getByRole('heading', { name: 'Ava Reed', level: 1 })).toBeVisible();
    await expect(panel).toHaveCount(0);
  });
});
