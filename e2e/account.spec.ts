/**
 * Your account on the stand-in, as a member finds it: from the side navigation on a desktop, from the
 * Display window on a phone; the device in use is listed first, named by its browser and system, and
 * Back from the page does not open the window again.
 */
import { test, expect } from './fixtures';
import { expectToast, login, openFromNavigation, openWorkbench, urlPath } from './helpers';

test.describe('Your account', { tag: ['@phone', '@standin'] }, () => {
  test('is found from the navigation and lists this device', async ({ page, isMobile }) => {
    await login(page);
    await openFromNavigation(page, 'Your account', isMobile);
    await expect(page).toHaveURL(urlPath('/settings/account'));
    await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Devices logged in' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText(isMobile ? 'Chrome on AndroidThis device' : 'Chrome on LinuxThis device');
    await expect(page.getByText('No other device is logged in.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(urlPath('/'));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('an email address added here is confirmed by the link in the workbench inbox', async ({ page }) => {
    await login(page);
    await page.goto('/settings/account');
    const field = page.getByRole('textbox', { name: 'Email Address' });
    await expect(page.getByText('No address yet: without one, a forgotten password cannot be set again.')).toBeVisible();
    await field.fill('ava@example.com');
    await page.getByRole('button', { name: 'Save the address' }).click();
    await expectToast(page, 'We sent a link to ava@example.com. Open it to confirm the address.');
    await expect(page.getByText('Not confirmed yet: open the link we mailed to it.')).toBeVisible();

    const inbox = (await openWorkbench(page)).getByRole('region', { name: 'Inbox' });
    const mail = inbox.getByRole('list', { name: 'Mail sent' }).getByRole('listitem').filter({ hasText: 'Confirm your email address for SocialConnect' });
    await expect(mail).toContainText('To ava@example.com');
    await mail.getByRole('link', { name: 'Open the link in this tab' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm your email address', level: 1 })).toBeVisible();
    await expect(page.getByText('Your email address is confirmed.')).toBeVisible();

    await page.goto('/settings/account');
    await expect(page.getByText('Confirmed.', { exact: true })).toBeVisible();
    await expect(field).toHaveValue('ava@example.com');
  });
});
