import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { login } from './helpers';
import { inLanguage, inParts, loginAsStaff, MEMBER_ROUTES, memberShellReady, PUBLIC_ROUTES, STAFF_ROUTES, type RouteCheck } from './routes';

/**
 * What the member reads or hears on the page that is not in the pseudo-locale: text, and the names,
 * hints and alternatives of elements. Left out: what members wrote (names, posts, bios, handles,
 * links, image descriptions), times, the languages' own names, and QA's workbench, which speaks
 * English by design.
 */
function untranslated(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MEMBERS_WORDS = '[dir="auto"], time, .handle, [class*="username"], a[href^="http"], .post-card__media, .stand-in-workbench, noscript, option[lang], .top-bar__brand, .auth-screen__brand';
    const english = (text: string) => /[A-Za-z]{3,}/.test(text) && !text.startsWith('[');
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (english(text) && !node.parentElement?.closest(MEMBERS_WORDS)) found.add(text);
    }
    for (const element of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'))) {
      if (element.closest(MEMBERS_WORDS)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        // A name is only heard: none is, under aria-hidden (a toast's timer is drawn, not told).
        if (name === 'aria-label' && element.closest('[aria-hidden="true"]')) continue;
        const value = element.getAttribute(name) ?? '';
        if (english(value)) found.add(`${name}="${value}"`);
      }
    }
    return [...found];
  });
}

/** Texts of the pseudo-locale (bracketed) that their box cuts: wider than it, with the rest hidden. The brand's name is not translated. */
function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('body *'))
    .filter((element) => {
      const text = element.textContent?.trim() ?? '';
      // Words for screen readers alone (clipped to a pixel on purpose) are not cut.
      if (!text.startsWith('[') || element.children.length > 0 || element.closest('.visually-hidden') || element.clientWidth <= 1) return false;
      const style = getComputedStyle(element);
      const hides = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      return hides && element.scrollWidth > element.clientWidth + 1;
    })
    .map((element) => element.textContent?.trim() ?? ''));
}


