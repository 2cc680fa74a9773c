/**
 * The steps of the reply journey that the real server's devices and the stand-in's tabs share: a
 * reply written on a post's page, the bell, an entry opened onto the reply it is about, and an
 * address in a reply opened in a new tab (answered by a local stub: nothing leaves loopback).
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { expectToast } from './helpers';

/** The address a reply links to, and what the stub answers in its place. */
export const TRAIL_URL = 'https://trails.example.org/forest-loop';
export const TRAIL_STUB_TITLE = 'Forest loop (stub)';

/** A live change reaches the member's other device or tab within this. */
export const LIVE = { timeout: 2_000 };

/** The bell in the side navigation, by its whole name ("Notifications", "Notifications 1 unread"). */
export function bell(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

/** The reply cards of a post's page. */
export function replyCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Replies' }).getByRole('article');
}

/**
 * Writes a reply on the post's page that is open (to the reply showing `answering`, when named); done
 * once it is listed, showing `shows` (an address shows shorter than it is written).
 */
export async function writeReply(page: Page, text: string, { answering, shows = text }: { answering?: string; shows?: string } = {}): Promise<void> {
  if (answering) await replyCards(page).filter({ hasText: answering }).getByRole('button', { name: /^Reply to / }).click();
  await page.getByRole('textbox', { name: 'Your reply' }).fill(text);
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await expectToast(page, 'Reply posted!');
  await expect(replyCards(page).filter({ hasText: shows })).toBeVisible();
}

/** Opens /notifications from the bell and the entry that says `entry`: the page lands on its reply, which must say `replyText`. */
export async function openEntryOntoReply(page: Page, bellName: string, entry: RegExp, postId: string, replyText: string): Promise<Locator> {
  await bell(page, bellName).click();
  const list = page.getByRole('list', { name: 'Notifications' });
  const link = list.getByRole('link', { name: entry });
  await expect(link).toHaveAttribute('href', new RegExp(`^/posts/${postId}#reply-.+$`));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/posts/${postId}#reply-.+$`));
  // Marked for screen readers as the current reply (aria-current), and for the eye.
  const landed = replyCards(page).and(page.locator('[aria-current="true"]'));
  await expect(landed).toContainText(replyText);
  await expect(landed).toBeFocused();
  await expect(landed).toBeInViewport();
  const id = await landed.getAttribute('id');
  expect(new URL(page.url()).hash).toBe(`#${id ?? ''}`);
  return landed;
}

/**
 * The address in a reply: a link for a new tab that tells the address nothing of where it came
 * from, and clicking it opens a new page there. The context's route answers it with a stub (a
 * popup's requests pass the context's routes, not the opener page's).
 */
export async function expectLinkOpensNewTab(page: Page, reply: Locator): Promise<void> {
  await page.context().route(`${TRAIL_URL}*`, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>${TRAIL_STUB_TITLE}</title><p>Stub</p>` }));
  const link = reply.getByRole('link', { name: /trails\.example\.org\/forest-loop/ });
  await expect(link).toHaveAttribute('href', TRAIL_URL);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(TRAIL_URL);
  await expect(popup).toHaveTitle(TRAIL_STUB_TITLE);
  await popup.close();
}
