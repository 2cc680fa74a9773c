import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, openWithScenario } from './fixtures';
import { expectNoLoader, isPhone, login, postCard, postCards, SEED_TEXT, settledHomeBeforeOutage, SYSTEM_THEMES } from './helpers';
import { inParts, loginAsStaff, MEMBER_ROUTES, memberShellReady, PUBLIC_ROUTES, STAFF_ROUTES, type RouteCheck } from './routes';

/** Screenshots land in test-results/screenshots/<project>/<theme>/<name>.png on every run (not committed). */
function shotPath(testInfo: TestInfo, theme: string, name: string): string {
  return path.join(__dirname, '..', 'test-results', 'screenshots', testInfo.project.name, theme, `${name}.png`);
}

/**
 * Shoots the window (or the whole page) once in each theme, switching the system's theme under the
 * open page: one walk to a screen gives both shots. Animations are finished for each shot, colour
 * fades included.
 */
async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage: boolean): Promise<void> {
  for (const colorScheme of SYSTEM_THEMES) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: shotPath(testInfo, colorScheme, name), fullPage, animations: 'disabled' });
  }
}

/** Brings each image into view so lazy ones load, waits until each is decoded (or broken), then scrolls back. */
async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const image of Array.from(document.images)) {
      image.scrollIntoView({ block: 'center' });
      await Promise.race([image.decode().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000))]);
    }
    window.scrollTo(0, 0);
  });
}

