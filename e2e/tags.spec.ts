/**
 * Tags: a member writes a post with a #tag, follows the tag's link on the card to the tag's page,
 * and finds the post there; a tag's page answers in any case, and markup around a tag stays text.
 */
import { test, expect } from './fixtures';
import { login, postCard, urlPath, writePost } from './helpers';

// On the server (its tag rows, its index) and on the stand-in (its store read in the browser): each
// answers the tag's page from its own store.
test.describe('Tags', { tag: ['@server', '@standin'] }, () => {
  test("a member writes a post with a tag, follows the tag's link on the card, and finds the post on the tag's page", async ({ page }) => {
    await login(page);
    const text = 'Up before dawn for the ridge walk #SomeTag <b>bold?</b>';
    await writePost(page, text);

    const card = postCard(page, 'Up before dawn for the ridge walk');
    await expect(card).toContainText('<b>bold?</b>');
    const tag = card.getByRole('link', { name: '#SomeTag' });
    await expect(tag).toHaveAttribute('href', '/tags/SomeTag');
    await tag.click();

    await expect(page).toHaveURL(urlPath('/tags/SomeTag'));
    await expect(page.getByRole('heading', { name: '#SomeTag', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('SocialConnect | #SomeTag');
    const tagged = page.getByRole('feed', { name: 'Posts with #SomeTag' });
    await expect(tagged.getByRole('article')).toHaveCount(1);
    await expect(tagged.getByRole('article')).toContainText('Up before dawn for the ridge walk #SomeTag <b>bold?</b>');

    // The same tag in another case is the same page of posts, after a reload too.
    await page.goto('/tags/sometag');
    await expect(page.getByRole('heading', { name: '#sometag', level: 1 })).toBeVisible();
    await expect(page.getByRole('feed', { name: 'Posts with #sometag' }).getByRole('article')).toContainText('Up before dawn for the ridge walk');
  });

  test('a tag nobody has used yet shows its empty page', async ({ page }) => {
    await login(page);
    await page.goto('/tags/nobodyhasthis');
    await expect(page.getByRole('heading', { name: '#nobodyhasthis', level: 1 })).toBeVisible();
    await expect(page.getByText('No posts with #nobodyhasthis yet.')).toBeVisible();
  });
});
