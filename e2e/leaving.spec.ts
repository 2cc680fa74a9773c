/**
 * Leaving, as a member meets it: Your account's Delete account asks for the password, logs out and
 * says on /login when the account goes; meanwhile nobody else finds the member or what they wrote;
 * logging in again shows the banner, and Keep my account brings everything back. On the stand-in,
 * QA's clock moved past the grace period shows the account gone for good.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { DEMO, expectToast, login, logout, navigateTo, postCard, postCards, signUp, submitLogin, urlPath, writePost } from './helpers';

const RIA = { firstName: 'Ria', lastName: 'Okafor', username: 'ria_okafor', email: 'ria.okafor@example.com', password: 'ria-password-1' };
const POST = 'Ria says goodbye, for now';
const ON_LOGIN = /^Your account will be deleted on .+\. Log in before then to keep it\.$/;
const BANNER = /Your account will be deleted on .+\. Until then nobody else sees it\./;

/** Signs Ria up, writes her post, and answers the address of her profile. */
async function riaJoinsAndPosts(page: Page): Promise<string> {
  await signUp(page, RIA);
  await writePost(page, POST);
  await navigateTo(page, 'Profile');
  await expect(page.getByRole('heading', { name: 'Ria Okafor', level: 1 })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Deletes the account from Your account, with the password: the member lands on /login, told when it goes. */
async function deleteFromYourAccount(page: Page): Promise<void> {
  await page.goto('/settings/account');
  await expect(page.getByRole('heading', { name: 'Delete account', level: 2 })).toBeVisible();
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('not-her-password');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('That password is not right.')).toBeVisible();
  await expect(password).toHaveValue('not-her-password');
  await password.fill(RIA.password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(urlPath('/login'));
  await expect(page.getByRole('alert').filter({ hasText: ON_LOGIN })).toBeVisible();
  await expect(page.getByText('Your session has ended. Please log in again.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
}

test.describe('Leaving', () => {
  test('deleted from Your account, hidden from others, kept by logging in again', { tag: ['@server', '@standin'] }, async ({ page }) => {
    const profile = await riaJoinsAndPosts(page);
    await deleteFromYourAccount(page);

    // Another member finds neither her profile nor her post.
    await login(page, { username: DEMO.username, password: DEMO.password });
    await page.goto(profile);
    await expect(page.getByText('No member has this address. They may have left, or the link is mistyped.')).toBeVisible();
    await navigateTo(page, 'Explore');
    await expect(postCards(page).first()).toBeVisible();
    await expect(postCard(page, POST)).toHaveCount(0);
    await logout(page);

    // Ria logs in as before: the banner says when it goes, and keeps it.
    await page.goto('/login');
    await submitLogin(page, RIA.username, RIA.password);
    await expectToast(page, 'Logged In Successfully!');
    await expect(page).toHaveURL(urlPath('/'));
    const banner = page.getByRole('status').filter({ hasText: BANNER });
    await expect(banner).toBeVisible();
    await navigateTo(page, 'Explore');
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Keep my account' }).click();
    await expectToast(page, 'Your account is kept. Everyone sees it again.');
    await expect(page.getByText(BANNER)).toHaveCount(0);
    await logout(page);

    // Everyone sees her again.
    await login(page, { username: DEMO.username, password: DEMO.password });
    await page.goto(profile);
    await expect(page.getByRole('heading', { name: 'Ria Okafor', level: 1 })).toBeVisible();
    await navigateTo(page, 'Explore');
    await expect(postCard(page, POST)).toBeVisible();
  });

  test('on the stand-in, gone for good once the grace period is over', { tag: ['@standin'] }, async ({ page }) => {
    await riaJoinsAndPosts(page);
    await deleteFromYourAccount(page);

    // A plain address keeps the tab's store; QA's clock moves past the 14 days (the address's '+' encoded).
    await page.goto(`/login?clock=${encodeURIComponent('+15d')}`);
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    const answer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/api/auth/login'));
    await submitLogin(page, RIA.username, RIA.password);
    const refused = await answer;
    expect(refused.status()).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'user_not_registered' });
    await expectToast(page, 'Invalid Credentials!');
    await expect(page).toHaveURL(urlPath('/login'));

    // Nor does anyone find her post.
    await login(page, { username: DEMO.username, password: DEMO.password });
    await navigateTo(page, 'Explore');
    await expect(postCards(page).first()).toBeVisible();
    await expect(postCard(page, POST)).toHaveCount(0);
  });
});
