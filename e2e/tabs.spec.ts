import { test, expect } from './fixtures';
import { DEMO, expectToast, login, logout, submitLogin, urlPath } from './helpers';

test.describe('Two tabs, one member', { tag: ['@server'] }, () => {
  test('logging out in one tab ends the session in the other; logging in shows there too', async ({ page, context }) => {
    await login(page);

    // A second tab of the same browser is logged in from the start.
    const other = await context.newPage();
    await other.goto('/explore');
    await expect(other.getByRole('heading', { name: 'Explore' })).toBeVisible();
    await expect(other.getByRole('article').first()).toBeVisible();

    // Logging out in the first tab: the second one leaves its page for /login, without a reload.
    await logout(page);
    await expect(other).toHaveURL(urlPath('/login'));
    await expect(other.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Logout' })).toHaveCount(0);

    // Logging in again in the first tab: the second one moves on from its login screen.
    await submitLogin(page, DEMO.username, DEMO.password);
    await expectToast(page, 'Logged In Successfully!');
    await expect(other).not.toHaveURL(urlPath('/login'));
    await expect(other.getByRole('heading', { name: /^(Latest|Oldest|Trending) Posts$/ })).toBeVisible();
    await expect(other.getByRole('article').first()).toBeVisible();
    await other.close();
  });
});
