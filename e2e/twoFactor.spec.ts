/**
 * Two-factor sign-in, as a member meets it: turned on from Your account with the key the page shows
 * (the journey plays the authenticator app, from the key's text), then login asks for a code after
 * the password and takes the app's code, or a recovery code once; turned off by a code. On the
 * stand-in, QA logs in to the `two-factor` scenario with the code its workbench shows.
 */
import type { Page } from '@playwright/test';
import { authenticatorCode } from '../contract/rules/twoFactor';
import { test, expect, openWithScenario } from './fixtures';
import { expectToast, login, logout, openWorkbench, signUp, submitLogin, urlPath } from './helpers';

const TESS = { firstName: 'Tess', lastName: 'Ngata', username: 'tess_ngata', email: 'tess.ngata@example.com', password: 'tess-password-1' };
const STEP_MS = 30_000;

/** The code an authenticator with `key` shows `steps` steps of 30 seconds from now. */
const codeOf = (key: string, steps = 0) => authenticatorCode(key, new Date(Date.now() + steps * STEP_MS));

/** The password first; the form then asks for the code, which it takes. */
async function loginWithCode(page: Page, code: string): Promise<void> {
  await submitLogin(page, TESS.username, TESS.password);
  await expect(page.getByText('Two-factor sign-in is on: enter the code from your authenticator app.')).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Authentication code' });
  await expect(field).toBeFocused();
  await field.fill(code);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Logged In Successfully!');
  await expect(page).toHaveURL(urlPath('/'));
}

test.describe('Two-factor sign-in', () => {
  test('turned on from Your account; login takes the app code, then a recovery code once; a code turns it off', { tag: ['@server', '@standin'] }, async ({ page }) => {
    await signUp(page, TESS);

    await page.goto('/settings/account');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(page.getByRole('img', { name: 'QR code of the key for your authenticator app' })).toBeVisible();
    const key = ((await page.getByText(/^Key: /).textContent()) ?? '').replace(/^Key: /, '').replace(/ /g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByRole('textbox', { name: 'Code from the app' }).fill(await codeOf(key));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expectToast(page, 'Two-factor sign-in is on.');
    const codes = await page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have kept them' }).click();
    await expect(page.getByText('On. Logging in asks for a code from your authenticator app. 10 recovery codes left.')).toBeVisible();

    // The code of now turned it on: the app's next one logs in (a step ahead is accepted).
    await logout(page);
    await loginWithCode(page, await codeOf(key, 1));

    await logout(page);
    await loginWithCode(page, codes[0]!);
    // Used once: the same recovery code is refused, and what was typed stays.
    await logout(page);
    await submitLogin(page, TESS.username, TESS.password);
    const field = page.getByRole('textbox', { name: 'Authentication code' });
    await field.fill(codes[0]!);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'That code is not right. Enter the code your authenticator app shows now, or an unused recovery code.');
    await expect(field).toHaveValue(codes[0]!);
    await field.fill(codes[1]!);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(urlPath('/'));

    await page.goto('/settings/account');
    await expect(page.getByText('On. Logging in asks for a code from your authenticator app. 8 recovery codes left.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Code from the app, or a recovery code' }).fill(codes[2]!);
    await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expectToast(page, 'Two-factor sign-in is off.');
    await expect(page.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();

    // Off: the password alone logs in again.
    await logout(page);
    await login(page, { username: TESS.username, password: TESS.password });
  });

  test("QA logs in to the two-factor scenario with the workbench's code", { tag: ['@standin'] }, async ({ page }) => {
    await openWithScenario(page, '/login', 'two-factor');
    await submitLogin(page, 'demo_user', 'welcome123');
    const field = page.getByRole('textbox', { name: 'Authentication code' });
    await expect(field).toBeFocused();

    const panel = await openWorkbench(page);
    const entry = panel.getByRole('list', { name: 'Authenticator codes' }).getByRole('listitem').filter({ hasText: 'demo_user' });
    await expect(entry).toContainText(/demo_user: \d{6} \(\d+ s left\)/);
    const code = /(\d{6})/.exec((await entry.textContent()) ?? '')?.[1];
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await field.fill(code!);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Logged In Successfully!');
    await expect(page).toHaveURL(urlPath('/'));
  });
});
