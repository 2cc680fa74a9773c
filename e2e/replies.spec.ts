/**
 * Replies: from a card's Comments icon to the post's page, a reply and an answer to it by name, the
 * counts on the card, a delete; and a reply box that keeps what was typed when the save fails.
 */
import type { Page } from '@playwright/test';
import type { Backend } from './backend';
import { test, expect } from './fixtures';
import { MESSAGES } from '../contract/messages';
import { DEMO, expectToast, login, postCard, SEED_TEXT, seedPostId, urlPath } from './helpers';

/** The post's list of replies. */
function replies(page: Page) {
  return page.getByRole('list', { name: 'Replies' });
}

function reply(page: Page, text: string) {
  return replies(page).getByRole('article').filter({ hasText: text });
}

async function sendReply(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Your reply' });
  await box.fill(text);
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await expectToast(page, 'Reply posted!');
  await expect(reply(page, text)).toBeVisible();
  await expect(box).toHaveValue('');
}

test.describe('Replies', { tag: ['@server'] }, () => {
  test("a member opens a post's replies from its card, replies, answers a reply by name, and deletes one", async ({ page }) => {
    await login(page);
    const card = postCard(page, SEED_TEXT.mayaSunset);
    await card.getByRole('link', { name: 'Replies, 0 replies' }).click();
    await expect(page).toHaveURL(urlPath(`/posts/${seedPostId(7)}`));
    await expect(page.getByText('No replies yet. Start the conversation!')).toBeVisible();

    await sendReply(page, 'That harbour wall is the best seat in town.');
    await reply(page, 'That harbour wall').getByRole('button', { name: `Reply to ${DEMO.name}` }).click();
    await expect(page.getByText(`Replying to @${DEMO.username}`)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Your reply' })).toBeFocused();
    await sendReply(page, 'Replying to myself: and the chips were great.');

    // One level, oldest first; the answer names whom it answers.
    await expect(replies(page).getByRole('article')).toHaveCount(2);
    await expect(replies(page).getByRole('article').first()).toContainText('That harbour wall');
    await expect(reply(page, 'and the chips were great')).toContainText(`Replying to @${DEMO.username}`);
    await expect(page.getByText('2 replies', { exact: true })).toBeVisible();

    const first = reply(page, 'That harbour wall');
    await first.getByRole('button', { name: /^Like reply, 0 likes$/ }).click();
    await expect(first.getByRole('button', { name: 'Like reply, 1 like' })).toHaveAttribute('aria-pressed', 'true');

    await reply(page, 'and the chips were great').getByRole('button', { name: 'Delete reply' }).click();
    await page.getByRole('dialog', { name: 'Delete this reply?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Reply deleted.');
    await expect(replies(page).getByRole('article')).toHaveCount(1);

    // After a reload the reply is still there, and the card on Home counts it.
    await page.reload();
    await expect(reply(page, 'That harbour wall')).toBeVisible();
    await expect(page.getByText('1 reply', { exact: true })).toBeVisible();
    await page.goto('/');
    await expect(postCard(page, SEED_TEXT.mayaSunset).getByRole('link', { name: 'Replies, 1 reply' })).toBeVisible();
  });

  test('a reply whose save fails stays in the box, with what went wrong', { tag: ['@phone'] }, async ({ page, backend, consoleGuard }) => {
    consoleGuard.allow(/status of 500|net::ERR_INTERNET_DISCONNECTED|Failed to fetch/);
    const message = await loginWhereRepliesFail(page, backend);
    await page.goto(`/posts/${seedPostId(7)}`);
    const box = page.getByRole('textbox', { name: 'Your reply' });
    await box.fill('Typed while replies fail.');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await expectToast(page, `Your reply was not sent; it stays in the box. ${message}`);
    await expect(page).toHaveURL(urlPath(`/posts/${seedPostId(7)}`));
    await expect(box).toHaveValue('Typed while replies fail.');
    await expect(page.getByRole('button', { name: 'Reply', exact: true })).toBeEnabled();
  });
});

/**
 * Logs in where writing a reply fails: on the stand-in its read-only scenario (each change answers
 * 503); on the server the call is answered 500 on its way (a reply that finds no network at all waits
 * in the outbox instead: src/offline/outbox.test.tsx). Returns what the member is told.
 */
async function loginWhereRepliesFail(page: Page, backend: Backend): Promise<string> {
  if (backend === 'mock') {
    await login(page, { scenario: 'read-only' });
    return 'The service is unavailable right now. Please try again in a moment.';
  }
  await login(page);
  await page.route('**/api/posts/*/replies', (route) => (
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [MESSAGES.serverError], code: 'server_error' }) })
      : route.fallback()
  ));
  return MESSAGES.serverError;
}
