/**
 * The live network across devices, which only a shared server makes possible: two members, each
 * on a device of their own, see what the other does within 2 s, without a reload; a session ended
 * on one device ends on the other at once, without waiting for its next call.
 */
import { test } from './devices';
import { expect } from './fixtures';
import { DEMO, expectToast, liamPostsAndHomeShowsIt, likeCount, login, MEMBERS, navigateTo, postCard, SEED_TEXT, urlPath, writePost } from './helpers';

/** A live change reaches the other device within this. */
const LIVE = { timeout: 2_000 };

test.describe('A live network, two devices', { tag: ['@server'] }, () => {
  test("A's post waits behind \"1 new post\" on B's Home; B's like changes A's count", { tag: ['@postgres'] }, async ({ page, anotherDevice }) => {
    await login(page);
    // Liam follows the demo member: her posts belong on his Home.
    const liam = await anotherDevice(MEMBERS.liam.username);
    await writePost(page, 'Live from the laptop.');

    const newPosts = liam.getByRole('button', { name: '1 new post' });
    await expect(newPosts).toBeVisible(LIVE);
    await newPosts.click();
    const theirs = postCard(liam, 'Live from the laptop.');
    await expect(theirs).toBeVisible();

    const mine = postCard(page, 'Live from the laptop.');
    expect(await likeCount(mine)).toBe(0);
    await theirs.getByRole('button', { name: 'Like' }).click();
    await expectToast(liam, 'You Liked the Post!');
    await expect(mine.getByRole('button', { name: 'Like' })).toContainText('1', LIVE);
  });

  test('a post made while Home loaded and its stream was still opening waits behind "1 new post"', async ({ page, request }) => {
    // The stream opens 3 s late: Home has loaded by then, and Liam posts in between.
    let held = 0;
    await page.route('**/api/events', async (route) => {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue().catch(() => undefined);
    });
    await login(page);
    await expect(postCard(page, SEED_TEXT.avaHello)).toBeVisible();
    // Liam posts while the stream's request is held, not before the page asked for it.
    await expect.poll(() => held).toBeGreaterThan(0);
    await liamPostsAndHomeShowsIt(page, request, 'Said before the stream opened');
  });

  test('a post the demo member pins shows on her profile open on Liam\'s device, and never as a new post on his Home', async ({ page, anotherDevice }) => {
    await login(page);
    const liam = await anotherDevice(MEMBERS.liam.username);
    await liam.goto(`/users/${DEMO.id}`);
    await expect(liam.getByRole('feed', { name: `Posts by ${DEMO.name}` })).toBeVisible();

    await navigateTo(page, 'Profile');
    const card = page.getByRole('feed', { name: `Posts by ${DEMO.name}` }).getByRole('article').filter({ hasText: SEED_TEXT.avaHello });
    await card.getByRole('button', { name: 'Pin to your profile' }).click();
    await expectToast(page, 'Pinned to your profile!');

    const pinned = liam.getByRole('feed', { name: `Posts ${DEMO.name} pinned` });
    await expect(pinned.getByRole('article').filter({ hasText: SEED_TEXT.avaHello })).toBeVisible(LIVE);
    await expect(pinned.getByRole('article').first()).toContainText('Pinned');
    await liam.goto('/');
    await expect(liam.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    await expect(liam.getByRole('button', { name: /new post/ })).toHaveCount(0);
  });

  test("a bookmark removed on one device leaves the other's Bookmarks and empties its card's icon", async ({ page, anotherDevice }) => {
    await login(page);
    const phone = await anotherDevice();
    const onHome = postCard(phone, SEED_TEXT.northernLights).getByRole('button', { name: 'Bookmark' });
    await expect(onHome).toHaveAttribute('aria-pressed', 'true');

    await postCard(page, SEED_TEXT.northernLights).getByRole('button', { name: 'Bookmark' }).click();
    await expectToast(page, 'Removed from Bookmark!');
    await expect(onHome).toHaveAttribute('aria-pressed', 'false', LIVE);
    await navigateTo(phone, 'Bookmark');
    await expect(phone.getByRole('heading', { name: 'Bookmarks' })).toBeVisible();
    await expect(postCard(phone, SEED_TEXT.northernLights)).toHaveCount(0);
  });

  test('a password change on one device takes the other to /login with the message', { tag: ['@postgres'] }, async ({ page, anotherDevice }) => {
    await login(page);
    const phone = await anotherDevice();
    await navigateTo(page, 'Profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const panel = page.getByRole('dialog', { name: 'Edit Profile' });
    await panel.getByLabel('Current Password').fill(DEMO.password);
    await panel.getByLabel('New Password').fill('a-brand-new-pass');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'User Bio Updated Successfully!');

    await expect(phone).toHaveURL(urlPath('/login'), LIVE);
    await expect(phone.getByText('Your session has ended. Please log in again.')).toBeVisible();
  });
});
