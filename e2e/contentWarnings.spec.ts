/**
 * Content warnings: the demo member writes a post behind a warning; her card shows the warning alone
 * until Show more; after a reload it is closed once more; the edit window takes the warning off. On the stand-in (desktop and phone) and on the real server.
 */
import { expect, test } from './fixtures';
import { expectToast, login, postCard } from './helpers';

const WARNING = 'Ending spoiled';
const TEXT = 'The butler did it, in the library, with the candlestick.';

test.describe('Content warnings', { tag: ['@phone', '@server', '@standin'] }, () => {
  test('the demo member posts behind a warning, opens and closes it, and takes it off in the edit window', async ({ page }) => {
    await login(page);
    await page.getByRole('button', { name: 'Add a content warning' }).click();
    await page.getByRole('textbox', { name: 'Content warning' }).fill(WARNING);
    await page.getByRole('textbox', { name: 'New post text' }).fill(TEXT);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expectToast(page, 'New Post Created Successfully!');

    const card = postCard(page, WARNING);
    const toggle = card.getByRole('button', { name: 'Show more' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(card.getByText(TEXT)).toBeHidden();
    await toggle.click();
    await expect(card.getByText(TEXT)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');

    // Kept by the backend: after a reload the post is behind its warning again.
    await page.reload();
    await expect(postCard(page, WARNING).getByText(TEXT)).toBeHidden();

    await postCard(page, WARNING).getByRole('button', { name: 'Edit post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Post Content:' });
    await expect(dialog.getByRole('textbox', { name: 'Content warning' })).toHaveValue(WARNING);
    await dialog.getByRole('textbox', { name: 'Content warning' }).fill('');
    await dialog.getByRole('button', { name: 'Update Post' }).click();
    await expectToast(page, 'Post Edited Successfully!');
    await expect(postCard(page, TEXT).getByText(TEXT)).toBeVisible();
    await expect(postCard(page, TEXT).getByRole('button', { name: /Show (more|less)/ })).toHaveCount(0);
  });
});
