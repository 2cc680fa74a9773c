import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';
import { DEMO, expectToast, expectToastClearOf, fillSignup, isPhone, login, logout, submitLogin, TAKEN_USERNAME, toast, urlPath } from './helpers';

test.describe('Signup', { tag: ['@server'] }, () => {
  test('validation toasts come in the spec order, then an account is created and the member lands home', async ({ page }) => {
    await page.goto('/signup');
    await expect(page).toHaveTitle('SocialConnect | Signup');
    await expect(page.getByRole('link', { name: 'Already have an account?' })).toHaveAttribute('href', '/login');
    const create = page.getByRole('button', { name: 'Create New Account' });

    // Nothing filled in: the missing fields are named first.
    await create.click();
    await expectToast(page, 'Please Fill All Credentials!');

    // Everything but the terms, with a mismatched confirmation: still the missing-credentials toast.
    await fillSignup(page, {
      firstName: 'Iris', lastName: 'Novak', username: 'iris_novak', email: 'iris@example.com',
      password: 'sunflower99', confirmPassword: 'sunflower98', acceptTerms: false,
    });
    await page.locator('.Toastify').getByRole('alert').first().waitFor({ state: 'detached' });
    await create.click();
    await expectToast(page, 'Please Fill All Credentials!');
    await expect(toast(page, 'Password Must Match Confirm Password!')).toHaveCount(0);

    // Terms accepted: now the confirmation is the problem.
    await page.getByRole('checkbox', { name: 'I accept all Terms & Conditions' }).check();
    await create.click();
    await expectToast(page, 'Password Must Match Confirm Password!');
    await expect(page).toHaveURL(urlPath('/signup'));

    // A username too short for the backends' rule: marked and focused before anything is sent.
    await page.getByLabel('Confirm Password', { exact: true }).fill('sunflower99');
    const username = page.getByLabel('Username');
    await username.fill('in');
    await create.click();
    await expect(username).toBeFocused();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription('Username must be 3 to 30 characters: letters, digits or underscores.');

    // Fixed: the account is created and the member is home, with an empty feed of their own.
    await username.fill('iris_novak');
    await create.click();
    await expectToast(page, 'Signed Up Successfully!');
    await expect(page).toHaveURL(urlPath('/'));
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    await expect(page.getByText("Let's Create Some Posts...!")).toBeVisible();
  });

  test("'Fill Test Credentials' fills a sample account that signs up and lands home", { tag: ['@phone'] }, async ({ page }, testInfo) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Fill Test Credentials' }).click();
    await expectToast(page, 'Test Credentials Filled!');
    await expect(page.getByLabel('First Name')).toHaveValue('Sam');
    await expect(page.getByLabel('Last Name')).toHaveValue('Rivera');
    await expect(page.getByLabel('Username')).toHaveValue('sam_rivera');
    await expect(page.getByRole('checkbox', { name: 'I accept all Terms & Conditions' })).toBeChecked();
    await page.getByRole('button', { name: 'Create New Account' }).click();
    await expectToast(page, 'Signed Up Successfully!');
    await expect(page).toHaveURL(urlPath('/'));
    await expect(page).toHaveTitle('SocialConnect | Home');
    if (!isPhone(testInfo)) {
      await expect(page.getByRole('navigation', { name: 'Main' }).getByText('@sam_rivera')).toBeVisible();
    }
  });

  test("toasts never cover the form's buttons, even with the buttons at the screen's bottom edge", { tag: ['@phone'] }, async ({ page }) => {
    await page.goto('/signup');
    const create = page.getByRole('button', { name: 'Create New Account' });
    const fill = page.getByRole('button', { name: 'Fill Test Credentials' });
    const atBottomEdge = async (button: Locator) => {
      await button.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await button.focus();
    };

    // Pressed from the keyboard, so nothing scrolls the page on the way.
    await atBottomEdge(fill);
    await page.keyboard.press('Enter');
    await expectToastClearOf(page, 'Test Credentials Filled!', [create, fill]);

    await page.getByLabel('Username').fill(DEMO.username);
    await atBottomEdge(create);
    await page.keyboard.press('Enter');
    await expectToastClearOf(page, 'Unprocessable Entity. Username Already Exists.', [create, fill]);
  });

  test('an existing username is refused with the backend message and the form keeps what was typed', async ({ page }) => {
    await page.goto('/signup');
    await fillSignup(page, TAKEN_USERNAME);
    await page.getByRole('button', { name: 'Create New Account' }).click();
    await expectToast(page, 'Unprocessable Entity. Username Already Exists.');
    await expect(page).toHaveURL(urlPath('/signup'));
    await expect(page.getByLabel('Username')).toHaveValue(DEMO.username);
    await expect(page.getByLabel('First Name')).toHaveValue('Another');
  });
});

