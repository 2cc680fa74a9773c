/**
 * Reposts and quotes, as members meet them on the stand-in (desktop and phone) and on the real
 * server: Ava reposts Zoe's post, and Liam, who follows Ava but not Zoe, finds it on his Home with
 * "Reposted by Ava Reed"; Ava undoes it. Ava quotes Maya's post, the quote shows the post as a card,
 * and once she lets nobody quote her posts, Liam is not offered Quote on hers, and is told why.
 */
import type { Locator, Page } from '@playwright/test';
import { audit } from './audit';
import { expect, test } from './fixtures';
import { DEMO, expectToast, login, logout, MEMBERS, navigateTo, postCards, seedPostId } from './helpers';

/** Post 2, Maya's, on Ava's Home. */
const LAKE = 'The lake went completely still just before dusk. No filter needed.';
/** Post 4, Zoe's: neither Ava nor Liam follows Zoe. */
const DUNES = 'Sketching dunes from memory. The wind does the real drawing.';
/** Post 11, Ava's own. */
const COFFEE = 'Two cups, one long conversation. Best kind of Saturday.';
const QUOTE = 'Still water, still mind.';

/** The card of one post, by its id (a quote card elsewhere may show its text too). */
function cardOf(page: Page, postId: string): Locator {
  return postCards(page).and(page.locator(`[data-post-id="${postId}"]`));
}

/** Chooses `item` in a card's Repost menu. */
async function chooseInMenu(page: Page, card: Locator, item: 'Repost' | 'Undo repost' | 'Quote'): Promise<void> {
  await card.getByRole('button', { name: /^Repost, \d+ reposts?$/ }).click();
  await page.getByRole('menu', { name: 'Repost or quote' }).getByRole('menuitem', { name: item, exact: true }).click();
}

/** Logs out, and in again as `username`, landing on Home. */
async function switchTo(page: Page, username: string): Promise<void> {
  await logout(page);
  await login(page, { username });
}

test.describe('Reposts and quotes', { tag: ['@phone', '@server', '@standin'] }, () => {
  test("Ava reposts Zoe's post, Liam finds it on his Home said as hers, and she undoes it", async ({ page }) => {
    await login(page);
    await navigateTo(page, 'Explore');
    const dunes = cardOf(page, seedPostId(4));
    await expect(dunes).toContainText(DUNES);
    await chooseInMenu(page, dunes, 'Repost');
    await expectToast(page, 'Reposted!');
    const button = dunes.getByRole('button', { name: 'Repost, 1 repost', exact: true });
    await expect(button).toBeVisible();
    await expect(button).toBeFocused();

    await switchTo(page, MEMBERS.liam.username);
    const reposted = cardOf(page, seedPostId(4));
    await expect(reposted).toContainText(DUNES);
    const line = reposted.getByRole('link', { name: `Reposted by ${DEMO.name}`, exact: true });
    await expect(line).toHaveAttribute('href', `/users/${DEMO.id}`);
    // Above its author: the card says first why Liam's Home holds it.
    const lineBox = await line.boundingBox();
    const authorBox = await reposted.getByRole('link', { name: MEMBERS.zoe.name, exact: true }).boundingBox();
    expect(lineBox && authorBox && lineBox.y < authorBox.y).toBe(true);

    await switchTo(page, DEMO.username);
    await navigateTo(page, 'Explore');
    await chooseInMenu(page, cardOf(page, seedPostId(4)), 'Undo repost');
    await expectToast(page, 'Repost undone.');
    await expect(cardOf(page, seedPostId(4)).getByRole('button', { name: 'Repost, 0 reposts', exact: true })).toBeFocused();

    await switchTo(page, MEMBERS.liam.username);
    await expect(postCards(page).first()).toBeVisible();
    await expect(cardOf(page, seedPostId(4))).toHaveCount(0);
  });

  test("Ava quotes Maya's post and sees its card; once she lets nobody quote hers, Liam is not offered Quote", async ({ page }) => {
    await login(page);
    const lake = cardOf(page, seedPostId(2));
    await chooseInMenu(page, lake, 'Quote');
    const dialog = page.getByRole('dialog', { name: 'Quote post' });
    await expect(dialog.getByRole('region', { name: 'The post you quote' })).toContainText(LAKE);
    const text = dialog.getByRole('textbox', { name: 'New post text' });
    await expect(text).toBeFocused();
    await text.fill(QUOTE);
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await expectToast(page, 'Quote posted!');
    await expect(dialog).toHaveCount(0);
    await expect(lake.getByRole('button', { name: /^Repost, / })).toBeFocused();

    const quoting = postCards(page).filter({ hasText: QUOTE });
    await expect(quoting).toHaveCount(1);
    const quoted = quoting.getByRole('link', { name: new RegExp(`^${MEMBERS.maya.name}.*${LAKE}`) });
    await expect(quoted).toHaveAttribute('href', `/posts/${seedPostId(2)}`);
    await expect(lake.getByRole('link', { name: 'Quotes, 1 quote', exact: true })).toBeVisible();

    await page.goto('/settings/account');
    const policy = page.getByRole('radiogroup', { name: 'Who can quote your posts' });
    await policy.getByRole('radio', { name: 'Nobody', exact: true }).check();
    await expectToast(page, 'Saved: nobody but you can quote your posts.');
    await expect(policy.getByRole('radio', { name: 'Nobody', exact: true })).toBeFocused();

    await switchTo(page, MEMBERS.liam.username);
    const coffee = cardOf(page, seedPostId(11));
    await expect(coffee).toContainText(COFFEE);
    await coffee.getByRole('button', { name: /^Repost, / }).click();
    const menu = page.getByRole('menu', { name: 'Repost or quote' });
    const quote = menu.getByRole('menuitem', { name: 'Quote', exact: true });
    await expect(quote).toBeDisabled();
    await expect(quote).toHaveAccessibleDescription(`${DEMO.name} does not let anyone quote this post.`);
    await expect(page.getByText(`${DEMO.name} does not let anyone quote this post.`, { exact: true })).toBeVisible();
    // Her quote, with Maya's post as its card, is on Liam's Home too.
    await expect(postCards(page).filter({ hasText: QUOTE }).getByRole('link', { name: new RegExp(LAKE) })).toBeVisible();

    // The menu open, with its reason, and the quote card in the feed: audited in both themes.
    await page.mouse.move(0, 0);
    await audit(page, "Home with a post's Repost menu open and a quote card");
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(coffee.getByRole('button', { name: /^Repost, / })).toBeFocused();
  });
});
