import { test, expect } from './fixtures';
import { login } from './helpers';

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
});
