import { test, expect } from './fixtures';
import { expectToast, likeCount, login, postCard, writePost } from './helpers';

/** Post 2, Maya's, on the demo member's home and not yet liked by her. */
const LAKE = 'The lake went completely still just before dusk.';

/**
 * One member, two tabs of one browser: what either tab changes is kept (no tab writes over the
 * other's changes, on the stand-in as on the server) and shows in the other without a reload.
 */
test('two tabs of one member keep and show each other’s changes', { tag: ['@server', '@standin'] }, async ({ page, context }) => {
  await login(page);
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  const lakeLikes = await likeCount(postCard(second, LAKE));

  // The first tab posts; the second, opened before, shows it without a reload, once asked.
  await writePost(page, 'Written in my first tab.');
  await second.getByRole('button', { name: '1 new post' }).click();
  await expect(postCard(second, 'Written in my first tab.')).toBeVisible();

  // The second tab likes a post: the first tab's post is not written over, and the like shows there.
  await postCard(second, LAKE).getByRole('button', { name: 'Like' }).click();
  await expectToast(second, 'You Liked the Post!');
  await expect.poll(() => likeCount(postCard(page, LAKE))).toBe(lakeLikes + 1);

  // Both changes outlive a reload of either tab.
  for (const tab of [page, second]) {
    await tab.reload();
    await expect(postCard(tab, 'Written in my first tab.')).toBeVisible();
    await expect.poll(() => likeCount(postCard(tab, LAKE))).toBe(lakeLikes + 1);
  }
});
