import { deflateSync, crc32 } from 'node:zlib';
import { test, expect, openWithScenario } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { expectNoLoader, expectToast, isPhone, login, navigateTo, postCards, toast, UPLOAD_PHOTO } from './helpers';

/** A plain grey PNG of `width` x `height`, built here so the test owns its shape. */
function greyPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row += 1) rows[row * (width + 1)] = 0; // filter: none
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** The shown and natural size of a card's image once it has loaded. */
async function imageSizes(page: Page) {
  const image = postCards(page).first().locator('.post-card__media img');
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  return image.evaluate((element: HTMLImageElement) => ({
    shownWidth: element.clientWidth, shownHeight: element.clientHeight, naturalWidth: element.naturalWidth, naturalHeight: element.naturalHeight,
  }));
}

/** Holds an element in :hover through the DevTools protocol (Chromium), as a phone does after a tap. */
async function forceHover(page: Page, target: Locator): Promise<void> {
  await target.evaluate((element) => element.setAttribute('data-force-hover', ''));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-force-hover]' });
  await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: ['hover'] });
}

test.describe('How things look', { tag: ['@phone'] }, () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('a small image shows at its own size, never stretched; a tall one shows whole, within a maximum height', async ({ page }) => {
    const composer = page.getByRole('form', { name: 'Create a post' });
    await composer.getByLabel('Image file').setInputFiles(UPLOAD_PHOTO);
    // Posted once the member sees the image read: the preview, as for the tall image below.
    await expect(composer.getByRole('img', { name: 'Preview of the image to post' })).toBeVisible();
    await composer.getByRole('button', { name: 'Post' }).click();
    await expectToast(page, 'New Post Created Successfully!');
    const small = await imageSizes(page);
    expect({ width: small.shownWidth, height: small.shownHeight }).toEqual({ width: small.naturalWidth, height: small.naturalHeight });

    await composer.getByLabel('Image file').setInputFiles({ name: 'tall.png', mimeType: 'image/png', buffer: greyPng(300, 1800) });
    await expect(composer.getByRole('img', { name: 'Preview of the image to post' })).toBeVisible();
    await composer.getByRole('button', { name: 'Post' }).click();
    await expect.poll(async () => (await imageSizes(page)).naturalHeight).toBe(1800);
    const tall = await imageSizes(page);
    expect(tall.shownHeight).toBeLessThanOrEqual(560);
    // Whole: the shown box keeps the image's proportions (1 : 6), nothing cut off.
    expect(Math.abs(tall.shownHeight / tall.shownWidth - 6)).toBeLessThan(0.1);
  });

  test('posts keep their place while the images above them load', async ({ page }) => {
    await navigateTo(page, 'Explore');
    await expect(postCards(page)).toHaveCount(20);
    const cardTops = () => postCards(page).evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top + window.scrollY)));
    const before = await cardTops();
    // Walk down the page so every lazy image loads, then compare where each post sits.
    const images = page.locator('main .post-card__media img');
    for (const image of await images.all()) await image.scrollIntoViewIfNeeded();
    await expect.poll(() => images.evaluateAll((all) => all.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0))).toBe(true);
    expect(await cardTops()).toEqual(before);
  });

  test('hover looks: a liked heart keeps its red under a mouse; on a phone a tap leaves no hover paint (Unfollow stays blue)', async ({ page }, testInfo) => {
    if (!isPhone(testInfo)) {
      const liked = postCards(page).getByRole('button', { name: /^Like, / }).and(page.locator('[aria-pressed="true"]')).first();
      await expect(liked).toBeVisible();
      const red = await liked.evaluate((element) => getComputedStyle(element).color);
      expect(red).toBe('rgb(192, 38, 45)');
      await liked.hover();
      await expect.poll(() => liked.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
      expect(await liked.evaluate((element) => getComputedStyle(element).color)).toBe(red);
      return;
    }
    await navigateTo(page, 'Explore');
    await expectNoLoader(page);
    const who = page.getByRole('main').getByRole('region', { name: 'Who to follow?' });
    await who.getByRole('button', { name: 'Follow Noah Kim' }).tap();
    await expectToast(page, 'You started following Noah Kim');
    const unfollow = who.getByRole('button', { name: 'Unfollow Noah Kim' });
    await expect(unfollow).toBeVisible();
    // A phone browser keeps :hover on what was last tapped; force it, as the phone would.
    await forceHover(page, unfollow);
    const style = await unfollow.evaluate((element) => ({ hovered: element.matches(':hover'), color: getComputedStyle(element).color, border: getComputedStyle(element).borderTopColor }));
    expect(style).toEqual({ hovered: true, color: 'rgb(36, 86, 214)', border: 'rgb(36, 86, 214)' });
  });

  test('the navigation holds every item, the bell among them, in one row on a phone and one column on a wide screen, each a full tap target', async ({ page }, testInfo) => {
    const nav = page.getByRole('navigation', { name: isPhone(testInfo) ? 'Mobile' : 'Main' });
    await expect(nav.getByRole('link', { name: /^Notifications/ })).toBeVisible();
    const boxes = await nav.locator('li > a, li > button').evaluateAll((items) => items.map((item) => {
      const box = item.getBoundingClientRect();
      return { left: Math.round(box.left), top: Math.round(box.top), right: Math.round(box.right), width: box.width, height: box.height };
    }));
    expect(boxes.length).toBeGreaterThanOrEqual(5);
    for (const box of boxes) {
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      expect(box.right).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    }
    // One row: every item at the same height; one column: every item at the same left edge.
    const line = new Set(boxes.map((box) => (isPhone(testInfo) ? box.top : box.left)));
    expect(line.size).toBe(1);
  });

  test('a toast never passes over the navigation: every item stays where a tap lands, while it comes and goes', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: /^(Main|Mobile)$/ });
    await expect(nav).toBeVisible();
    const like = postCards(page).getByRole('button', { name: /^Like, / }).and(page.locator('[aria-pressed="false"]')).first();
    // What is at the centre of each navigation item, every frame, from the tap that brings a toast
    // until it has gone (3 s on screen, with its way in and out).
    const seen = await nav.evaluate(async (navigation, button) => {
      const points = [...navigation.querySelectorAll('a, button')].map((item) => {
        const box = item.getBoundingClientRect();
        return { item, x: box.left + box.width / 2, y: box.top + box.height / 2 };
      });
      (button as HTMLButtonElement).click();
      const problems = new Set<string>();
      const toasts = new Set<string>();
      const start = performance.now();
      while (performance.now() - start < 4500) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        document.querySelectorAll('.Toastify [role="alert"]').forEach((toast) => toasts.add(toast.textContent ?? ''));
        for (const { item, x, y } of points) {
          const top = document.elementFromPoint(x, y);
          if (top && !item.contains(top)) problems.add(`${item.getAttribute('aria-label') ?? item.textContent}: ${top.className}`);
        }
      }
      return { toasts: [...toasts], problems: [...problems] };
    }, await like.elementHandle());
    expect(seen.toasts).toContain('You Liked the Post!');
    expect(seen.problems).toEqual([]);
  });
});

