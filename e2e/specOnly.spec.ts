/**
 * The app against a backend that answers the product spec and nothing more (the stand-in's
 * `spec-only` scenario: its health lists no extension, every other call answers 404). The app must
 * work as the spec says, asking for nothing the backend does not have: no call of the journey may
 * meet the backend's 404.
 */
import { test, expect } from './fixtures';
import { DEMO, expectToast, isPhone, likeCount, login, navigateTo, postCard, postCards, SEED_TEXT, urlPath } from './helpers';

/** Post 2, Maya's, on the demo member's Home, not yet liked by her. */
const LAKE = 'The lake went completely still just before dusk.';

test.describe('A backend that answers only the spec', { tag: ['@phone'] }, () => {
  test('a member logs in, reads Home, likes, bookmarks, posts, reads their profile, finds people and logs out; nothing beyond the spec is offered', async ({ page }, testInfo) => {
    const refused: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/api/') && response.status() === 404) refused.push(`${response.request().method()} ${pathname}`);
    });
    await login(page, { scenario: 'spec-only' });
    await expect(postCards(page).first()).toBeVisible();
    const nav = page.getByRole('navigation', { name: isPhone(testInfo) ? 'Mobile' : 'Main' });
    // No bell, no Muted and blocked: the backend has neither.
    await expect(nav.getByRole('link', { name: /^Notifications/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Muted and blocked' })).toHaveCount(0);

    const lake = postCard(page, LAKE);
    const before = await likeCount(lake);
    await lake.getByRole('button', { name: 'Like' }).click();
    await expectToast(page, 'You Liked the Post!');
    await expect(lake.getByRole('button', { name: 'Like' })).toContainText(String(before + 1));

    await lake.getByRole('button', { name: 'Bookmark' }).click();
    await expectToast(page, 'Added to Bookmark!');

    const composer = page.getByRole('form', { name: 'Create a post' });
    await composer.getByRole('textbox', { name: 'New post text' }).fill('Written for a backend of the spec alone.');
    await composer.getByRole('button', { name: 'Post' }).click();
    await expectToast(page, 'New Post Created Successfully!');
    await expect(postCards(page).first()).toContainText('Written for a backend of the spec alone.');

    await navigateTo(page, 'Bookmark');
    await expect(postCard(page, LAKE)).toBeVisible();
    await expect(postCard(page, SEED_TEXT.northernLights)).toBeVisible();
    // Removed from Bookmarks: the card leaves the list.
    await postCard(page, LAKE).getByRole('button', { name: 'Bookmark' }).click();
    await expectToast(page, 'Removed from Bookmark!');
    await expect(postCard(page, LAKE)).toHaveCount(0);

    // The member's own profile: the post just written is the first of theirs.
    await navigateTo(page, 'Profile');
    await expect(page.getByRole('heading', { name: DEMO.name })).toBeVisible();
    await expect(postCards(page).first()).toContainText('Written for a backend of the spec alone.');

    // Whom to follow and the people found, chosen by the app from the spec's members list (a
    // phone has the suggestions in Explore, a wider screen beside every page; both search in the top bar).
    if (isPhone(testInfo)) await navigateTo(page, 'Explore');
    const people = isPhone(testInfo) ? page.getByRole('main') : page.getByRole('complementary', { name: 'People' });
    await expect(people.getByRole('region', { name: 'Who to follow?' }).getByRole('link')).toHaveText([/Noah Kim/, /Zoe Martin/]);
    const search = page.getByRole('search', { name: 'People search', exact: true });
    await search.getByRole('searchbox', { name: 'Search People' }).fill('ma');
    await expect(search.getByRole('list', { name: 'People found' }).getByRole('link')).toHaveText([/Maya Patel/, /Zoe Martin/]);

    await (isPhone(testInfo) ? nav.getByRole('button', { name: 'Logout' }) : page.getByRole('button', { name: 'Logout' })).click();
    await expect(page).toHaveURL(urlPath('/login'));
    await page.goto('/bookmark');
    await expect(page).toHaveURL(urlPath('/login'));
    expect(refused).toEqual([]);
  });
});
