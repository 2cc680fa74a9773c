import { test, expect } from './fixtures';
import { login } from './helpers';

test.describe('A language asked for by the address', () => {
  test('Polish counts as Polish does, Arabic turns the page right to left, the pseudo-locale brackets each translated text; none stays', async ({ page }) => {
    await login(page);
    const html = page.locator('html');
    const counts = page.getByRole('list', { name: 'Connections' });

    await page.goto('/users/u-maya-patel?lang=pl');
    await expect(html).toHaveAttribute('lang', 'pl');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(counts.getByRole('button', { name: '3 obserwujących' })).toBeVisible();

    await page.goto('/users/u-maya-patel?lang=ar');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(counts.getByRole('button', { name: '3 متابعين' })).toBeVisible();
    // The page around the member's own words runs from the right (a name keeps its own direction).
    await expect(counts).toHaveCSS('direction', 'rtl');

    await page.goto('/users/u-maya-patel?lang=en-XA');
    await expect(counts.getByRole('button', { name: /^\[3 Ƒöļļöŵéŕš·+\]$/ })).toBeVisible();

    // Without it, English, as the page was built.
    await page.goto('/users/u-maya-patel');
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(counts.getByRole('button', { name: '3 Followers' })).toBeVisible();
  });
});
