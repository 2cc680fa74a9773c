import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { DEMO, expectToast, fillSignup, holdScripts, openWithChunksHeld, quietOnceAsked, TAKEN_USERNAME, toast, urlPath } from './helpers';


test.describe('The first screen, before any script', { tag: ['@server'] }, () => {
  test('/login and /signup paint their whole form with no script at all', { tag: ['@phone'] }, async ({ page, consoleGuard }) => {
    consoleGuard.allow(/^Failed to load resource: net::ERR_FAILED/);
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create New Account?' })).toHaveAttribute('href', '/signup');

    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expect(page.getByLabel('Email Address')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'I accept all Terms & Conditions' })).toBeVisible();
  });

  // How the app's entry fails to come: each leaves the page saying so, and a Login then loads it again.
  const entryFailures = [
    {
      // A build replaced under a running server, or a dropped connection: the app's entry never comes.
      how: 'its code cannot load',
      answer: { status: 404, contentType: 'text/plain', body: 'Not found.' },
      said: /^Failed to load resource: the server responded with a status of 404/,
    },
    {
      // A proxy or a portal answering in the network's place: the browser gets a page, runs it as the
      // app's entry, and it fails to run; no failed load is told of.
      how: 'its entry comes as a page instead of a script',
      answer: { status: 200, contentType: 'text/html', body: '<!doctype html><title>Sign in to this network</title>' },
      said: /^Unexpected token '<'/,
    },
  ];
  for (const { how, answer, said } of entryFailures) {
    test(`says the app could not start when ${how}, and a Login pressed then loads the page again`, async ({ page, consoleGuard }) => {
      consoleGuard.allow(said);
      let asked = 0;
      await page.route(/\/static\/js\/main\.\w+\.js$/, (route) => {
        asked += 1;
        return route.fulfill(answer);
      });
      await page.goto('/login');
      const login = page.getByRole('button', { name: 'Login', exact: true });
      await expect(page.getByRole('alert')).toHaveText('SocialConnect could not start. Please reload the page.');
      await page.getByLabel('Username').fill(DEMO.username);
      await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
      await login.click();
      // Not held for an app that will not come: the form goes to the page's address, which answers
      // the page again, and the app's entry is asked for again.
      await expect.poll(() => asked).toBe(2);
      await expect(page.getByRole('alert')).toHaveText('SocialConnect could not start. Please reload the page.');
      await expect(page).toHaveURL(urlPath('/login'));
      await expect(login).not.toHaveAttribute('aria-busy');
    });
  }

  test('what a visitor types before the app has started is kept, and logs them in', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Username').fill(DEMO.username);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);

    release();
    await page.waitForLoadState('load');
    await expect(page.getByLabel('Username')).toHaveValue(DEMO.username);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Logged In Successfully!');
    await expect(page).toHaveURL(urlPath('/'));
  });

  test('a Login pressed before the app has taken the page over is answered once it has', async ({ page }) => {
    // The entry script runs; the app's chunks are slow to come.
    const release = await openWithChunksHeld(page, '/login');
    await page.getByLabel('Username').fill(DEMO.username);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(urlPath('/login'));
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(DEMO.password);

    release();
    await expectToast(page, 'Logged In Successfully!');
    await expect(page).toHaveURL(urlPath('/'));
  });

  test('presses made before any of the app\'s scripts has come are held from the first paint, and answered once they have', { tag: ['@phone'] }, async ({ page, backend }) => {
    // A slow network: the page and its head are here; the app's scripts, its entry too, are not.
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    const fill = page.getByRole('button', { name: 'Fill Test Credentials' });
    if (backend === 'mock') {
      await fill.click();
      await expect(page.getByLabel('Username')).toHaveValue(DEMO.username);
      await expect(fill).toHaveAttribute('aria-busy', 'true');
    } else {
      // A server's page is built without the demo offer (the app adds it where health says demo).
      await expect(fill).toHaveCount(0);
      await page.getByLabel('Username').fill(DEMO.username);
      await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    }
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await login.click();
    // Held, not sent to the page's own address: the last press is the one kept.
    await expect(login).toHaveAttribute('aria-busy', 'true');
    if (backend === 'mock') await expect(fill).not.toHaveAttribute('aria-busy');
    await expect(page).toHaveURL(urlPath('/login'));

    release();
    await expectToast(page, 'Logged In Successfully!');
    await expect(page).toHaveURL(urlPath('/'));
  });

  test('a box ticked and a button pressed before the app has taken /signup over both count once it has', async ({ page }) => {
    const release = await openWithChunksHeld(page, '/signup');
    await fillSignup(page, TAKEN_USERNAME);
    await page.getByRole('button', { name: 'Create New Account' }).click();

    release();
    // The form went out whole: the backend's answer, not a missing-field toast.
    await expectToast(page, 'Unprocessable Entity. Username Already Exists.');
    await expect(page.getByRole('checkbox', { name: 'I accept all Terms & Conditions' })).toBeChecked();
    await expect(page).toHaveURL(urlPath('/signup'));
  });

  test('a member who is logged in and opens /login goes home, as before', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(DEMO.username);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(urlPath('/'));
    await page.goto('/login');
    await expect(page).toHaveURL(urlPath('/'));
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  });

  test('the app takes /login over once it is shown, with no stand-in until a member starts on the form', { tag: ['@standin'] }, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // The login page's own chunk, which the app asks for once it has started.
    const quiet = quietOnceAsked(page, (path) => /\/page-login\.\w+\.chunk\.js$/.test(path));
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    // The app's chunk comes once the page is on screen, with no key press or tap.
    await expect.poll(() => scripts.some((path) => /\/app\.[\w]+\.chunk\.js$/.test(path))).toBe(true);
    await quiet();
    expect(scripts.filter((path) => path.includes('mocks'))).toEqual([]);

    await page.getByLabel('Username').fill(DEMO.username);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Logged In Successfully!');
    await expect(page).toHaveURL(urlPath('/'));
  });
});

