/**
 * Several images a post, as a member meets them on the stand-in (desktop and phone) and on the real
 * server: Ava picks three photos at once, describes each, puts them in order by button and by drag
 * (a mouse's, or on the phone a finger's), and posts; her card shows them as a grid in that order,
 * each opening a viewer that steps through them by key; an edit rewrites the second's description.
 */
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { audit } from './audit';
import { expect, test } from './fixtures';
import { expectToast, isPhone, login, postCard } from './helpers';

/** Three photos of the seed's, each a different picture. */
const PHOTOS = ['harbor-boats.jpg', 'autumn-hills.jpg', 'city-night.jpg'].map((name) => path.join(__dirname, '..', 'public', 'images', 'posts', name));
const BOATS = 'Fishing boats moored in a quiet harbour.';
const HILLS = 'Rolling hills in orange and gold.';
const CITY = 'A city street lit up at night.';
const TEXT = 'Three views from one long weekend.';

/** The descriptions in the composer, in the order its images stand. */
async function descriptions(composer: Locator): Promise<string[]> {
  return composer.getByRole('list', { name: 'Images to post' }).getByRole('textbox').evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value));
}

/** The alts of a card's grid, in the order it shows them. */
async function gridAlts(card: Locator): Promise<string[]> {
  return card.locator('.post-grid img').evaluateAll((images) => images.map((image) => image.getAttribute('alt') ?? ''));
}

/** A finger held on `from`, moved in steps to the middle of `to`, and lifted (touch events, as a phone's screen sends them). */
async function fingerDrag(page: Page, from: Locator, to: Locator): Promise<void> {
  const [start, end] = await Promise.all([from.boundingBox(), to.boundingBox()]);
  if (!start || !end) throw new Error('fingerDrag: not on screen');
  const at = (box: NonNullable<typeof start>) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
  const [a, b] = [at(start), at(end)];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [a] });
  for (let step = 1; step <= 8; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: a.x + ((b.x - a.x) * step) / 8, y: a.y + ((b.y - a.y) * step) / 8 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A picture of the page or of `target`, kept with the journey's results for a person to look at. */
async function shoot(page: Page, testInfo: TestInfo, what: string, target?: Locator): Promise<void> {
  const file = testInfo.outputPath(`${what}.png`);
  await (target ? target.screenshot({ path: file }) : page.screenshot({ path: file }));
}

test.describe('Several images a post', { tag: ['@phone', '@server', '@standin'] }, () => {
  test('Ava posts three described photos in her order, views them one by one, and edits a description', async ({ page }, testInfo) => {
    const phone = isPhone(testInfo);
    await login(page);
    const composer = page.getByRole('form', { name: 'Create a post' });
    await composer.getByRole('textbox', { name: 'New post text' }).fill(TEXT);
    await composer.getByLabel('Image file').setInputFiles(PHOTOS);
    await expect(composer.getByRole('img', { name: 'Preview of image 3' })).toBeVisible();
    await expect(composer.getByText('3 of 4 images')).toBeVisible();
    await composer.getByRole('textbox', { name: 'Description of image 1' }).fill(BOATS);
    await composer.getByRole('textbox', { name: 'Description of image 2' }).fill(HILLS);
    await composer.getByRole('textbox', { name: 'Description of image 3' }).fill(CITY);

    // The city first, by its buttons: the focus stays with it as it climbs.
    await composer.getByRole('button', { name: 'Move image 3 earlier' }).click();
    await expect(composer.getByRole('button', { name: 'Move image 2 earlier' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(composer.getByRole('button', { name: 'Move image 1 earlier' })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Image 2 moved to position 1.' })).toBeAttached();
    expect(await descriptions(composer)).toEqual([CITY, BOATS, HILLS]);

    // The hills dragged onto the boats' place: by the mouse, or on the phone by a finger.
    const items = composer.getByRole('list', { name: 'Images to post' }).getByRole('listitem');
    const hills = composer.locator('.composer-images__thumb').nth(2);
    if (phone) await fingerDrag(page, hills, items.nth(1));
    else await hills.dragTo(items.nth(1));
    await expect.poll(() => descriptions(composer)).toEqual([CITY, HILLS, BOATS]);
    await composer.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, 'composer', composer);
    await audit(page, 'the composer with three images');

    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    await expectToast(page, 'New Post Created Successfully!');
    const card = postCard(page, TEXT);
    await expect(card.getByRole('button', { name: 'Open image 3 of 3' })).toBeVisible();
    expect(await gridAlts(card)).toEqual([CITY, HILLS, BOATS]);
    await expect(card.getByRole('button', { name: /^ALT/ })).toHaveCount(3);
    await expect(card.locator('.post-grid img').first()).toHaveJSProperty('complete', true);
    await card.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, 'card', card);

    // The viewer: opened on the second, round by the arrow keys, closed by Escape.
    const opener = card.getByRole('button', { name: 'Open image 2 of 3' });
    await opener.click();
    const viewer = page.getByRole('dialog', { name: 'Images posted by Ava Reed' });
    await expect(viewer.getByText('2 of 3')).toBeVisible();
    await expect(viewer.getByRole('img', { name: HILLS })).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText('3 of 3')).toBeVisible();
    await expect(viewer.getByText(BOATS)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText('1 of 3')).toBeVisible();
    await expect(viewer.getByRole('img', { name: CITY })).toBeVisible();
    await expect.poll(() => viewer.getByRole('img').evaluate((image) => (image as HTMLImageElement).complete)).toBe(true);
    await shoot(page, testInfo, 'viewer');
    await audit(page, 'the image viewer');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();

    // An edit: the second image's description rewritten.
    await card.getByRole('button', { name: 'Edit post' }).click();
    const edit = page.getByRole('dialog', { name: 'New Post Content:' });
    await expect(edit.getByRole('img', { name: 'Image 2 of the post' })).toBeVisible();
    await edit.getByRole('textbox', { name: 'Description of image 2' }).fill('Hills turning gold in October.');
    await edit.getByRole('button', { name: 'Update Post' }).click();
    await expectToast(page, 'Post Edited Successfully!');
    await expect.poll(() => gridAlts(card)).toEqual([CITY, 'Hills turning gold in October.', BOATS]);
  });
});
