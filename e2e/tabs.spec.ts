import { test, expect } from './fixtures';
import { DEMO, expectToast, login, logout, submitLogin, urlPath } from './helpers';

test.describe('Two tabs, one member', { tag: ['@server', '@standin'] }, () => {
  test('logging out in one tab ends the session in the other, which says why; logging in there returns to its page', async ({ page, context }) => {
    await login(page);

    // A second tab of the same browser is logged in from the start.
    const other = await context.newPage();
    await other.goto('/explore');
    await expect(other.getByRole('heading', { name: 'Explore' })).toBeVisible();
    await expect(other.getByRole('article').first()).toBeVisible();

    // Logging out in the first tab: the second one leaves its page for /login, without a reload, and says why.
    await logout(page);
    await expect(other).toHaveURL(urlPath('/login'));
    await expect(other.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
    await expect(other.getByRole('alert').filter({ hasText: 'You logged out in another tab' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    // The tab the member logged out in needs no such word.
    await expect(page.getByText('You logged out in another tab')).toHaveCount(0);

    // Logging in again in the second tab brings it back to Explore; the first one moves on from its login screen.
    await submitLogin(other, DEMO.username, DEMO.password);
    await expectToast(other, 'Logged In Successfully!');
    await expect(other).toHaveURL(urlPath('/explore'));
    await expect(other.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
    await expect(other.getByRole('article').first()).toBeVisible();
    await expect(page).not.toHaveURL(urlPath('/login'));
    await expect(page.getByRole('heading', { name: /^(Latest|Oldest|Trending) Posts$/ })).toBeVisible();
    await other.close();
  });
});
