import { test, expect, openWithScenario } from './fixtures';
import { DEMO, expectToast, isPhone, login, MEMBERS, navigateTo, postCards, sidePanel, submitLogin, urlPath } from './helpers';

test.describe('Scenarios', () => {
  test('a scenario name the stand-in does not have is said on screen, with the names it has; the app runs on the default', async ({ page }) => {
    await openWithScenario(page, '/login', 'bussy');
    await expect(page.getByRole('alert').filter({ hasText: 'Unknown mock scenario "bussy"' })).toContainText('Known scenarios: default,');
    await submitLogin(page, DEMO.username, DEMO.password);
    await expect(page).toHaveURL(urlPath('/'));
  });

  test('empty: home, Explore, Bookmarks and the profile show their empty texts', async ({ page }) => {
    await login(page, { scenario: 'empty' });
    await expect(page.getByText("Let's Create Some Posts...!")).toBeVisible();
    await expect(postCards(page)).toHaveCount(0);

    await navigateTo(page, 'Explore');
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
    await expect(page.getByText('No Post to Explore')).toBeVisible();

    await navigateTo(page, 'Bookmark');
    await expect(page.getByRole('heading', { name: 'Bookmarks', level: 1 })).toBeVisible();
    await expect(page.getByText('No Bookmarks Yet')).toBeVisible();

    await navigateTo(page, 'Profile');
    await expect(page.getByRole('heading', { name: DEMO.name, level: 1 })).toBeVisible();
    await expect(page.getByText('No Posts Found...!')).toBeVisible();
  });

  test('new-member: an empty feed, no connections, and everyone to follow', { tag: ['@phone'] }, async ({ page }, testInfo) => {
    await login(page, { scenario: 'new-member' });
    await expect(page.getByText("Let's Create Some Posts...!")).toBeVisible();
    if (!isPhone(testInfo)) {
      const who = sidePanel(page).getByRole('region', { name: 'Who to follow?' });
      await expect(who.getByRole('listitem')).toHaveCount(4);
    }
    await navigateTo(page, 'Profile');
    await expect(page.getByRole('heading', { name: DEMO.name, level: 1 })).toBeVisible();
    const connections = page.getByRole('list', { name: 'Connections' });
    await expect(connections).toContainText('0 Followers');
    await expect(connections).toContainText('0 Following');
    await expect(page.getByText('No Posts Found...!')).toBeVisible();
  });

  test('server-error: the login form says so and keeps what was typed; a page that cannot load leads to the error page', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 500/);
    await openWithScenario(page, '/login', 'server-error');
    await submitLogin(page, DEMO.username, DEMO.password);
    await expectToast(page, 'You were not logged in. Something went wrong on our side. Please try again later.');
    await expect(page).toHaveURL(urlPath('/login'));
    await expect(page.getByLabel('Username')).toHaveValue(DEMO.username);

    await login(page, { scenario: 'default' });
    await openWithScenario(page, '/bookmark', 'server-error');
    await expect(page).toHaveURL(urlPath('/error'));
    await expect(page.getByRole('heading', { name: "It's not you, It's us..!" })).toBeVisible();
    await expect(page).toHaveTitle('SocialConnect | Error');
    // The error page is public: no member tools in the top bar.
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  });

  test('offline: the login form and the error page speak of the connection', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to fetch|net::ERR_FAILED|NetworkError|\[MSW\]/);
    await openWithScenario(page, '/login', 'offline');
    await submitLogin(page, DEMO.username, DEMO.password);
    await expectToast(page, 'You were not logged in. SocialConnect could not be reached. Check your connection and try again.');
    await expect(page).toHaveURL(urlPath('/login'));

    await login(page, { scenario: 'default' });
    // A page whose data was never read: the member's shell reads the first page of Bookmarks on
    // every page, and keeps it for reading offline, so Bookmarks may show as kept.
    await openWithScenario(page, `/users/${MEMBERS.noah.id}`, 'offline');
    await expect(page).toHaveURL(urlPath('/error'));
    await expect(page.getByRole('heading', { name: "Can't reach SocialConnect" })).toBeVisible();
  });

  test('expired-session: after logging in, the refused token sends the member back to /login', async ({ page }) => {
    await openWithScenario(page, '/login', 'expired-session');
    await submitLogin(page, DEMO.username, DEMO.password);
    await expectToast(page, 'Logged In Successfully!');
    await expect(page).toHaveURL(urlPath('/login'));
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    // Back on the login screen, the member is told why, once.
    const notice = page.getByRole('main').getByText('Your session has ended. Please log in again.');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveCount(1);
    // The session is over: a protected page leads to /login again.
    await page.goto('/explore');
    await expect(page).toHaveURL(urlPath('/login'));
  });

  test('slow: the member sees the loader while answers take 3 seconds', async ({ page }) => {
    test.slow();
    await openWithScenario(page, '/login', 'slow');
    await submitLogin(page, DEMO.username, DEMO.password);
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
    await expectToast(page, 'Logged In Successfully!');
    await expect(page).toHaveURL(urlPath('/'));
    await expect(page.getByRole('status').filter({ hasText: 'Loading posts…' })).toBeVisible();
    await expect(postCards(page).first()).toBeVisible({ timeout: 15_000 });

    await navigateTo(page, 'Explore');
    await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
    await expect(postCards(page)).toHaveCount(20, { timeout: 15_000 });
  });

  test('busy: scrolling through thousands of posts keeps the number of cards in the page bounded', async ({ page }) => {
    test.slow();
    await login(page, { scenario: 'busy' });
    await navigateTo(page, 'Explore');
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
    const cards = postCards(page);
    await expect(cards.first()).toBeVisible({ timeout: 20_000 });
    const newest = await cards.first().textContent();
    // The stand-in has pages: Explore holds what the member scrolled through, not all 10,000 posts.
    const progress = page.getByText(/^Showing posts \d+ to \d+ of \d+ loaded so far$/);
    // The first page, and the next one asked for ahead of the member (it may be in already).
    await expect(progress).toHaveText(/^Showing posts 1 to 20 of (20|40) loaded so far$/);
    const lastShown = async () => Number(/to (\d+) of/.exec((await progress.textContent()) ?? '')?.[1] ?? 0);

    // Scroll on until well past the first few hundred posts.
    const scrollY = () => page.evaluate(() => window.scrollY);
    let reached = await lastShown();
    for (let round = 0; round < 60 && reached < 300; round += 1) {
      const before = await scrollY();
      // At the end of what is loaded, the member scrolls on while the next page comes.
      await expect.poll(async () => {
        await page.mouse.wheel(0, 5000);
        return scrollY();
      }, { timeout: 15_000 }).toBeGreaterThan(before);
      reached = await lastShown();
      expect(await cards.count()).toBeLessThanOrEqual(100);
    }
    expect(reached).toBeGreaterThanOrEqual(300);
    // The first posts have left the page; the window holds at most 100 cards.
    await expect(progress).not.toHaveText(/^Showing posts 1 to/);
    expect(await cards.count()).toBeLessThanOrEqual(100);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(20_000);
    await expect(cards.first()).not.toBeInViewport();

    // Back to the top: the list let its first pages go on the way down and loads them again now.
    await expect.poll(async () => {
      await page.mouse.wheel(0, -5000);
      return progress.textContent();
    }, { timeout: 60_000 }).toMatch(/^Showing posts 1 to /);
    await expect.poll(async () => {
      await page.mouse.wheel(0, -5000);
      return scrollY();
    }, { timeout: 15_000 }).toBe(0);
    await expect(cards.first()).toHaveText(newest ?? '');
    await expect(cards.first()).toBeInViewport();
    expect(await cards.count()).toBeLessThanOrEqual(100);
  });
});
