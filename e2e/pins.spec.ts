/**
 * Pinned posts: the demo member pins a post of hers from her profile; it shows above her posts,
 * marked "Pinned", and stays after a reload; a second pin goes first; both are taken off from there.
 * On the stand-in (desktop and phone) and on the real server.
 */
import { expect, test } from './fixtures';
import { DEMO, expectToast, login, navigateTo, SEED_TEXT } from './helpers';

const COFFEE = 'Two cups, one long conversation. Best kind of Saturday.';

test.describe('Pinned posts', { tag: ['@phone', '@server', '@standin'] }, () => {
  test('the demo member pins two of her posts to her profile, sees them first after a reload, and unpins them', async ({ page }) => {
    await login(page);
    await navigateTo(page, 'Profile');
    await expect(page.getByRole('heading', { level: 1, name: DEMO.name })).toBeVisible();
    const posts = page.getByRole('feed', { name: `Posts by ${DEMO.name}` });
    const pinned = page.getByRole('feed', { name: `Posts ${DEMO.name} pinned` });
    const pinOf = (list: typeof posts, text: string) => list.getByRole('article').filter({ hasText: text }).getByRole('button', { name: 'Pin to your profile' });

    await expect(pinOf(posts, SEED_TEXT.avaHello)).toHaveAttribute('aria-pressed', 'false');
    await pinOf(posts, SEED_TEXT.avaHello).click();
    await expectToast(page, 'Pinned to your profile!');
    await expect(page.getByRole('heading', { level: 2, name: 'Pinned posts' })).toBeVisible();
    await expect(pinned.getByRole('article')).toHaveCount(1);
    await expect(pinned.getByRole('article').first()).toContainText('Pinned');
    await expect(pinOf(posts, SEED_TEXT.avaHello)).toHaveAttribute('aria-pressed', 'true');

    await pinOf(posts, COFFEE).click();
    await expectToast(page, 'Pinned to your profile!');
    await expect(pinned.getByRole('article')).toHaveCount(2);

    // Kept by the backend: after a reload, the latest pin first, above her posts.
    await page.reload();
    await expect(pinned.getByRole('article')).toHaveCount(2);
    await expect(pinned.getByRole('article').first()).toContainText(COFFEE);
    await expect(pinned.getByRole('article').nth(1)).toContainText(SEED_TEXT.avaHello);
    const pinnedTop = await pinned.boundingBox();
    const postsTop = await posts.boundingBox();
    expect(pinnedTop && postsTop && pinnedTop.y < postsTop.y).toBe(true);

    await pinOf(pinned, COFFEE).click();
    await expectToast(page, 'Unpinned from your profile!');
    await expect(pinned.getByRole('article')).toHaveCount(1);
    await pinOf(pinned, SEED_TEXT.avaHello).click();
    await expect(page.getByRole('heading', { name: 'Pinned posts' })).toHaveCount(0);
    await expect(pinOf(posts, SEED_TEXT.avaHello)).toHaveAttribute('aria-pressed', 'false');
  });
});
