import { test, expect } from './fixtures';
import { DEMO, expectToast, expectToastClearOf, login, logout, MEMBERS, navigateTo, NEW_AVATAR, submitLogin, toast, uploadedImageSrc, urlPath } from './helpers';
import type { Page } from '@playwright/test';

async function openOwnProfile(page: Page) {
  await navigateTo(page, 'Profile');
  await expect(page).toHaveURL(urlPath(`/users/${MEMBERS.ava.id}`));
  await expect(page.getByRole('heading', { name: 'Ava Reed', level: 1 })).toBeVisible();
}

async function openEditPanel(page: Page) {
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const panel = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('Profile', { tag: ['@server'] }, () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
    await openOwnProfile(page);
  });

  test('the member edits bio, portfolio link and avatar', async ({ page, backend }) => {
    const header = page.getByRole('region', { name: 'Ava Reed' });
    await expect(header).toContainText('Product designer. Morning walks, strong coffee, small sketches.');
    await expect(header.getByRole('link', { name: 'ava-reed.example.com' })).toHaveAttribute('href', 'https://ava-reed.example.com');

    const panel = await openEditPanel(page);
    await expect(panel.getByLabel('Bio')).toHaveValue('Product designer. Morning walks, strong coffee, small sketches.');
    await panel.getByLabel('Bio').fill('Designer, walker, tester of journeys.');
    await panel.getByLabel('Portfolio Link').fill('https://portfolio.example.org/ava');
    await panel.getByLabel('Avatar').setInputFiles(NEW_AVATAR);
    await expect(panel.getByRole('img', { name: "Ava Reed's avatar" })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'User Bio Updated Successfully!');
    await expect(panel).toHaveCount(0);

    await expect(header).toContainText('Designer, walker, tester of journeys.');
    const link = header.getByRole('link', { name: 'portfolio.example.org/ava' });
    await expect(link).toHaveAttribute('href', 'https://portfolio.example.org/ava');
    const avatar = header.getByRole('img', { name: "Ava Reed's avatar" });
    await expect(avatar).toHaveAttribute('src', uploadedImageSrc(backend, 'jpg'));
    await expect.poll(() => avatar.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(96);

    // Discard closes the panel without saving.
    const again = await openEditPanel(page);
    await again.getByLabel('Bio').fill('Not saved.');
    await again.getByRole('button', { name: 'Discard' }).click();
    await expect(again).toHaveCount(0);
    await expect(header).toContainText('Designer, walker, tester of journeys.');
  });

  test('a javascript: portfolio link is refused and never becomes a link', async ({ page }) => {
    const panel = await openEditPanel(page);
    const portfolio = panel.getByLabel('Portfolio Link');
    await portfolio.fill('javascript:alert(document.cookie)');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Enter a link that starts with http:// or https:// (for example https://example.com).');
    await expect(portfolio).toBeFocused();
    await expect(portfolio).toHaveAttribute('aria-invalid', 'true');
    await expect(panel).toBeVisible();
    await expect(toast(page, 'User Bio Updated Successfully!')).toHaveCount(0);

    await panel.getByRole('button', { name: 'Close edit profile' }).click();
    await expect(panel).toHaveCount(0);
    const header = page.getByRole('region', { name: 'Ava Reed' });
    await expect(header.getByRole('link', { name: 'ava-reed.example.com' })).toBeVisible();
    await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  });

  test('a new password needs the current one, and works at the next login', async ({ page }) => {
    const panel = await openEditPanel(page);
    const newPassword = panel.getByLabel('New Password');
    const currentPassword = panel.getByLabel('Current Password');

    const buttons = [panel.getByRole('button', { name: 'Save' }), panel.getByRole('button', { name: 'Discard' })];

    await newPassword.fill('brand-new-pass1');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expectToastClearOf(page, 'Enter your current password to set a new one.', buttons);
    await expect(currentPassword).toBeFocused();
    await expect(currentPassword).toHaveAttribute('aria-invalid', 'true');
    await expect(currentPassword).toHaveAccessibleDescription('Needed to set a new password.');

    await currentPassword.fill('not-the-password');
    await expect(currentPassword).not.toHaveAttribute('aria-invalid');
    await panel.getByRole('button', { name: 'Save' }).click();
    // Said once, at the field: no toast about credentials beside it.
    await expect(currentPassword).toHaveAccessibleDescription('This is not your current password.');
    await expect(currentPassword).toBeFocused();
    await expect(currentPassword).toHaveAttribute('aria-invalid', 'true');
    await expect(toast(page, 'The credentials you entered are invalid. Unauthorized access error.')).toHaveCount(0);
    // A wrong current password refuses the change, not the session: the panel keeps what was typed.
    await expect(page).toHaveURL(urlPath(`/users/${MEMBERS.ava.id}`));
    await expect(panel).toBeVisible();
    await expect(newPassword).toHaveValue('brand-new-pass1');

    await currentPassword.fill(DEMO.password);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'User Bio Updated Successfully!');
    await expect(panel).toHaveCount(0);

    await logout(page);
    await submitLogin(page, DEMO.username, DEMO.password);
    await expectToast(page, 'Invalid Credentials!');
    await expect(page).toHaveURL(urlPath('/login'));
    await submitLogin(page, DEMO.username, 'brand-new-pass1');
    await expectToast(page, 'Logged In Successfully!');
    await expect(page).toHaveURL(urlPath('/'));
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  });
});
