/**
 * Journeys only a shared server makes possible: two members on two devices (browser contexts) see
 * each other, sessions end on the server, and nothing is lost when the server restarts.
 */
import type { Browser, Page } from '@playwright/test';
import { test, expect, SERVER_GONE } from './fixtures';
import { DEMO, expectToast, fillSignup, liamPostsAndHomeShowsIt, login, logout, MEMBERS, navigateTo, postCard, postCards, pressWhileServerDown, SEED_TEXT, settledHomeBeforeOutage, submitLogin, topBarSearch, UPLOAD_PHOTO, urlPath, writePost } from './helpers';

function connections(page: Page) {
  return page.getByRole('list', { name: 'Connections' });
}

/**
 * A second device, a phone beside the project's laptop: its own browser context (own storage), with
 * the page's console watched too.
 */
async function secondDevice(browser: Browser, baseURL: string): Promise<{ page: Page; problems: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/^Failed to load resource: the server responded with a status of \d+/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems, close: () => context.close() };
}

/** The token this device's session keeps (spec: localStorage, key encodedToken). */
function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('encodedToken'));
}

async function openEditProfile(page: Page) {
  await navigateTo(page, 'Profile');
  await expect(page.getByRole('heading', { name: 'Ava Reed', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  return page.getByRole('dialog', { name: 'Edit Profile' });
}

test.describe('One network, several devices', { tag: ['@server'] }, () => {
  test('a post with an image reaches a new member who follows its author; likes and follows show on both sides', { tag: ['@postgres'] }, async ({ page, browser, baseURL }) => {
    // Member A (the demo member) posts with an image.
    await login(page);
    const composer = page.getByRole('form', { name: 'Create a post' });
    await composer.getByLabel('Image file').setInputFiles(UPLOAD_PHOTO);
    await composer.getByRole('textbox', { name: 'New post text' }).fill('Shared from the laptop, for whoever follows me.');
    await composer.getByRole('button', { name: 'Post' }).click();
    await expectToast(page, 'New Post Created Successfully!');
    await expect(postCards(page).first()).toContainText('Shared from the laptop');

    // Member B signs up on another device, finds A by name and follows A.
    const b = await secondDevice(browser, baseURL ?? '');
    try {
      await b.page.goto('/signup');
      await fillSignup(b.page, { firstName: 'Bea', lastName: 'Okafor', username: 'bea_okafor', email: 'bea@example.com', password: 'bea-password' });
      await b.page.getByRole('button', { name: 'Create New Account' }).click();
      await expectToast(b.page, 'Signed Up Successfully!');
      await expect(b.page).toHaveURL(urlPath('/'));
      await expect(postCards(b.page)).toHaveCount(0);

      await topBarSearch(b.page).fill('Reed');
      await b.page.getByRole('banner').getByRole('list', { name: 'People found' }).getByRole('link', { name: /Ava Reed/ }).click();
      await expect(b.page).toHaveURL(urlPath(`/users/${MEMBERS.ava.id}`));
      const main = b.page.getByRole('main');
      await main.getByRole('button', { name: 'Follow Ava Reed' }).click();
      await expectToast(b.page, 'You started following Ava Reed');

      // B's home feed has A's posts, the new one first, with its image.
      await navigateTo(b.page, 'Home');
      const shared = postCard(b.page, 'Shared from the laptop');
      await expect(postCards(b.page).first()).toContainText('Shared from the laptop');
      const image = shared.getByRole('img', { name: 'Image posted by Ava Reed, with no description' });
      await expect(image).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}\.jpg$/);
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(64);
      await expect(postCard(b.page, SEED_TEXT.avaHello)).toBeVisible();

      // B likes it; A reloads and sees the like and the new follower.
      await shared.getByRole('button', { name: 'Like' }).click();
      await expectToast(b.page, 'You Liked the Post!');
      await page.reload();
      await expect(postCard(page, 'Shared from the laptop').getByRole('button', { name: /Like/ })).toContainText('1');
      await navigateTo(page, 'Profile');
      await expect(connections(page)).toContainText('4 Followers');

      // B unfollows: A's posts leave B's feed.
      await b.page.goto(`/users/${MEMBERS.ava.id}`);
      await main.getByRole('button', { name: 'Unfollow Ava Reed' }).click();
      await expectToast(b.page, 'You Unfollowed Ava Reed');
      await navigateTo(b.page, 'Home');
      await expect(b.page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
      await expect(postCard(b.page, 'Shared from the laptop')).toHaveCount(0);
      await expect(postCards(b.page)).toHaveCount(0);
      await page.reload();
      await expect(connections(page)).toContainText('3 Followers');
      expect(b.problems).toEqual([]);
    } finally {
      await b.close();
    }
  });

  test('logout ends the token on the server: a call with the old token answers 401', async ({ page, request }) => {
    await login(page);
    const token = await storedToken(page);
    expect(token).not.toBeNull();
    expect((await request.get('/api/users/bookmark', { headers: { authorization: token ?? '' } })).status()).toBe(200);

    await logout(page);
    // The app tells the server as it leaves, without making the member wait for the answer.
    const oldTokenCall = () => request.get('/api/users/bookmark', { headers: { authorization: token ?? '' } });
    await expect.poll(async () => (await oldTokenCall()).status()).toBe(401);
    expect(await (await oldTokenCall()).json()).toEqual({ errors: ['The token is invalid. Unauthorized access error.'], code: 'token_invalid' });
  });

  test("a password change on one device ends the session on the other, and keeps this one's", async ({ page, browser, baseURL }) => {
    await login(page);
    const other = await secondDevice(browser, baseURL ?? '');
    try {
      await login(other.page);
      const panel = await openEditProfile(page);
      await panel.getByLabel('Current Password').fill(DEMO.password);
      await panel.getByLabel('New Password').fill('a-brand-new-pass');
      await panel.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'User Bio Updated Successfully!');

      // The other device's next call is refused: it is back on /login.
      await other.page.reload();
      await expect(other.page).toHaveURL(urlPath('/login'));
      // This device carries on.
      await navigateTo(page, 'Home');
      await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
      await postCard(page, SEED_TEXT.newest).getByRole('button', { name: 'Bookmark' }).click();
      await expectToast(page, 'Added to Bookmark!');

      await submitLogin(other.page, DEMO.username, 'a-brand-new-pass');
      await expectToast(other.page, 'Logged In Successfully!');
      await expect(other.page).toHaveURL(urlPath('/'));
    } finally {
      await other.close();
    }
  });

  test('a language chosen on one device follows the member to the other: a login there speaks it', async ({ page, browser, baseURL }) => {
    await login(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('Polski');
    await expect(page.getByRole('combobox', { name: 'Język' })).toHaveValue('pl');
    await expect(page.getByRole('heading', { name: 'Najnowsze wpisy' })).toBeVisible();

    // A phone whose browser has never been told a language: its /login is in English.
    const other = await secondDevice(browser, baseURL ?? '');
    try {
      await other.page.goto('/login');
      await expect(other.page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
      await submitLogin(other.page, DEMO.username, DEMO.password);
      await expect(other.page.getByRole('heading', { name: 'Najnowsze wpisy' })).toBeVisible();
      await expect(other.page.locator('html')).toHaveAttribute('lang', 'pl');
      // Kept on the phone too: a reload opens in Polish before the member's record is asked for.
      await other.page.reload();
      await expect(other.page.getByRole('heading', { name: 'Najnowsze wpisy' })).toBeVisible();
      expect(other.problems).toEqual([]);
    } finally {
      await other.close();
    }
  });

  test('the server restarts between two steps: the live stream comes back by itself, and nothing the member did is lost', { tag: ['@postgres'] }, async ({ page, realServer, request, consoleGuard }) => {
    // What is on its way as the server stops is cut off (the stream's next try can meet the closing
    // socket), and while it is down the live stream's tries to open again are refused: the browser says so.
    const server = await settledHomeBeforeOutage(page, realServer, consoleGuard);
    const card = postCard(page, SEED_TEXT.newest);
    await card.getByRole('button', { name: 'Bookmark' }).click();
    await expectToast(page, 'Added to Bookmark!');
    await writePost(page, 'Written just before the restart.');

    await server.restart();

    // Without a reload: Liam posts, and the page that lost its stream hears of it once the stream is back.
    await liamPostsAndHomeShowsIt(page, request, 'Posted by Liam after the restart.');
    await expect(postCard(page, 'Written just before the restart.')).toHaveCount(1);

    // Still logged in (the token's key survives the restart), and everything is there.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    await expect(postCards(page).first()).toContainText('Posted by Liam after the restart.');
    await expect(postCard(page, 'Written just before the restart.')).toHaveCount(1);
    await navigateTo(page, 'Bookmark');
    await expect(page.getByRole('heading', { name: 'Bookmarks' })).toBeVisible();
    await expect(postCard(page, SEED_TEXT.newest)).toBeVisible();
  });

  test("the server stops while the member moves on: the error page says so until it is back, then Reload loads the page that failed", async ({ page, realServer, consoleGuard }) => {
    if (!realServer) throw new Error('This journey runs against the real server only.');
    // What is on its way when the server stops is cut off, and what is asked while it is down is refused.
    consoleGuard.allow(SERVER_GONE);
    await login(page);
    // A profile's code is loaded: what fails next is its data.
    await navigateTo(page, 'Profile');
    await expect(page.getByRole('heading', { name: 'Ava Reed', level: 1 })).toBeVisible();
    await navigateTo(page, 'Home');
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();

    await realServer.stop();
    await postCard(page, SEED_TEXT.oldest).getByRole('link', { name: MEMBERS.liam.name }).click();
    await expect(page).toHaveURL(urlPath('/error'));
    await expect(page.getByRole('heading', { name: "Can't reach SocialConnect" })).toBeVisible();
    await pressWhileServerDown(page, 'Reload', '/error');
    await pressWhileServerDown(page, 'Back to Home', '/error');

    await realServer.start();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page).toHaveURL(urlPath(`/users/${MEMBERS.liam.id}`));
    await expect(page.getByRole('heading', { name: MEMBERS.liam.name, level: 1 })).toBeVisible();
  });
});