/** Where each of a navigation's items is on screen, in order. */
function itemBoxes(nav: Locator) {
  return nav.locator('li > a, li > button, :scope > button').evaluateAll((items) => items.map((item) => {
    const box = item.getBoundingClientRect();
    return { text: item.getAttribute('aria-label') ?? item.textContent?.trim() ?? '', left: Math.round(box.left), top: Math.round(box.top) };
  }));
}

/** The navigation's items that wait for the health answer (their places are kept meanwhile). */
const LATE_ITEMS = ['Notifications', 'Muted and blocked', 'Scheduled posts', 'Your account'];

test.describe('The navigation while the backend is slow or busy', { tag: ['@phone'] }, () => {
  test("keeps the places of the items that wait for the backend's health answer, and of the Display window's: nothing moves when they come", async ({ page }, testInfo) => {
    test.slow();
    await login(page);
    // Every answer takes 3 s: the navigation is on screen well before the health answer.
    await openWithScenario(page, '/', 'slow');
    const nav = page.getByRole('navigation', { name: isPhone(testInfo) ? 'Mobile' : 'Main' });
    const bell = nav.getByRole('link', { name: /^Notifications/ });
    await expect(nav.getByRole('link', { name: 'Explore' })).toBeVisible();
    const before = (await itemBoxes(nav)).filter((item) => !LATE_ITEMS.some((late) => item.text.startsWith(late)));
    // On a phone the Display window is open meanwhile: the themes are where a tap would land.
    const display = page.getByRole('dialog', { name: 'Display' });
    const themesAt = async () => (isPhone(testInfo) ? display : nav).getByRole('group', { name: 'Theme' }).boundingBox();
    if (isPhone(testInfo)) await nav.getByRole('button', { name: 'Display' }).click();
    const themesBefore = await themesAt();
    // Measured before the answer came: the bell was not there yet.
    await expect(bell).toHaveCount(0);

    await expect(bell).toBeVisible({ timeout: 15_000 });
    if (isPhone(testInfo)) await expect(display.getByRole('link', { name: 'Your account' })).toBeVisible();
    expect(await themesAt()).toEqual(themesBefore);
    if (isPhone(testInfo)) await page.keyboard.press('Escape');
    const after = (await itemBoxes(nav)).filter((item) => !LATE_ITEMS.some((late) => item.text.startsWith(late)));
    expect(after).toEqual(before);
  });

  test('the unread badge, "99+" too, covers nothing: beside the word on a wide screen, over the icon\'s corner on a phone', async ({ page }, testInfo) => {
    test.slow();
    await login(page, { scenario: 'busy' });
    const nav = page.getByRole('navigation', { name: isPhone(testInfo) ? 'Mobile' : 'Main' });
    const bell = nav.getByRole('link', { name: 'Notifications 99+ unread' });
    await expect(bell).toBeVisible({ timeout: 20_000 });
    const badge = bell.getByText('99+', { exact: true });
    const badgeBox = await badge.boundingBox();
    const bellBox = await bell.boundingBox();
    if (!badgeBox || !bellBox) throw new Error('The bell or its badge is not on screen');
    // Inside the link, whole.
    expect(badgeBox.x).toBeGreaterThanOrEqual(bellBox.x);
    expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(bellBox.x + bellBox.width);
    expect(badgeBox.y).toBeGreaterThanOrEqual(bellBox.y);
    if (!isPhone(testInfo)) {
      // After the word, clear of it.
      const wordBox = await bell.getByText('Notifications', { exact: true }).boundingBox();
      if (!wordBox) throw new Error('The word Notifications is not on screen');
      expect(badgeBox.x).toBeGreaterThanOrEqual(wordBox.x + wordBox.width);
    } else {
      // Over the icon's top corner, in the bar: its upper half, reaching past the icon's end edge (a count
      // as wide as "99+" is wider than the 22 px icon, so it may cover the icon's whole width).
      const iconBox = await bell.locator('svg').boundingBox();
      if (!iconBox) throw new Error('The bell icon is not on screen');
      expect(badgeBox.y).toBeLessThan(iconBox.y + iconBox.height / 2);
      expect(badgeBox.x + badgeBox.width).toBeGreaterThan(iconBox.x + iconBox.width);
      expect(badgeBox.x).toBeLessThan(iconBox.x + iconBox.width);
    }
  });
});

