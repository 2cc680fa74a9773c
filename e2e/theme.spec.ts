import type { Locator, Page, TestInfo } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoLoader, isPhone, login, postCards } from './helpers';

/** The page's background as a member sees it: the two themes' own colours. */
const BACKGROUND = { light: 'rgb(243, 245, 249)', dark: 'rgb(15, 20, 25)' } as const;

function pageBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
}

async function expectTheme(page: Page, theme: keyof typeof BACKGROUND): Promise<void> {
  await expect.poll(() => pageBackground(page)).toBe(BACKGROUND[theme]);
}

/** The Theme control where this device's navigation has it: the side navigation, or the phone's Display window. */
async function themeControl(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (!isPhone(testInfo)) return page.getByRole('navigation', { name: 'Main' }).getByRole('group', { name: 'Theme' });
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Display' }).click();
  return page.getByRole('dialog', { name: 'Display' }).getByRole('group', { name: 'Theme' });
}

test.describe('Dark mode', () => {
  test.describe('on a light system', () => {
    test.use({ colorScheme: 'light' });

    test('a member chooses Dark, then System: the app follows at once, and the choice outlives a reload', { tag: ['@phone'] }, async ({ page }, testInfo) => {
      await login(page);
      await expectNoLoader(page);
      await expectTheme(page, 'light');

      let theme = await themeControl(page, testInfo);
      await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
      await theme.getByRole('radio', { name: 'Dark' }).check();
      await expectTheme(page, 'dark');
      // The cards go dark with the page.
      await expect(postCards(page).first()).toHaveCSS('background-color', 'rgb(24, 30, 38)');
      if (isPhone(testInfo)) {
        // The window closes with Escape, the focus back on Display.
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'Display' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Display' })).toBeFocused();
      }

      await page.reload();
      await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
      await expectTheme(page, 'dark');
      theme = await themeControl(page, testInfo);
      await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();

      await theme.getByRole('radio', { name: 'System' }).check();
      await expectTheme(page, 'light');
    });

    test('/login and /signup paint dark from their first frame once Dark is chosen, before any of the app runs', { tag: ['@server', '@standin', '@phone'] }, async ({ page, consoleGuard }, testInfo) => {
      consoleGuard.allow(/^Failed to load resource: net::ERR_FAILED/);
      await login(page);
      await (await themeControl(page, testInfo)).getByRole('radio', { name: 'Dark' }).check();
      await expectTheme(page, 'dark');

      // The app's scripts never arrive: what shows is the page built ahead, its styles and /theme.js alone.
      await page.route('**/static/js/**', (route) => route.abort());
      for (const path of ['/login', '/signup']) {
        await page.goto(path, { waitUntil: 'commit' });
        // The first frame: the browser paints nothing before the head's stylesheets and /theme.js
        // are in, so it is the document once it is parsed and its stylesheets have loaded (parsing
        // can end first, and the background then reads as none yet).
        await page.waitForFunction(() => document.readyState !== 'loading'
          && [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null));
        expect(await pageBackground(page), `${path}'s first paint`).toBe(BACKGROUND.dark);
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('main')).toBeVisible();
      }
    });
  });

  test.describe('without the theme script', () => {
    test.use({ colorScheme: 'light' });

    test('should /theme.js not load, the app still shows the kept choice as it starts', async ({ page, consoleGuard }, testInfo) => {
      await login(page);
      await (await themeControl(page, testInfo)).getByRole('radio', { name: 'Dark' }).check();
      await expectTheme(page, 'dark');

      consoleGuard.allow(/^Failed to load resource: net::ERR_FAILED/);
      await page.route('**/theme.js', (route) => route.abort());
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
      await expectTheme(page, 'dark');
      await expect((await themeControl(page, testInfo)).getByRole('radio', { name: 'Dark' })).toBeChecked();
    });
  });

  test.describe('on a dark system', () => {
    test.use({ colorScheme: 'dark' });

    test('the app is dark with no choice made, follows the system as it changes, and a choice of Light holds', async ({ page }, testInfo) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
      await expectTheme(page, 'dark');

      await login(page);
      await expectTheme(page, 'dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await expectTheme(page, 'light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectTheme(page, 'dark');

      await (await themeControl(page, testInfo)).getByRole('radio', { name: 'Light' }).check();
      await expectTheme(page, 'light');
      await page.goto('/login');
      await expect(page).toHaveURL(/\/$/);
      await expectTheme(page, 'light');
    });
  });
});