test.describe('the demo account', { tag: ['@server'] }, () => {
  test('a server that loaded the demo network offers it on /login and /signup once its health says so, never in the page built ahead', async ({ page, request }) => {
    // The pages built for a server leave the offer out: a real network never shows it, even for a moment.
    for (const path of ['/login', '/signup']) expect(await (await request.get(path)).text()).not.toContain('Fill Test Credentials');
    expect((await (await request.get('/api/health')).json()) as { demo?: boolean }).toMatchObject({ demo: true });

    await page.goto('/login');
    await page.getByRole('button', { name: 'Fill Test Credentials' }).click();
    await expect(page.getByLabel('Username')).toHaveValue(DEMO.username);
    await page.getByRole('link', { name: 'Create New Account?' }).click();
    await expect(page.getByRole('button', { name: 'Fill Test Credentials' })).toBeVisible();
  });
});

test.describe('Login', { tag: ['@server'] }, () => {
  test('empty fields and a wrong password are refused; the demo account logs in', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('SocialConnect | Login');
    await expect(page.getByRole('link', { name: 'Create New Account?' })).toHaveAttribute('href', '/signup');

    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Please Fill All Credentials!');
    // The page's first toast brings the toasts' region, each named in words, not by their ids.
    await expect(page.getByRole('region', { name: 'Notifications Alt+T' })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Close message' })).toBeVisible();

    await page.getByLabel('Username').fill(DEMO.username);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(toast(page, 'Please Fill All Credentials!')).not.toHaveCount(0);

    await submitLogin(page, DEMO.username, 'not-my-password');
    await expectToast(page, 'Invalid Credentials!');
    await expect(page.getByText('The credentials you entered are invalid', { exact: false })).toHaveCount(0);
    await expect(page).toHaveURL(urlPath('/login'));
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('not-my-password');

    await page.getByRole('button', { name: 'Fill Test Credentials' }).click();
    await expectToast(page, 'Test Credentials Filled!');
    await expect(page.getByLabel('Username')).toHaveValue(DEMO.username);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(DEMO.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Logged In Successfully!');
    await expect(page).toHaveURL(urlPath('/'));
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test("an unknown username gets the same 'Invalid Credentials!': the screen never says which usernames exist", async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'nobody_here', 'whatever123');
    await expectToast(page, 'Invalid Credentials!');
    await expect(page.getByText('not Registered', { exact: false })).toHaveCount(0);
    await expect(page).toHaveURL(urlPath('/login'));
  });

  test('a visitor of a protected page logs in and is taken back to it', async ({ page }) => {
    await page.goto('/bookmark');
    await expect(page).toHaveURL(urlPath('/login'));
    await submitLogin(page, DEMO.username, DEMO.password);
    await expectToast(page, 'Logged In Successfully!');
    await expect(page).toHaveURL(urlPath('/bookmark'));
    await expect(page.getByRole('heading', { name: 'Bookmarks', level: 1 })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: 'Saw the northern lights' })).toBeVisible();
  });

  test('logout ends the session: protected pages lead to /login again', async ({ page }) => {
    await login(page);
    await logout(page);
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await page.goto('/explore');
    await expect(page).toHaveURL(urlPath('/login'));
    // Logging in again returns to the page asked for.
    await submitLogin(page, DEMO.username, DEMO.password);
    await expect(page).toHaveURL(urlPath('/explore'));
  });

  test("a press on Logout begun while the member's tools still load logs out when released", async ({ page }) => {
    // The top bar's tools (people search, Logout's question) come in a chunk of their own: held
    // back here until the member's finger is on Logout.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/member-people\.[0-9a-f]+\.chunk\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await submitLogin(page, DEMO.username, DEMO.password);
    await expectToast(page, 'Logged In Successfully!');
    const logoutButton = page.getByRole('banner').getByRole('button', { name: 'Logout' });
    const box = await logoutButton.boundingBox();
    if (!box) throw new Error('Logout is not on screen.');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // The tools arrive under the finger: the search box shows beside Logout.
    release();
    await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Search People' })).toBeVisible();
    await page.mouse.up();
    await expectToast(page, 'Logged Out Successfully!');
    await expect(page).toHaveURL(urlPath('/login'));
  });
});