test.describe('A language asked for by the address', () => {
  test('Polish counts as Polish does, Arabic turns the page right to left, the pseudo-locale brackets each translated text; none stays', async ({ page }) => {
    await login(page);
    const html = page.locator('html');
    // The list of counts, named in each language.
    const countsIn = (name: string | RegExp) => page.getByRole('list', { name });

    await page.goto('/users/u-maya-patel?lang=pl');
    await expect(html).toHaveAttribute('lang', 'pl');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(countsIn('Powiązania').getByRole('button', { name: '3 obserwujących' })).toBeVisible();

    await page.goto('/users/u-maya-patel?lang=ar');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(countsIn('الصلات').getByRole('button', { name: '3 متابعين' })).toBeVisible();
    // The page around the member's own words runs from the right (a name keeps its own direction).
    await expect(countsIn('الصلات')).toHaveCSS('direction', 'rtl');
    // An icon that points turns with the page; one that does not stays as it is.
    const logout = page.getByRole('button', { name: 'تسجيل الخروج' }).first().locator('svg');
    await expect(logout).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');
    await expect(page.getByRole('link', { name: 'الرئيسية' }).first().locator('svg')).toHaveCSS('transform', 'none');
    await page.getByRole('link', { name: 'استكشاف' }).first().click();
    await expect(page).toHaveTitle("SocialConnect | استكشاف");
    await expect(page.getByRole('heading', { level: 1, name: 'استكشاف' })).toBeVisible();

    await page.goto('/users/u-maya-patel?lang=en-XA');
    const pseudoCounts = countsIn(/^\[Çöññéçţîöñš·+\]$/);
    await expect(pseudoCounts.getByRole('button', { name: /^\[3 Ƒöļļöŵéŕš·+\]$/ })).toBeVisible();

    // Kept in the browser: a page opened without it speaks the last one asked for, until English is.
    await page.goto('/users/u-maya-patel');
    await expect(html).toHaveAttribute('lang', 'en-XA');
    await expect(pseudoCounts.getByRole('button', { name: /^\[3 Ƒöļļöŵéŕš·+\]$/ })).toBeVisible();
    await page.goto('/users/u-maya-patel?lang=en');
    const counts = countsIn('Connections');
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(counts.getByRole('button', { name: '3 Followers' })).toBeVisible();
    await page.reload();
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(counts.getByRole('button', { name: '3 Followers' })).toBeVisible();
  });

  test("QA switch the app to the pseudo-locale from the workbench: the page changes in place, and a reload keeps it", async ({ page }) => {
    await login(page);
    await page.goto('/users/u-maya-patel');
    const counts = page.getByRole('list', { name: 'Connections' });
    await expect(counts.getByRole('button', { name: '3 Followers' })).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('w');
    const panel = page.getByRole('dialog', { name: 'Stand-in workbench' });
    await panel.getByRole('combobox', { name: "The app's language, kept in this browser" }).selectOption('en-XA');
    const pseudoCounts = page.getByRole('list', { name: /^\[Çöññéçţîöñš·+\]$/ });
    await expect(pseudoCounts.getByRole('button', { name: /^\[3 Ƒöļļöŵéŕš·+\]$/ })).toBeVisible();
    await expect(panel.getByRole('textbox', { name: /^Link:/ })).toHaveValue(/[?&]lang=en-XA(&|$)/);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await expect(pseudoCounts.getByRole('button', { name: /^\[3 Ƒöļļöŵéŕš·+\]$/ })).toBeVisible();
  });

  test('a member chooses a language in the side navigation: the page changes in place, and every page after starts in it, the built-ahead /login too', async ({ page, consoleGuard }) => {
    await login(page);
    const html = page.locator('html');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('العربية');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('combobox', { name: 'اللغة' })).toHaveValue('ar');
    await expect(page.getByRole('link', { name: 'استكشاف' }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'استكشاف' }).first()).toBeVisible();
    // /login is built ahead in English; the page's own first script turns it before any app code runs.
    await page.route('**/static/js/**', (route) => route.abort());
    consoleGuard.allow(/^Failed to load resource/);
    await page.goto('/login');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(html).toHaveAttribute('dir', 'rtl');
  });

  test('a visitor who reads German logs in through /login in German, and Home greets them in German', async ({ page }) => {
    await page.goto('/login?lang=de');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(page).toHaveTitle('SocialConnect | Anmelden');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Bitte fülle alle Zugangsdaten aus!' })).toBeVisible();
    await page.getByLabel('Benutzername').fill('demo_user');
    await page.getByLabel('Passwort', { exact: true }).fill('demo-password-wrong');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Ungültige Zugangsdaten!' })).toBeVisible();
    await expect(page.getByLabel('Benutzername')).toHaveValue('demo_user');
    await page.getByRole('link', { name: 'Neues Konto erstellen?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Erstelle dein Konto' })).toBeVisible();
    await expect(page.getByLabel('Benutzername')).toHaveAccessibleDescription('3 bis 30 Zeichen: Buchstaben, Ziffern oder Unterstriche.');
    await page.getByRole('link', { name: 'Du hast schon ein Konto?' }).click();
    await page.getByRole('button', { name: 'Testzugangsdaten einfügen' }).click();
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Erfolgreich angemeldet!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Neueste Beiträge' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeAttached();
  });

  // On the real server, where no service worker stands between the page and its scripts, so the
  // journey can hold one back.
  test('a language whose words cannot load leaves the page as it was, and says so', { tag: ['@server'] }, async ({ page, consoleGuard }) => {
    await login(page);
    await page.route('**/lang-de.*', (route) => route.abort());
    consoleGuard.allow(/^Failed to load resource/);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('Deutsch');
    await expect(page.getByText('Deutsch could not load. Check your connection and try again.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  });

  // The app's own chunk refused: the first bundle says the app could not start, in the page's
  // language when its words load, else in English (marked so for a screen reader).
  test('an app that cannot start at all says so in the page\'s language, or in English when its words cannot load either', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/^Failed to load resource/);
    consoleGuard.allow(/^SocialConnect could not start\./);
    // On the context: once the stand-in's worker serves the tab, the chunks come through it.
    await page.context().route('**/static/js/app.*.js', (route) => route.abort());
    const root = page.locator('#root');

    await page.goto('/login?lang=ar');
    await expect(root).toHaveText('تعذّر تشغيل SocialConnect. يُرجى إعادة تحميل الصفحة.');
    await expect(root).not.toHaveAttribute('lang', /./);

    await page.context().route('**/static/js/lang-ar.*.js', (route) => route.abort());
    await page.goto('/explore?lang=ar');
    await expect(root).toHaveText('SocialConnect could not start. Please reload the page.');
    await expect(root).toHaveAttribute('lang', 'en');
    await expect(root).toHaveAttribute('dir', 'ltr');
  });

  test('every public route in the pseudo-locale, the ones built ahead in English too: no word left in English, no text cut off', { tag: ['@phone'] }, async ({ page }) => {
    const found: string[] = [];
    for (const route of PUBLIC_ROUTES) {
      await page.goto(inLanguage(route.path, 'en-XA'));
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[.*\]$/);
      found.push(...(await untranslated(page)).map((text) => `${route.path}: ${text}`), ...(await cutOff(page)).map((text) => `${route.path}: cut off: ${text}`));
    }
    expect(found).toEqual([]);
  });

  /** Each route loaded in English, then turned into the pseudo-locale in place: what is left in English or cut off. */
  async function inPseudoLocale(page: Page, routes: readonly RouteCheck[]): Promise<string[]> {
    const found: string[] = [];
    for (const route of routes) {
      await page.goto(inLanguage(route.path, 'en'));
      await route.ready(page);
      await memberShellReady(page);
      // In place, as QA switch it: the page that has loaded turns into the pseudo-locale.
      await page.keyboard.press('g');
      await page.keyboard.press('w');
      const panel = page.getByRole('dialog', { name: 'Stand-in workbench' });
      await panel.getByRole('combobox', { name: "The app's language, kept in this browser" }).selectOption('en-XA');
      await page.keyboard.press('Escape');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
      // The side navigation on a wide screen, the bottom bar on a phone.
      await expect(page.getByRole('navigation', { name: /^\[(Ṁàîñ|Ṁöƀîļé)·*\]$/ })).toBeVisible();
      found.push(...(await untranslated(page)).map((text) => `${route.path}: ${text}`), ...(await cutOff(page)).map((text) => `${route.path}: cut off: ${text}`));
    }
    return found;
  }

  // In parts of three routes, so the workers share the walk: all twelve in one journey took 56 s of its
  // 60 on a loaded machine.
  for (const routes of inParts(MEMBER_ROUTES, 3)) {
    test(`member routes in the pseudo-locale: ${routes.map((route) => route.name).join(', ')}: no word left in English, no text cut off`, { tag: ['@phone'] }, async ({ page }) => {
      await login(page);
      expect(await inPseudoLocale(page, routes)).toEqual([]);
    });
  }

  test('every staff route in the pseudo-locale, as an admin: no word left in English, no text cut off', { tag: ['@phone'] }, async ({ page, realServer }) => {
    await loginAsStaff(page, realServer);
    expect(await inPseudoLocale(page, STAFF_ROUTES)).toEqual([]);
  });
});