test.describe('Toasts and dialogs', { tag: ['@phone'] }, () => {
  test('toasts about a dialog never cover its buttons, however many come: Save and Discard stay where a tap lands', async ({ page }) => {
    await login(page);
    await navigateTo(page, 'Profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const panel = page.getByRole('dialog', { name: 'Edit Profile' });
    await panel.getByLabel('New Password').fill('brand-new-pass1');
    const save = panel.getByRole('button', { name: 'Save' });
    await save.click();
    await expectToast(page, 'Enter your current password to set a new one.');
    // A second refusal while the first toast still shows; what is at the centre of each button,
    // every frame, while the toasts come and settle.
    const problems = await panel.evaluate(async (dialog, saveButton) => {
      const buttons = [...dialog.querySelectorAll('button')].filter((button) => ['Save', 'Discard'].includes(button.textContent ?? ''));
      (saveButton as HTMLButtonElement).click();
      const seen = new Set<string>();
      const start = performance.now();
      while (performance.now() - start < 1500) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        for (const button of buttons) {
          const box = button.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          if (top && !button.contains(top)) seen.add(`${button.textContent}: ${top.className}`);
        }
      }
      return [...seen];
    }, await save.elementHandle());
    expect(problems).toEqual([]);
    await expect(toast(page, 'Enter your current password to set a new one.')).not.toHaveCount(0);
  });
});

