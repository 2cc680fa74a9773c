import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { test, expect, openWithScenario } from './fixtures';
import { cameraJpeg, PHONE_PHOTO, phonePhoto, plainJpeg, secretsIn } from '../contract/tests/imageFixtures';
import {
  chooseSort,
  expectNoLoader,
  expectToast,
  isPhone,
  likeCount,
  login,
  navigateTo,
  postCard,
  postCards,
  postTexts,
  SEED_TEXT,
  UPLOAD_PHOTO,
  urlPath,
  watchForLoader,
} from './helpers';

test.describe('Home', { tag: ['@server'] }, () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('a text post and a post with an uploaded image appear first in the feed', async ({ page }) => {
    const composer = page.getByRole('form', { name: 'Create a post' });
    const text = composer.getByRole('textbox', { name: 'New post text' });
    await expect(text).toHaveAttribute('placeholder', 'Write Something Interesting...!');

    await text.fill('Testing the new composer from the end-to-end suite.');
    await composer.getByRole('button', { name: 'Post' }).click();
    await expectToast(page, 'New Post Created Successfully!');
    await expect(text).toHaveValue('');
    const first = postCards(page).first();
    await expect(first).toContainText('Testing the new composer from the end-to-end suite.');
    await expect(first.getByRole('link', { name: 'Ava Reed' })).toHaveAttribute('href', '/users/u-ava-reed');
    await expect(first).toContainText('@demo_user');

    // A real file through the image picker: preview, removable, then posted with the image.
    const preview = composer.getByRole('img', { name: 'Preview of the image to post' });
    await composer.getByLabel('Image file').setInputFiles(UPLOAD_PHOTO);
    await expect(preview).toBeVisible();
    await composer.getByRole('button', { name: 'Remove image' }).click();
    await expect(preview).toHaveCount(0);
    await composer.getByLabel('Image file').setInputFiles(UPLOAD_PHOTO);
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    // The 64 x 48 photo is previewed at its own size, never enlarged.
    await expect.poll(() => preview.boundingBox().then((box) => [box?.width, box?.height])).toEqual([64, 48]);
    await text.fill('A gradient, photographed by a test.');
    await composer.getByRole('button', { name: 'Post' }).click();
    await expectToast(page, 'New Post Created Successfully!');
    await expect(preview).toHaveCount(0);
    const newest = postCards(page).first();
    await expect(newest).toContainText('A gradient, photographed by a test.');
    const image = newest.getByRole('img', { name: 'Image posted by Ava Reed, with no description' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(64);
    // Posted, it shows at its size too, and what frames it is no wider or taller: no band around it.
    await expect.poll(() => image.boundingBox().then((box) => [box?.width, box?.height])).toEqual([64, 48]);
    const frame = await image.locator('xpath=..').boundingBox();
    expect([frame?.width, frame?.height]).toEqual([64, 48]);
    await expect(postCards(page).nth(1)).toContainText('Testing the new composer');
  });

  test('a photo cut off before its end is refused when picked, and the text typed stays', { tag: ['@standin'] }, async ({ page }) => {
    const composer = page.getByRole('form', { name: 'Create a post' });
    const text = composer.getByRole('textbox', { name: 'New post text' });
    await text.fill('The view from the ridge, if it uploads.');
    const photo = readFileSync(UPLOAD_PHOTO);
    await composer.getByLabel('Image file').setInputFiles({ name: 'ridge.jpg', mimeType: 'image/jpeg', buffer: photo.subarray(0, photo.length - 200) });
    await expect(page.getByText('This image file is cut off before its end. Please choose the whole file again.')).toBeVisible();
    await expect(composer.getByRole('img', { name: 'Preview of the image to post' })).toHaveCount(0);
    await expect(text).toHaveValue('The view from the ridge, if it uploads.');

    await composer.getByLabel('Image file').setInputFiles(UPLOAD_PHOTO);
    await expect(composer.getByRole('img', { name: 'Preview of the image to post' })).toBeVisible();
  });

  test('a 4.8 MB phone photo is made smaller to fit when picked, and posted upright with nothing of the camera in it', { tag: ['@standin'] }, async ({ page }) => {
    const composer = page.getByRole('form', { name: 'Create a post' });
    const photo = Buffer.from(phonePhoto());
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(secretsIn(photo)).toContain('GPS latitude');
    await composer.getByLabel('Image file').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
    const preview = composer.getByRole('img', { name: 'Preview of the image to post' });
    await expect(preview).toBeVisible();
    // Stored sideways (3000 x 2000, Orientation 6), it is drawn upright: at most 2048 pixels tall, as tall as it should be.
    const [width, height] = await preview.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
    expect(height).toBeLessThanOrEqual(2048);
    expect(width / height).toBeCloseTo(PHONE_PHOTO.height / PHONE_PHOTO.width, 2);

    await composer.getByRole('textbox', { name: 'New post text' }).fill('The ridge at dawn, from a phone.');
    await composer.getByRole('button', { name: 'Post' }).click();
    // The stand-in draws the photo again and writes its two smaller copies in the page, as the server
    // does with sharp: with the processor slowed six times, the toast came 10.0 s after the click (the
    // Post button shows its progress meanwhile), past the suite's 10 s wait.
    await expectToast(page, 'New Post Created Successfully!', { timeout: 30_000 });
    const image = postCards(page).first().getByRole('img', { name: 'Image posted by Ava Reed, with no description' });
    // Its size is known before it loads, and its smaller copies are offered: 480 and 960 pixels wide
    // (1,600 would be wider than the image), then the image itself.
    await expect(image).toHaveAttribute('width', String(width));
    await expect(image).toHaveAttribute('height', String(height));
    const candidates = ((await image.getAttribute('srcset')) ?? '').split(', ').map((candidate) => {
      const at = candidate.lastIndexOf(' ');
      return { url: candidate.slice(0, at), width: Number(candidate.slice(at + 1, -1)) };
    });
    expect(candidates.map((candidate) => candidate.width)).toEqual([480, 960, width]);
    const src = (await image.getAttribute('src')) ?? '';
    expect(candidates[2]!.url).toBe(src);
    // Upright and tall, it shows 373 pixels wide (560 tall) on a desktop's card, at one device pixel
    // each: from the server, the browser fetches the 480-pixel copy. The stand-in's candidates are
    // data URLs, all at hand with nothing to download, and Chromium then takes the widest.
    const urls = candidates.map((candidate) => candidate.url);
    await expect.poll(() => image.evaluate((element: HTMLImageElement, all) => element.complete && all.findIndex((url) => new URL(url, location.href).href === element.currentSrc), urls))
      .toBe(src.startsWith('data:') ? 2 : 0);
    expect(await image.evaluate((element: HTMLImageElement) => Math.round(element.getBoundingClientRect().width))).toBe(373);
    // What any reader downloads, the image and each copy: upright, within the limit, and none of what the camera wrote.
    for (const { url, width: candidateWidth } of candidates) {
      const served = url.startsWith('data:') ? Buffer.from(url.slice(url.indexOf(',') + 1), 'base64') : await (await page.request.get(url)).body();
      expect(served.length).toBeLessThanOrEqual(2 * 1024 * 1024);
      expect(secretsIn(served)).toEqual([]);
      const kept = await sharp(served).metadata();
      expect({ width: kept.width, tall: kept.height! > kept.width!, format: kept.format })
        .toEqual({ width: candidateWidth, tall: true, format: candidateWidth === width ? 'jpeg' : 'webp' });
    }
  });

  test('a camera photo under the limit is kept upright as pixels alone: what a reader downloads holds no EXIF, no orientation to apply', { tag: ['@standin'] }, async ({ page }) => {
    const composer = page.getByRole('form', { name: 'Create a post' });
    // 64 x 32 as stored, Orientation 6: 32 x 64 as the camera saw it; GPS, a serial number, XMP, IPTC.
    const photo = Buffer.from(cameraJpeg(plainJpeg(64, 32), 6));
    await composer.getByLabel('Image file').setInputFiles({ name: 'IMG_2042.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(composer.getByRole('img', { name: 'Preview of the image to post' })).toBeVisible();
    await composer.getByRole('textbox', { name: 'New post text' }).fill('A small one from the phone.');
    await composer.getByRole('button', { name: 'Post' }).click();
    await expectToast(page, 'New Post Created Successfully!');
    const image = postCards(page).first().getByRole('img', { name: 'Image posted by Ava Reed, with no description' });
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && [element.naturalWidth, element.naturalHeight])).toEqual([32, 64]);
    const src = (await image.getAttribute('src')) ?? '';
    const served = src.startsWith('data:') ? Buffer.from(src.slice(src.indexOf(',') + 1), 'base64') : await (await page.request.get(src)).body();
    const kept = await sharp(served).metadata();
    expect({ format: kept.format, width: kept.width, height: kept.height, orientation: kept.orientation, exif: kept.exif, xmp: kept.xmp, iptc: kept.iptc })
      .toEqual({ format: 'jpeg', width: 32, height: 64, orientation: undefined, exif: undefined, xmp: undefined, iptc: undefined });
    expect(secretsIn(served)).toEqual([]);
  });

  test('sorting by Latest, Oldest and Trending changes the heading, says so and reorders the feed', { tag: ['@phone'] }, async ({ page }, testInfo) => {
    const phone = isPhone(testInfo);
    await expect(postCards(page)).toHaveCount(12);
    expect((await postTexts(page))[0]).toContain(SEED_TEXT.newest);

    const loaderShown = watchForLoader(page);
    await chooseSort(page, 'Oldest', phone);
    await loaderShown;
    await expectToast(page, 'Sorted By Date Successfully!');
    await expect(page.getByRole('heading', { name: 'Oldest Posts' })).toBeVisible();
    await expect(postCards(page).first()).toContainText(SEED_TEXT.oldest);
    await expect(postCards(page).last()).toContainText(SEED_TEXT.newest);

    await chooseSort(page, 'Trending', phone);
    await expectToast(page, 'Sorted By Trending Successfully!');
    await expect(page.getByRole('heading', { name: 'Trending Posts' })).toBeVisible();
    await expect(postCards(page).first()).toContainText(SEED_TEXT.northernLights);
    await expect(postCards(page).nth(1)).toContainText(SEED_TEXT.mayaSunset);
    const counts: number[] = [];
    for (const card of await postCards(page).all()) counts.push(await likeCount(card));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    await expectNoLoader(page);
    await chooseSort(page, 'Latest', phone);
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    await expect(postCards(page).first()).toContainText(SEED_TEXT.newest);
  });

  test('like and dislike change the count and the heart', { tag: ['@postgres'] }, async ({ page }) => {
    const card = postCard(page, SEED_TEXT.newest);
    const like = card.getByRole('button', { name: 'Like' });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(await likeCount(card)).toBe(1);

    await like.click();
    await expectToast(page, 'You Liked the Post!');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toContainText('2');

    await like.click();
    await expectToast(page, 'You Disliked the post!');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toContainText('1');
  });

  test('a bookmarked post shows on /bookmark and can be removed there', async ({ page }) => {
    const bookmark = postCard(page, SEED_TEXT.newest).getByRole('button', { name: 'Bookmark' });
    await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await bookmark.click();
    await expectToast(page, 'Added to Bookmark!');
    await expect(bookmark).toHaveAttribute('aria-pressed', 'true');

    await navigateTo(page, 'Bookmark');
    await expect(page).toHaveURL(urlPath('/bookmark'));
    await expect(page.getByRole('heading', { name: 'Bookmarks', level: 1 })).toBeVisible();
    await expect(postCards(page)).toHaveCount(2);
    await expect(postCard(page, SEED_TEXT.newest)).toBeVisible();
    await expect(postCard(page, SEED_TEXT.northernLights)).toBeVisible();

    await postCard(page, SEED_TEXT.newest).getByRole('button', { name: 'Bookmark' }).click();
    await expectToast(page, 'Removed from Bookmark!');
    await expect(postCard(page, SEED_TEXT.newest)).toHaveCount(0);
    await expect(postCards(page)).toHaveCount(1);
  });

  test('the member edits and deletes their own post', async ({ page }) => {
    const own = postCard(page, SEED_TEXT.avaHello);
    await own.getByRole('button', { name: 'Edit post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Post Content:' });
    await expect(dialog).toBeVisible();
    const content = dialog.getByRole('textbox', { name: 'Post content' });
    await expect(content).toHaveValue(SEED_TEXT.avaHello);
    await content.fill('Hello SocialConnect! Edited by the end-to-end suite.');
    await dialog.getByRole('button', { name: 'Update Post' }).click();
    await expectToast(page, 'Post Edited Successfully!');
    await expect(dialog).toHaveCount(0);
    const edited = postCard(page, 'Edited by the end-to-end suite.');
    await expect(edited).toBeVisible();
    await expect(postCard(page, SEED_TEXT.avaHello)).toHaveCount(0);

    await expectNoLoader(page);
    await edited.getByRole('button', { name: 'Delete post' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(edited).toBeVisible();
    await edited.getByRole('button', { name: 'Delete post' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Post Deleted Successfully!');
    await expect(edited).toHaveCount(0);
    await expect(postCards(page)).toHaveCount(11);
  });

  test("edit and delete are disabled and dimmed on other members' posts", async ({ page }) => {
    const others = postCard(page, SEED_TEXT.newest);
    for (const name of ['Edit post', 'Delete post']) {
      const button = others.getByRole('button', { name });
      await expect(button).toBeDisabled();
      await expect(button).toHaveCSS('opacity', '0.3');
    }
    const own = postCard(page, SEED_TEXT.avaHello);
    await expect(own.getByRole('button', { name: 'Edit post' })).toBeEnabled();
    await expect(own.getByRole('button', { name: 'Delete post' })).toBeEnabled();
  });
});

test.describe('Home while it loads', () => {
  test("the composer keeps its avatar's place while the member's record loads: nothing moves", async ({ page }) => {
    await login(page);
    // Every answer takes 3 s: the page shows before the member's record is in.
    await openWithScenario(page, '/', 'slow');
    const composer = page.getByRole('form', { name: 'Create a post' });
    const text = composer.getByRole('textbox', { name: 'New post text' });
    await expect(text).toBeVisible();
    const avatar = composer.getByRole('img', { name: "Ava Reed's avatar" });
    await expect(avatar).toHaveCount(0);
    const before = await text.boundingBox();
    await expect(avatar).toBeVisible();
    expect(await text.boundingBox()).toEqual(before);
  });
});

