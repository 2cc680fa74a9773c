import { test, expect } from './fixtures';
import { expectToast, isPhone, login, MEMBERS, navigateTo, postCard, postCards, seedPostId, SEED_TEXT, urlPath } from './helpers';

test('a visitor who opens an unknown address first meets the not-found page, named in words', { tag: ['@server'] }, async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('SocialConnect | Not Found');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(urlPath('/login'));
});

test.describe('Explore, post detail and create post', { tag: ['@server'] }, () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('Explore lists every post, newest first; a post opens on its own page and links to its author; an unknown post says so', async ({ page }) => {
    await navigateTo(page, 'Explore');
    await expect(page).toHaveURL(urlPath('/explore'));
    await expect(page).toHaveTitle('SocialConnect | Explore');
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
    await expect(postCards(page)).toHaveCount(20);
    await expect(postCards(page).first()).toContainText(SEED_TEXT.newest);
    await expect(postCards(page).last()).toContainText(SEED_TEXT.oldest);

    // A post by a member Ava does not follow is there too; its text opens the post.
    const noah = postCard(page, SEED_TEXT.noahBike);
    await noah.getByRole('link', { name: /Fifty kilometres/ }).click();
    await expect(page).toHaveURL(urlPath(`/posts/${seedPostId(8)}`));
    await expect(page).toHaveTitle('SocialConnect | Post');
    await expect(postCards(page)).toHaveCount(1);
    const card = postCards(page).first();
    await expect(card).toContainText(SEED_TEXT.noahBike);
    await expect(card).toContainText('@noah_kim');
    await expect(card.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2}:\d{2} (AM|PM)$/);
    await expect(card.getByRole('img', { name: 'Image posted by Noah Kim, with no description' })).toBeVisible();

    await card.getByRole('link', { name: 'Noah Kim' }).click();
    await expect(page).toHaveURL(urlPath(`/users/${MEMBERS.noah.id}`));
    await expect(page.getByRole('heading', { name: 'Noah Kim', level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Frontend developer and weekend cyclist.');
    await expect(postCards(page)).toHaveCount(4);

  });

  test('an unknown post, member or address shows the one not-found page, and its way home works', async ({ page }) => {
    for (const [address, says] of [
      ['/posts/00000000-0000-4000-8000-000000000000', 'This post does not exist or was deleted.'],
      ['/users/u-nobody-here', 'No member has this address.'],
      ['/no/such/page', 'The page you are looking for does not exist or has moved.'],
    ] as const) {
      await page.goto(address);
      await expect(page.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(says);
      await expect(page).toHaveTitle('SocialConnect | Not Found');
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL(urlPath('/'));
      await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    }
  });

  test('Create post: the composer alone, and after posting the member is home with the post first', { tag: ['@phone'] }, async ({ page }, testInfo) => {
    if (isPhone(testInfo)) {
      // Phones have no side navigation (and so no 'Create New Post' button): the route is opened directly.
      await page.goto('/createpost');
    } else {
      await page.getByRole('button', { name: 'Create New Post' }).click();
    }
    await expect(page).toHaveURL(urlPath('/createpost'));
    await expect(page.getByRole('heading', { name: 'Create Post', level: 1 })).toBeVisible();
    await expect(postCards(page)).toHaveCount(0);
    await page.getByRole('textbox', { name: 'New post text' }).fill('Written on the create post page.');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expectToast(page, 'New Post Created Successfully!');
    await expect(page).toHaveURL(urlPath('/'));
    await expect(postCards(page).first()).toContainText('Written on the create post page.');
  });

  test('a reload keeps the member logged in and keeps what they created, liked and bookmarked', { tag: ['@standin'] }, async ({ page }) => {
    await page.getByRole('textbox', { name: 'New post text' }).fill('This post survives a reload.');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expectToast(page, 'New Post Created Successfully!');
    const mine = postCard(page, 'This post survives a reload.');
    await mine.getByRole('button', { name: 'Bookmark' }).click();
    await expectToast(page, 'Added to Bookmark!');
    await mine.getByRole('button', { name: 'Like' }).click();
    await expectToast(page, 'You Liked the Post!');

    await page.reload();
    await expect(page).toHaveURL(urlPath('/'));
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    const again = postCards(page).first();
    await expect(again).toContainText('This post survives a reload.');
    await expect(again.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    await expect(again.getByRole('button', { name: 'Like' })).toContainText('1');
    await expect(again.getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/bookmark');
    await expect(page.getByRole('heading', { name: 'Bookmarks', level: 1 })).toBeVisible();
    await expect(postCard(page, 'This post survives a reload.')).toBeVisible();
    await expect(page).toHaveURL(urlPath('/bookmark'));
  });
});
