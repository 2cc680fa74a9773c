/**
 * Your data on the stand-in, as a member carries it: the demo member downloads everything they made as
 * one zip, a new account is made, the zip is imported there, and the posts show on its profile with
 * their images.
 */
import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures';
import { login, logout, navigateTo, signUp } from './helpers';

test.describe('Your data', { tag: ['@standin'] }, () => {
  test('is downloaded as one zip and imported into a new account, whose profile then shows the posts', async ({ page }) => {
    await login(page);
    await page.goto('/settings/account');
    const button = page.getByRole('button', { name: 'Download your data', exact: true });
    await expect(button).toBeVisible();
    const saving = page.waitForEvent('download');
    await button.click();
    // The button, what it says and what is said beside it: should the zip not come, this names the
    // step it stopped at (gathering, an image, packing, or the failure) instead of a download's timeout.
    const part = button.locator('xpath=..');
    await expect(part).toHaveText(/Your data is saved as socialconnect-demo_user-\d{4}-\d{2}-\d{2}\.zip\.$/, { timeout: 30_000 });
    const saved = await saving;
    expect(saved.suggestedFilename()).toMatch(/^socialconnect-demo_user-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(part.getByRole('status')).toHaveText(`Your data is saved as ${saved.suggestedFilename()}.`);
    const zip = await readFile(await saved.path());
    // A zip file: its local header's signature.
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

    await logout(page);
    await signUp(page, { firstName: 'Iris', lastName: 'Novak', username: 'iris_novak', email: 'iris@example.com', password: 'sunflower99' });

    await page.goto('/settings/account');
    await page.getByLabel('Your data file (.zip)').setInputFiles({ name: saved.suggestedFilename(), mimeType: 'application/zip', buffer: zip });
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^\d+ posts imported, 2 follows made, 0 skipped\.$/ })).toBeVisible();

    await navigateTo(page, 'Profile');
    await expect(page.getByRole('heading', { name: 'Iris Novak' })).toBeVisible();
    await expect(page.getByText('Hello SocialConnect! Starting the week with a walk and a plan.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'A path through a pine forest, morning sun slanting through the mist between the trunks.' })).toBeVisible();
  });
});
