/**
 * What members meet when the backend goes away. A page that could not load: the app's error screen
 * says so in place until the server answers again, then loads the page that failed. A page already
 * open: it stays, says once that it is reconnecting, and recovers by itself; an act (a like) stays on
 * it. On the real server the journey stops the server; on the stand-in the browser goes offline (the
 * stand-in's worker fetches the app's files itself, out of reach of page.route; its answers come from
 * the page, so an open page's calls fail only under QA's scenarios).
 */
import type { Locator, Page } from '@playwright/test';
import type { RealServer } from './backend';
import { test, expect, openWithScenario, SERVER_GONE, type ConsoleGuard } from './fixtures';
import { callsOnTheirWay, expectToast, homeSettled, liamPostsAndHomeShowsIt, login, MEMBERS, navigateTo, postCard, postCards, pressWhileServerDown, readKept, SEED_TEXT, setNetwork, settledHomeBeforeOutage, urlPath } from './helpers';

/** The server is gone, and so is every file and answer of it the page has not loaded yet. */
async function serverDown(page: Page, realServer: RealServer | undefined, consoleGuard: ConsoleGuard): Promise<void> {
  // What is on its way when it goes is cut off, and what is asked while it is down is refused.
  if (realServer) {
    consoleGuard.allow(SERVER_GONE);
    await realServer.stop();
  } else {
    consoleGuard.allow(/^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/);
    await setNetwork(page.context(), false);
  }
}

async function serverBack(page: Page, realServer: RealServer | undefined): Promise<void> {
  if (realServer) await realServer.start();
  else await setNetwork(page.context(), true);
}

test.describe('A page that could not load', { tag: ['@server', '@standin'] }, () => {
  test("a page whose code could not load: Reload and Back to Home say the server is still down, then Reload loads that page", async ({ page, realServer, consoleGuard }) => {
    const onTheirWay = callsOnTheirWay(page);
    await login(page);
    await homeSettled(page, onTheirWay);
    await serverDown(page, realServer, consoleGuard);

    // Explore's code has not been downloaded yet.
    await navigateTo(page, 'Explore');
    await expect(page.getByRole('heading', { name: 'This page could not load' })).toBeVisible();
    await expect(page).toHaveURL(urlPath('/explore'));

    await pressWhileServerDown(page, 'Reload', '/explore');
    await pressWhileServerDown(page, 'Back to Home', '/explore');

    await serverBack(page, realServer);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page).toHaveURL(urlPath('/explore'));
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
    await expect(postCards(page)).toHaveCount(20);
  });
});

test.describe('A page whose data could not load', () => {
  test('offline scenario: the error page speaks of the connection, says the backend is still out of reach, and stays', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to fetch|net::ERR_FAILED|NetworkError|\[MSW\]/);
    await login(page);
    // A page whose data was never read: the member's shell reads the first page of Bookmarks on
    // every page, and keeps it for reading offline, so Bookmarks may show as kept.
    await openWithScenario(page, `/users/${MEMBERS.noah.id}`, 'offline');
    await expect(page).toHaveURL(urlPath('/error'));
    await expect(page.getByRole('heading', { name: "Can't reach SocialConnect" })).toBeVisible();
    await expect(page.getByText(/on our side/)).toHaveCount(0);
    await pressWhileServerDown(page, 'Reload', '/error');
    await pressWhileServerDown(page, 'Back to Home', '/error');
  });
});

test.describe('What a member has seen, with the backend out of reach', () => {
  test("offline scenario after Home was read: Home shows as it was, the line says from when, and the default scenario brings it back fresh", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to fetch|net::ERR_FAILED|NetworkError|\[MSW\]/);
    await login(page);
    // Ava's Home: the 12 posts of the members she follows, and her own, kept as they came (a
    // moment after they show: a page left at once may not be kept yet).
    await expect(postCards(page)).toHaveCount(12);
    await readKept(page, '/feed?');
    await openWithScenario(page, '/', 'offline');
    await expect(page).toHaveURL(urlPath('/'));
    await expect(postCards(page)).toHaveCount(12);
    await expect(postCard(page, SEED_TEXT.newest)).toBeVisible();
    const kept = page.getByRole('status').filter({ hasText: /^Can't reach SocialConnect: shown as of \d{1,2}:\d{2}( [AP]M)?, reconnecting…$/ });
    await expect(kept).toBeVisible();

    await openWithScenario(page, '/', 'default');
    await expect(postCards(page)).toHaveCount(12);
    await expect(page.getByRole('status').filter({ hasText: /shown as of|reconnecting/ })).toHaveCount(0);
  });
});

/** The line that says the connection is lost: one live region, read out once. */
function reconnecting(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: RECONNECTING });
}

const RECONNECTING = "Can't reach SocialConnect, reconnecting…";

test.describe("A member's act the backend cannot take", () => {
  test('read-only scenario: a like stays on the page, goes back as it was, and says why', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 503/);
    await login(page);
    await openWithScenario(page, '/', 'read-only');
    const card = postCard(page, SEED_TEXT.newest);
    const like = card.getByRole('button', { name: /^Like, / });
    await expect(like).toHaveAccessibleName('Like, 1 like');
    await expect(like).toHaveAttribute('aria-pressed', 'false');

    await like.click();
    await expectToast(page, 'Your like was not saved. The service is unavailable right now. Please try again in a moment.');
    await expect(page).toHaveURL(urlPath('/'));
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toHaveAccessibleName('Like, 1 like');
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    // The backend answers: nothing is said of the connection.
    await expect(reconnecting(page)).toHaveCount(0);
  });
});

test.describe('An outage while a tab is open', { tag: ['@server'] }, () => {
  test('a home tab left open stays on its page, says once that it is reconnecting, keeps a like waiting, and recovers by itself', async ({ page, realServer, request, consoleGuard }) => {
    const server = await settledHomeBeforeOutage(page, realServer, consoleGuard);
    const card = postCard(page, SEED_TEXT.newest);
    await expect(card).toBeVisible();
    await expect(reconnecting(page)).toHaveCount(0);

    await server.stop();
    // The live stream drops and the server does not answer: the line comes without a reload.
    await expect(reconnecting(page)).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(urlPath('/'));
    await expect(card).toBeVisible();

    // The member comes back to the tab (its lists load again) and likes a post: still here, and the
    // like waits to be sent.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const like = card.getByRole('button', { name: /^Like, / });
    const before = await like.getAttribute('aria-pressed');
    const after = before === 'true' ? 'false' : 'true';
    await like.click();
    await expect(card.getByText('Waiting to send')).toBeVisible();
    await expect(like).toHaveAttribute('aria-pressed', after);
    await expect(page).toHaveURL(urlPath('/'));
    await expect(reconnecting(page)).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();

    await server.start();
    // The app finds the server by itself (a check within 10 s at the longest): the line goes, the
    // stream opens again, and what happened meanwhile comes.
    await expect(reconnecting(page)).toHaveCount(0, { timeout: 15_000 });
    // The like went once the server answered: stored, as a reload shows.
    await expect(card.getByText('Waiting to send')).toHaveCount(0);
    await liamPostsAndHomeShowsIt(page, request, 'Posted by Liam once the server was back.');
    await expect(page).toHaveURL(urlPath('/'));
    await page.reload();
    await expect(postCard(page, SEED_TEXT.newest).getByRole('button', { name: /^Like, / })).toHaveAttribute('aria-pressed', after);
  });
});
