/**
 * A page that could not load because the server went away: the app's error screen says so in place
 * until the server answers again, then loads the page that failed. On the real server the journey
 * stops it; on the stand-in the browser goes offline (the stand-in's worker fetches the app's files
 * itself, out of reach of page.route).
 */
import type { Page, Request } from '@playwright/test';
import type { RealServer } from './backend';
import { test, expect, openWithScenario, type ConsoleGuard } from './fixtures';
import { login, navigateTo, postCards, pressWhileServerDown, sidePanel, urlPath } from './helpers';

/** The server is gone, and so is every file and answer of it the page has not loaded yet. */
async function serverDown(page: Page, realServer: RealServer | undefined, consoleGuard: ConsoleGuard): Promise<void> {
  // What is on its way when it goes is cut off, and what is asked while it is down is refused.
  consoleGuard.allow(/^Failed to load resource: net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|INTERNET_DISCONNECTED|FAILED)/);
  if (realServer) await realServer.stop();
  else await page.context().setOffline(true);
}

/**
 * How many of the page's calls to the backend are on their way (the live stream aside: it stays open).
 * A call the stop cut off would send the member to the error screen before the journey's own step.
 */
function callsOnTheirWay(page: Page): () => number {
  const pending = new Set<Request>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && pathname !== '/api/events') pending.add(request);
  });
  const settled = (request: Request) => pending.delete(request);
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return () => pending.size;
}

async function serverBack(page: Page, realServer: RealServer | undefined): Promise<void> {
  if (realServer) await realServer.start();
  else await page.context().setOffline(false);
}

test.describe('A page that could not load', { tag: ['@server', '@standin'] }, () => {
  test("a page whose code could not load: Reload and Back to Home say the server is still down, then Reload loads that page", async ({ page, realServer, consoleGuard }) => {
    const onTheirWay = callsOnTheirWay(page);
    await login(page);
    // Home has loaded: its posts and the side panel's people show (the panel's code comes in a chunk
    // of its own, and its call starts only then), and none of their calls is still on its way.
    await expect(postCards(page).first()).toBeVisible();
    await expect(sidePanel(page).getByRole('region', { name: 'Who to follow?' }).getByRole('listitem').first()).toBeVisible();
    await expect.poll(onTheirWay).toBe(0);
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
  test('offline scenario: the error page says the backend is still out of reach, and stays', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to fetch|net::ERR_FAILED|NetworkError|\[MSW\]/);
    await login(page);
    await openWithScenario(page, '/bookmark', 'offline');
    await expect(page).toHaveURL(urlPath('/error'));
    await expect(page.getByRole('heading', { name: "It's not you, It's us..!" })).toBeVisible();
    await pressWhileServerDown(page, 'Reload', '/error');
    await pressWhileServerDown(page, 'Back to Home', '/error');
  });
});