test.describe('Toasts and the page under them', () => {
  /** Logs in and likes the first post not yet liked: its toast, once shown. */
  async function likeForAToast(page: Page): Promise<Locator> {
    await login(page);
    // The login's toast gone first: on its way out it moved through the container's empty edge.
    await expect(toast(page, 'Logged In Successfully!')).toHaveCount(0);
    await postCards(page).getByRole('button', { name: /^Like, / }).and(page.locator('[aria-pressed="false"]')).first().click();
    const shown = toast(page, 'You Liked the Post!').first();
    await expect(shown).toBeVisible();
    // Standing still: its zoom in ended.
    await shown.evaluate((element) => Promise.all((element.closest('.Toastify__toast') ?? element).getAnimations().map((animation) => animation.finished.catch(() => undefined))));
    return shown;
  }

  test("only a toast takes a click: the empty edge of the toasts' container leaves the page under it alone", async ({ page }) => {
    const shown = await likeForAToast(page);
    // A point of the container below its last toast: its margin, which shows nothing.
    const underEdge = await shown.evaluate((element) => {
      const container = element.closest('.Toastify__toast-container')!;
      const box = container.getBoundingClientRect();
      const lastBottom = Math.max(...[...container.querySelectorAll('.Toastify__toast')].map((one) => one.getBoundingClientRect().bottom));
      const at = document.elementFromPoint(box.left + box.width / 2, (lastBottom + box.bottom) / 2);
      return { margin: box.bottom - lastBottom, inToasts: Boolean(at?.closest('.Toastify')) };
    });
    expect(underEdge.margin).toBeGreaterThan(4);
    expect(underEdge.inToasts).toBe(false);
  });

  test('a toast on its way out lets a click through to what is under it', async ({ page }) => {
    const shown = await likeForAToast(page);
    // What a click at the toast's centre would reach, in the frame it starts to leave (about 3 s on).
    const leaving = await shown.evaluate((element) => {
      const card = element.closest('.Toastify__toast')!;
      return new Promise<{ stillShown: boolean; reachesToast: boolean }>((resolve) => {
        new MutationObserver((_, observer) => {
          if (card.getAttribute('data-in') !== 'false') return;
          observer.disconnect();
          const box = card.getBoundingClientRect();
          const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          resolve({ stillShown: box.height > 0 && card.isConnected, reachesToast: Boolean(at?.closest('.Toastify__toast')) });
        }).observe(card, { attributes: true, attributeFilter: ['data-in'] });
      });
    });
    expect(leaving).toEqual({ stillShown: true, reachesToast: false });
  });
});

test.describe('The side navigation on a short window', () => {
  type Box = { x: number; y: number; width: number; height: number };
  /** Where an element is on the screen; it must be there. */
  async function box(target: Locator): Promise<Box> {
    const at = await target.boundingBox();
    if (!at) throw new Error('The element is not on the screen.');
    return at;
  }
  /** Whether two boxes share any point. */
  function overlap(a: Box, b: Box): boolean {
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  }

  test('scrolls on its own: its last controls are reached and take a press, the QA badge over none of them', async ({ page }) => {
    // A laptop's window: the navigation, held beside the page, is taller than what it has.
    await page.setViewportSize({ width: 1280, height: 720 });
    await login(page, { scenario: 'new-member' });
    const badge = page.getByRole('button', { name: /^Scenario: new-member/ });
    await expect(badge).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const switchBox = nav.getByRole('checkbox', { name: 'Open posts with a content warning' });
    await switchBox.scrollIntoViewIfNeeded();
    expect(overlap(await box(switchBox), await box(badge))).toBe(false);
    await switchBox.check();
    await expect(switchBox).toBeChecked();

    const me = nav.getByRole('link', { name: /@demo_user/ });
    await me.scrollIntoViewIfNeeded();
    const meAt = await box(me);
    expect(overlap(meAt, await box(badge))).toBe(false);
    expect(meAt.y + meAt.height).toBeLessThanOrEqual(720);
    await me.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ava Reed' })).toBeVisible();

    // A tablet's icon rail, shorter still: the switch is its box over the warning sign, within the rail.
    await page.setViewportSize({ width: 900, height: 600 });
    await switchBox.scrollIntoViewIfNeeded();
    const [railAt, switchInRail] = [await box(nav), await box(switchBox)];
    expect(switchInRail.x).toBeGreaterThanOrEqual(railAt.x);
    expect(switchInRail.x + switchInRail.width).toBeLessThanOrEqual(railAt.x + railAt.width);
    expect(overlap(switchInRail, await box(badge))).toBe(false);
    await switchBox.uncheck();
    await expect(switchBox).not.toBeChecked();
  });
});
