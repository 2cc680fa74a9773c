/**
 * Post search: a member writes a post, finds it from the top bar by words in another case and
 * without its accents, narrows by author, meets a search too short to send, and moves to the People
 * tab by keyboard; the page's address keeps the words and the tab through a reload. On the stand-in
 * (desktop and phone) and on the real server (its trigram index).
 */
import { expect, test } from './fixtures';
import { expectToast, login, topBarSearch, writePost } from './helpers';

test.describe('Post search', { tag: ['@phone', '@server', '@standin', '@postgres'] }, () => {
  test('a member finds her post from the top bar, by author too, and moves to People by keyboard', async ({ page }) => {
    await login(page);
    // A word no other post holds, on a server other journeys share.
    const word = `lantern${Date.now().toString(36)}`;
    const text = `Paper ${word}s over the Café terrace`;
    await writePost(page, text);
    await expectToast(page, 'New Post Created Successfully!');

    const typed = `CAFE ${word.toUpperCase()}`;
    await topBarSearch(page).fill(typed);
    await expect(page.getByRole('banner').getByRole('link', { name: `Search posts for “${typed}”` })).toBeVisible();
    await topBarSearch(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`SocialConnect | Search: ${typed}`);
    const found = page.getByRole('feed', { name: `Posts matching “${typed}”` });
    await expect(found.getByRole('article')).toHaveCount(1);
    await expect(found.getByRole('article')).toContainText(text);

    const field = page.getByRole('searchbox', { name: 'Search posts and people' });
    await expect(field).toHaveValue(typed);
    await field.fill(`from:demo_user ${word}`);
    await field.press('Enter');
    await expect(page.getByRole('feed', { name: `Posts matching “from:demo_user ${word}”` }).getByRole('article')).toHaveCount(1);
    await field.fill(`from:liam_chen ${word}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(`No posts match “from:liam_chen ${word}”.`)).toBeVisible();

    // Too little to search by: said before any call, and the words stay.
    await field.fill('to be');
    await field.press('Enter');
    await expect(page.getByRole('tabpanel', { name: 'Posts' }).getByRole('status')).toHaveText('Search for a word of at least 3 letters, a #tag or from:username.');
    await expect(field).toHaveValue('to be');

    await field.fill('Ava');
    await field.press('Enter');
    await page.getByRole('tab', { name: 'Posts' }).focus();
    await page.keyboard.press('ArrowRight');
    const people = page.getByRole('tab', { name: 'People' });
    await expect(people).toBeFocused();
    await expect(people).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'People' }).getByRole('link', { name: /Ava Reed/ })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('searchbox', { name: 'Search posts and people' })).toHaveValue('Ava');
  });
});