// The stand-in's pages are built with the demo offer; a server's are not (the app adds it once its
// health says the network is a demo), so a press on it before the app is the stand-in's alone.
test.describe('The stand-in\'s first screen: Fill Test Credentials before the app', () => {
  test('Fill Test Credentials pressed before the app has taken the page over fills the form at once; the app confirms once it has', { tag: ['@phone'] }, async ({ page }) => {
    const { release, fill } = await pressFillBeforeTheApp(page, '/signup');
    // Answered though the app has not started: the fields show the sample, the button is working.
    await expect(page.getByLabel('First Name')).toHaveValue('Sam');
    await expect(page.getByRole('checkbox', { name: 'I accept all Terms & Conditions' })).toBeChecked();
    await expect(fill).toHaveAttribute('aria-busy', 'true');

    release();
    await expectToast(page, 'Test Credentials Filled!');
    await expect(fill).not.toHaveAttribute('aria-busy');
    await expect(page).toHaveURL(urlPath('/signup'));
    // The app has what the page shows: the sample account signs up.
    await page.getByRole('button', { name: 'Create New Account' }).click();
    await expectToast(page, 'Signed Up Successfully!');
    await expect(page).toHaveURL(urlPath('/'));
  });

  test('a press the visitor typed past before the app took the page over is let go: what they typed stays', { tag: ['@phone'] }, async ({ page }) => {
    const { release, fill } = await pressFillBeforeTheApp(page, '/login');
    await expect(page.getByLabel('Username')).toHaveValue(DEMO.username);
    await page.getByLabel('Username').fill('someone_else');
    await expect(fill).not.toHaveAttribute('aria-busy');

    release();
    // Once the app answers a press, any press it held has been made: the sample did not come back.
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByRole('button', { name: 'Hide password' })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue('someone_else');
    await expect(toast(page, 'Test Credentials Filled!')).toHaveCount(0);
    // What the page shows is what the app sends: the typed name, refused.
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Invalid Credentials!');
  });

});

/** Opens a page built ahead with the app's chunks held back, and presses Fill Test Credentials there. */
async function pressFillBeforeTheApp(page: Page, path: string) {
  const release = await openWithChunksHeld(page, path);
  const fill = page.getByRole('button', { name: 'Fill Test Credentials' });
  await fill.click();
  return { release, fill };
}
