/**
 * Alt text, edit marks and member lists: a member describes a photo as they post it, reads the
 * description from its ALT badge, changes it with an edit that marks the post "edited" (its time on
 * focus), and finds it all again after a reload; a profile's follower count opens its members, with
 * Follow on each, and a post's like count opens who likes it.
 */
import { test, expect } from './fixtures';
import { expectToast, login, postCard, SEED_TEXT, seedPostId, UPLOAD_PHOTO, urlPath } from './helpers';

// On the server (image_alt and edited_at columns, the lists read by the follows' and reactions'
// order) and on the stand-in (its store in the browser): each keeps and answers them itself.
test.describe('Alt text and edit marks', { tag: ['@server', '@standin'] }, () => {
  test('a member describes a photo, reads it from the ALT badge, edits it, and sees the post marked edited after a reload', async ({ page }) => {
    await login(page);
    const composer = page.getByRole('form', { name: 'Create a post' });
    await composer.getByRole('textbox', { name: 'New post text' }).fill('The gradient again, described this time.');
    await composer.getByLabel('Image file').setInputFiles(UPLOAD_PHOTO);
    const description = composer.getByRole('textbox', { name: 'Image description' });
    await expect(description).toBeVisible();
    await expect(composer.getByText(/No description yet: screen readers will only say that there is an image/)).toBeVisible();
    await description.fill('A soft grey gradient, darker at the top.');
    await expect(composer.getByText(/No description yet/)).toHaveCount(0);
    await composer.getByRole('button', { name: 'Post' }).click();
    await expectToast(page, 'New Post Created Successfully!');

    const card = postCard(page, 'The gradient again, described this time.');
    await expect(card.getByRole('img', { name: 'A soft grey gradient, darker at the top.' })).toBeVisible();
    const badge = card.getByRole('button', { name: "ALT text of Ava Reed's image" });
    await badge.focus();
    await page.keyboard.press('Enter');
    await expect(badge).toHaveAttribute('aria-expanded', 'true');
    await expect(card.getByText('A soft grey gradient, darker at the top.', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(card.getByText('A soft grey gradient, darker at the top.', { exact: true })).toBeHidden();
    await expect(card.getByRole('button', { name: 'edited' })).toHaveCount(0);
    const postedAt = await card.locator('time').first().getAttribute('datetime');

    await card.getByRole('button', { name: 'Edit post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Post Content:' });
    await expect(dialog.getByRole('textbox', { name: 'Image description' })).toHaveValue('A soft grey gradient, darker at the top.');
    await dialog.getByRole('textbox', { name: 'Image description' }).fill('A grey gradient, like fog lifting.');
    await dialog.getByRole('button', { name: 'Update Post' }).click();
    await expectToast(page, 'Post Edited Successfully!');

    await page.reload();
    const edited = postCard(page, 'The gradient again, described this time.');
    await expect(edited.getByRole('img', { name: 'A grey gradient, like fog lifting.' })).toBeVisible();
    const mark = edited.getByRole('button', { name: 'edited' });
    await expect(mark).toBeVisible();
    await mark.focus();
    const tooltip = edited.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toHaveText(/^Edited [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2}:\d{2} (AM|PM)$/);
    await expect(mark).toHaveAccessibleDescription(/^Edited /);
    // The post keeps the time it was posted.
    await expect(edited.locator('time').first()).toHaveAttribute('datetime', postedAt ?? '');
  });

  test("a seed photo without a description says so, and a seed post edited later shows its mark", async ({ page }) => {
    await login(page);
    await page.goto(`/posts/${seedPostId(8)}`);
    const bike = postCard(page, SEED_TEXT.noahBike);
    await expect(bike.getByRole('img', { name: 'Image posted by Noah Kim, with no description' })).toBeVisible();
    await expect(bike.getByRole('button', { name: /^ALT/ })).toHaveCount(0);

    await page.goto(`/posts/${seedPostId(3)}`);
    const settings = postCard(page, 'Shipped the new settings page today.');
    const mark = settings.getByRole('button', { name: 'edited' });
    await mark.hover();
    await expect(settings.getByRole('tooltip')).toBeVisible();
    await expect(settings.getByRole('tooltip')).toContainText('Edited May 3, 2025');
  });
});

test.describe('Member lists', { tag: ['@server', '@standin'] }, () => {
  test("a member opens a profile's followers, follows one of them from the list, and sees who likes a post", async ({ page }) => {
    await login(page);
    await page.goto(`/users/u-maya-patel`);
    await expect(page.getByRole('heading', { level: 1, name: 'Maya Patel' })).toBeVisible();
    const counts = page.getByRole('list', { name: 'Connections' });
    await counts.getByRole('button', { name: '3 Followers' }).click();

    const dialog = page.getByRole('dialog', { name: 'Followers' });
    const list = dialog.getByRole('list', { name: 'Followers' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').first()).toContainText('Zoe Martin');
    await list.getByRole('button', { name: 'Follow Zoe Martin' }).click();
    await expectToast(page, 'You started following Zoe Martin');
    await expect(list.getByRole('button', { name: 'Unfollow Zoe Martin' })).toBeVisible();

    // A name in the list opens that profile, where the new follow counts.
    await list.getByRole('link', { name: /Zoe Martin/ }).click();
    await expect(page).toHaveURL(urlPath('/users/u-zoe-martin'));
    await expect(page.getByRole('heading', { level: 1, name: 'Zoe Martin' })).toBeVisible();
    await page.getByRole('list', { name: 'Connections' }).getByRole('button', { name: '3 Followers' }).click();
    await expect(page.getByRole('dialog', { name: 'Followers' }).getByRole('listitem').first()).toContainText('Ava Reed');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Followers' })).toHaveCount(0);

    await page.goto(`/posts/${seedPostId(1)}`);
    await page.getByRole('button', { name: '3 likes: who likes this post' }).click();
    const likers = page.getByRole('dialog', { name: 'Liked by' }).getByRole('list', { name: 'Liked by' });
    await expect(likers.getByRole('listitem')).toHaveText([/Zoe Martin/, /Maya Patel/, /Ava Reed/]);
  });
});
