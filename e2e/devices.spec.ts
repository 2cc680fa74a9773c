/**
 * Your devices on the stand-in, as a member finds it: from the side navigation on a desktop, from the
 * Display window on a phone; the device in use is listed first, named by its browser and system, and
 * Back from the page does not open the window again.
 */
import { test, expect } from './fixtures';
import { login, urlPath } from './helpers';

test.describe('Your devices', { tag: ['@phone', '@standin'] }, () => {
  test('is found from the navigation and lists this device', async ({ page, isMobile }) => {
    await login(page);
    if (isMobile) {
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Display' }).click();
      await page.getByRole('dialog', { name: 'Display' }).getByRole('link', { name: 'Your devices' }).click();
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your devices' }).click();
    }
    await expect(page).toHaveURL(urlPath('/settings/devices'));
    await expect(page.getByRole('heading', { name: 'Your devices', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Devices logged in' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText(isMobile ? 'Chrome on AndroidThis device' : 'Chrome on LinuxThis device');
    await expect(page.getByText('No other device is logged in.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(urlPath('/'));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
