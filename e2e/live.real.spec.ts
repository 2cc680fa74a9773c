/**
 * The live network across devices, which only a shared server makes possible: a session ended on
 * one device ends on the other at once, without waiting for its next call.
 */
import { test, expect } from './fixtures';
import { DEMO, expectToast, login, navigateTo, urlPath } from './helpers';

test.describe('A live network, two devices', { tag: ['@server'] }, () => {
  test('a password change on one device takes the other to /login with the message', async ({ page, browser, baseURL }) => {
    await login(page);
    const phone = await browser.newContext({ baseURL });
    try {
      const other = await phone.newPage();
      await login(other);

      await navigateTo(page, 'Profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      const panel = page.getByRole('dialog', { name: 'Edit Profile' });
      await panel.getByLabel('Current Password').fill(DEMO.password);
      await panel.getByLabel('New Password').fill('a-brand-new-pass');
      await panel.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'User Bio Updated Successfully!');

      await expect(other).toHaveURL(urlPath('/login'), { timeout: 2_000 });
      await expect(other.getByText('Your session has ended. Please log in again.')).toBeVisible();
    } finally {
      await phone.close();
    }
  });
});