/** No sideways scrolling: the page is never wider than the window. */
async function expectNoHorizontalScroll(page: Page, where: string): Promise<void> {
  // The root's clientWidth, not innerWidth: a phone widens its layout window (and innerWidth with
  // it) to fit content that is too wide, so that comparison could never fail there.
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${where}: the page is ${scrollWidth}px wide in a ${clientWidth}px window`).toBeLessThanOrEqual(clientWidth);
}

async function capture(page: Page, testInfo: TestInfo, name: string, where: string): Promise<void> {
  await expectNoLoader(page);
  await loadAllImages(page);
  await expectNoHorizontalScroll(page, where);
  await shoot(page, testInfo, name, true);
}

/**
 * Opens each route in turn and shoots it once the route shows what it should. Each route is a step,
 * so a failure names it. The address is opened up to DOMContentLoaded: the route's own check and
 * the image wait above decide when the screen is final. Waiting for the window's load event as well
 * adds nothing, and a load event that never came would use up the whole test's time unexplained.
 */
async function captureRoutes(page: Page, testInfo: TestInfo, routes: RouteCheck[], member = false): Promise<void> {
  const problems: string[] = [];
  for (const route of routes) {
    await test.step(`${route.name} (${route.path})`, async () => {
      await page.goto(route.path, { waitUntil: 'domcontentloaded' });
      await route.ready(page);
      if (member) await memberShellReady(page);
      await capture(page, testInfo, route.name, route.path).catch((error: Error) => problems.push(error.message));
    });
  }
  expect(problems, problems.join('\n')).toEqual([]);
}

test.describe('Screenshots of every route, light and dark', { tag: ['@phone'] }, () => {
  test('public routes', { tag: ['@server'] }, async ({ page }, testInfo) => {
    await captureRoutes(page, testInfo, PUBLIC_ROUTES);
  });

  for (const routes of inParts(MEMBER_ROUTES, 3)) {
    test(`member routes: ${routes.map((route) => route.name).join(', ')}`, { tag: ['@server'] }, async ({ page }, testInfo) => {
      await login(page);
      await captureRoutes(page, testInfo, routes, true);
    });
  }

  test(`staff routes, as an admin: ${STAFF_ROUTES.map((route) => route.name).join(', ')}`, { tag: ['@server'] }, async ({ page, realServer }, testInfo) => {
    await loginAsStaff(page, realServer);
    await captureRoutes(page, testInfo, STAFF_ROUTES, true);
  });

  test('windows and panels open', async ({ page }, testInfo) => {
    await login(page);
    await expectNoLoader(page);
    await postCard(page, SEED_TEXT.avaHello).getByRole('button', { name: 'Edit post' }).click();
    await expect(page.getByRole('dialog', { name: 'New Post Content:' })).toBeVisible();
    await capture(page, testInfo, 'home-edit-post', '/ with the edit window');
    await page.keyboard.press('Escape');

    if (isPhone(testInfo)) {
      await page.getByRole('button', { name: 'Filters' }).click();
      await expect(page.getByRole('group', { name: 'Sort by' })).toBeVisible();
      await capture(page, testInfo, 'home-filters', '/ with the filters open');
    } else {
      await page.getByRole('button', { name: 'Sort posts' }).click();
      await expect(page.getByRole('menu', { name: 'Sort posts' })).toBeVisible();
      await capture(page, testInfo, 'home-sort-menu', '/ with the sort menu open');
      await page.keyboard.press('Escape');
    }

    await page.getByRole('banner').getByRole('searchbox', { name: 'Search People' }).fill('a');
    await expect(page.getByRole('banner').getByRole('list', { name: 'People found' })).toBeVisible();
    await capture(page, testInfo, 'home-search', '/ with people search results');

    await page.goto('/users/u-ava-reed');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
    await capture(page, testInfo, 'profile-edit', '/users/u-ava-reed with the Edit Profile panel');
  });

  test('what a member is told: every signup field marked, the bell at 99+, a post menu near the bottom', async ({ page }, testInfo) => {
    test.slow();
    await page.goto('/signup');
    await page.getByLabel('First Name').fill('Riley');
    await page.getByLabel('Username').fill('ri ley');
    await page.getByLabel('Email Address').fill('riley@example');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password', { exact: true }).fill('shorter');
    await page.getByRole('button', { name: 'Create New Account' }).click();
    await expect(page.getByLabel('Last Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('checkbox', { name: 'I accept all Terms & Conditions' })).toHaveAttribute('aria-invalid', 'true');
    await capture(page, testInfo, 'signup-every-field-marked', '/signup with every field marked');

    await login(page, { scenario: 'busy' });
    await expect(page.getByRole('link', { name: 'Notifications 99+ unread' })).toBeVisible({ timeout: 20_000 });
    await expectNoLoader(page);
    // The window as the member sees it: the side navigation, or the phone's bar at its foot.
    await shoot(page, testInfo, 'home-bell-99-plus', false);

    await openWithScenario(page, '/explore', 'default');
    // A card far enough down for its ⋯ to be brought to the bottom edge of the window: its menu opens above it.
    const menuButton = postCards(page).nth(5).getByRole('button', { name: /^More about / });
    await menuButton.evaluate((element) => {
      const { bottom } = element.getBoundingClientRect();
      // Just above the phone's bottom bar, where it has one.
      const covered = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--covered-block-end')) || 0;
      window.scrollBy(0, bottom - (window.innerHeight - covered) + 24);
    });
    await menuButton.click();
    const mute = page.getByRole('button', { name: /^Mute @/ });
    await expect(mute).toBeInViewport({ ratio: 1 });
    const [muteBox, buttonBox] = await Promise.all([mute.boundingBox(), menuButton.boundingBox()]);
    expect(muteBox && buttonBox && muteBox.y + muteBox.height <= buttonBox.y).toBe(true);
    await shoot(page, testInfo, 'explore-post-menu-near-the-bottom', false);
  });
});

/** The real server alone can be stopped under an open page: these shots run there (the `real` project), at both sizes. */
test.describe('Screenshots of an outage, light and dark', { tag: ['@server'] }, () => {
  test('a page open through an outage: the reconnecting line', async ({ page, realServer, consoleGuard }, testInfo) => {
    const server = await settledHomeBeforeOutage(page, realServer, consoleGuard);
    await server.stop();
    try {
      const line = page.getByRole('status').filter({ hasText: "Can't reach SocialConnect, reconnecting…" });
      await expect(line).toBeVisible({ timeout: 10_000 });
      // The line takes its own room: the composer's box, where a member types, starts under it.
      const composerBox = page.getByRole('form', { name: 'Create a post' }).getByRole('textbox', { name: 'New post text' });
      const under = async () => {
        const [lineBox, box] = await Promise.all([line.getByRole('paragraph').boundingBox(), composerBox.boundingBox()]);
        return (box?.y ?? 0) - ((lineBox?.y ?? 0) + (lineBox?.height ?? Infinity));
      };
      expect(await under()).toBeGreaterThanOrEqual(0);
      await shoot(page, testInfo, 'home-reconnecting-desktop', false);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      await expect(line).toBeVisible();
      expect(await under()).toBeGreaterThanOrEqual(0);
      await shoot(page, testInfo, 'home-reconnecting-phone', false);
    } finally {
      await server.start();
    }
  });
});
