import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { REPOSITORY_ROOT } from '../server/config';
import { REAL_APP_DIR, startRealServer } from './backend';
import { test, expect, openWithFaults } from './fixtures';
import { callsOnTheirWay, DEMO, escapeRegExp, expectToast, homeSettled, login, logout, MEMBERS, navigateTo, openWorkbench, postCard, SEED_TEXT, submitLogin, UPLOAD_PHOTO, urlPath, writePost } from './helpers';

const LIKE = 'POST /posts/like/:postId';
const UNAVAILABLE = 'The service is unavailable right now. Please try again in a moment.';
/** How a post written on the clock frozen at 2025-06-01T12:00 (the browser's time) reads. */
const FROZEN_TIME = 'Jun 1, 2025 12:00:00 PM';

test.describe("QA's workbench", () => {
  test('a network failure on the like: the like shows, waits to be sent, and goes once the fault is cleared', async ({ page, consoleGuard }) => {
    // The faulted like fails as with no network: once when made, once when the outbox tries it again.
    consoleGuard.allow(/^Failed to load resource: net::ERR_FAILED/);
    await login(page);
    const panel = await openWorkbench(page);
    await panel.getByRole('searchbox', { name: 'Find a route' }).fill('like');
    await panel.getByRole('combobox', { name: `Answer of ${LIKE}` }).selectOption({ label: 'Network failure' });
    await expect(panel.getByRole('status').filter({ hasText: LIKE })).toContainText('network failure');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    const card = postCard(page, SEED_TEXT.newest);
    const like = card.getByRole('button', { name: /^Like, / });
    await like.click();
    await expect(card.getByText('Waiting to send')).toBeVisible();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveAccessibleName('Like, 2 likes');

    const again = await openWorkbench(page);
    await again.getByRole('button', { name: 'Clear every fault' }).click();
    await page.keyboard.press('Escape');
    await expect(card.getByText('Waiting to send')).toHaveCount(0, { timeout: 15_000 });
    await expect(like).toHaveAccessibleName('Like, 2 likes');
    // Stored by the stand-in: a reload shows it.
    await page.reload();
    await expect(postCard(page, SEED_TEXT.newest).getByRole('button', { name: /^Like, / })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a fault on the like alone: the like goes back and says why, every other call answers; the copied link, clock frozen, does the same in another browser', async ({ page, browser }) => {
    await login(page);
    const panel = await openWorkbench(page);
    await panel.getByRole('searchbox', { name: 'Find a route' }).fill('like');
    await panel.getByRole('combobox', { name: `Answer of ${LIKE}` }).selectOption({ label: `503: ${UNAVAILABLE}` });
    await expect(panel.getByRole('status').filter({ hasText: LIKE })).toHaveText(`${LIKE}: 503, every call`);
    // The clock frozen, so that what is written reads the same time on every run.
    await panel.getByRole('radio', { name: 'Frozen at an instant' }).check();
    await panel.getByLabel('Frozen at (your local time)').fill('2025-06-01T12:00');
    await expect(panel.getByRole('status').filter({ hasText: "The stand-in's time" })).toContainText('Frozen at');
    const link = await panel.getByRole('textbox', { name: /^Link/ }).inputValue();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    const badge = 'Scenario: default, 1 fault, clock set (open the stand-in workbench)';
    await expect(page.getByRole('button', { name: badge })).toBeVisible();

    const like = postCard(page, SEED_TEXT.newest).getByRole('button', { name: /^Like, / });
    await expect(like).toHaveAccessibleName('Like, 1 like');
    await like.click();
    await expectToast(page, `Your like was not saved. ${UNAVAILABLE}`);
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toHaveAccessibleName('Like, 1 like');
    // Every other call answers as usual.
    await writePost(page, 'Posted while the like is faulted');
    await expect(postCard(page, 'Posted while the like is faulted').locator('time')).toHaveText(FROZEN_TIME);

    // The link, opened in another browser: the same scenario and fault, before and after logging in.
    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const second = await other.newPage();
      await second.goto(link);
      await expect(second).toHaveURL(urlPath('/login'));
      await submitLogin(second, DEMO.username, DEMO.password);
      await expect(second.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
      await expect(second.getByRole('button', { name: badge })).toBeVisible();
      const likeThere = postCard(second, SEED_TEXT.newest).getByRole('button', { name: /^Like, / });
      await likeThere.click();
      await expectToast(second, `Your like was not saved. ${UNAVAILABLE}`);
      await expect(likeThere).toHaveAttribute('aria-pressed', 'false');
      await writePost(second, 'Posted from the link');
      await expect(postCard(second, 'Posted from the link').locator('time')).toHaveText(FROZEN_TIME);
    } finally {
      await other.close();
    }
  });

  test('the store exported, a post written, the file imported: the post is gone and the store is the one exported', async ({ page }) => {
    await login(page);
    let panel = await openWorkbench(page);
    const [exported] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export the store' }).click()]);
    expect(exported.suggestedFilename()).toBe('socialconnect-default-store.json');
    const file = await exported.path();
    const before: unknown = JSON.parse(readFileSync(file, 'utf8'));
    await page.keyboard.press('Escape');

    await writePost(page, 'Written after the export');
    await expect(postCard(page, 'Written after the export')).toBeVisible();

    panel = await openWorkbench(page);
    await panel.getByLabel(/^Import a store from a file/).setInputFiles({ name: 'socialconnect-default-store.json', mimeType: 'application/json', buffer: readFileSync(file) });
    // The app loads again from the imported store, without a reload: the member's session was in it,
    // the post was not.
    await expect(panel.getByText('socialconnect-default-store.json is the store now.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    await expect(postCard(page, SEED_TEXT.newest)).toBeVisible();
    await expect(postCard(page, 'Written after the export')).toHaveCount(0);

    panel = await openWorkbench(page);
    const [again] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export the store' }).click()]);
    expect(JSON.parse(readFileSync(await again.path(), 'utf8'))).toEqual(before);
  });

  test('a scenario switched in place: no reload, the app starts over on its data, and the address carries it through pages and a reload', async ({ page }) => {
    await login(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: /^Notifications/ })).toBeVisible();
    // Marks this page: a reload would forget it.
    await page.evaluate(() => Object.assign(window, { keptPage: true }));
    const stillThisPage = () => page.evaluate(() => (window as Window & { keptPage?: boolean }).keptPage === true);

    const switchTo = async (name: string) => {
      const panel = await openWorkbench(page);
      await panel.getByRole('combobox', { name: 'Scenario' }).selectOption(name);
      await panel.getByRole('button', { name: `Switch to ${name}` }).click();
      await expect(panel.getByText(`The stand-in answers as ${name} now, from its seed.`)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    };

    // A backend of the spec alone: the app reads its health again, and the bell goes.
    await switchTo('spec-only');
    await expect(page).toHaveURL(/[?&]scenario=spec-only(&|$)/);
    await expect(postCard(page, SEED_TEXT.newest)).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Notifications/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Scenario: spec-only (open the stand-in workbench)' })).toBeVisible();

    await switchTo('empty');
    await expect(page.getByText("Let's Create Some Posts...!")).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Notifications/ })).toBeVisible();
    expect(await stillThisPage()).toBe(true);

    // The scenario's store is kept through a reload of the address as it reads.
    await writePost(page, 'Written on the empty scenario');
    await expect(postCard(page, 'Written on the empty scenario')).toBeVisible();
    await page.reload();
    await expect(postCard(page, 'Written on the empty scenario')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Scenario: empty (open the stand-in workbench)' })).toBeVisible();

    // The app's own moves keep the scenario in the address, to be copied from there.
    await navigateTo(page, 'Explore');
    await expect(page).toHaveURL(urlPath('/explore'));
    await expect(page).toHaveURL(/[?&]scenario=empty(&|$)/);
  });

  test('QA logs in as another member without a password: Home and Profile are theirs, through a reload, and from the login page too', { tag: ['@phone'] }, async ({ page }) => {
    const logInAs = async (member: { name: string; username: string }) => {
      const panel = await openWorkbench(page);
      const section = panel.getByRole('region', { name: 'Log in as' });
      await section.getByRole('combobox', { name: 'Member' }).selectOption({ label: `${member.name} (@${member.username})` });
      await section.getByRole('button', { name: 'Log in as this member' }).click();
      await expect(section.getByRole('status')).toHaveText(`Logged in as ${member.name} (@${member.username}), on Home.`);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(page).toHaveURL(urlPath('/'));
      await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    };
    const profileSays = async (name: string) => {
      await navigateTo(page, 'Profile');
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    };

    await login(page);
    await logInAs(MEMBERS.liam);
    await profileSays(MEMBERS.liam.name);
    await page.reload();
    await expect(page.getByRole('heading', { name: MEMBERS.liam.name, level: 1 })).toBeVisible();

    await logout(page);
    await logInAs(MEMBERS.maya);
    await profileSays(MEMBERS.maya.name);
  });

  test('on a page built ahead, g then w pressed once as the first keys open it: the first key starts the app and is the shortcut\'s too', async ({ page }) => {
    for (const path of ['/login', '/signup']) {
      // Loaded: the page's script has run, the app has not started (it starts after the first paint,
      // or at a first key), and neither has the stand-in (a page built ahead starts it when needed).
      await page.goto(path);
      await page.keyboard.press('g');
      await page.keyboard.press('w');
      const panel = page.getByRole('dialog', { name: 'Stand-in workbench' });
      await expect(panel).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    }
  });

  test("the browser stops the stand-in's worker: once the tab is shown again, the stand-in answers it", async ({ page }) => {
    const onTheirWay = callsOnTheirWay(page);
    await login(page);
    // An idle worker: Home whole, the side panel's code and calls in, nothing on its way.
    await homeSettled(page, onTheirWay);
    // As Chrome does to an idle worker (a tab hidden for minutes): a worker started again has
    // forgotten this tab, whose calls would go to the network, which has no such API (the page
    // would go to "It's not you, It's us..!").
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.stopAllWorkers');
    // The tab is shown again: its lists load again (the live stream went with the worker), and
    // the member goes on.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect(postCard(page, SEED_TEXT.newest)).toBeVisible();
    await navigateTo(page, 'Explore');
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
    await expect(postCard(page, SEED_TEXT.newest)).toBeVisible();
  });

  test("QA's own scenario file named in the address: its base, fault and clock, kept through a reload; a file that is not there is said", async ({ page }) => {
    await page.goto('/login?scenarioFile=/qa-scenarios/likes-fail-on-empty.json');
    await submitLogin(page, DEMO.username, DEMO.password);
    await expect(page.getByText("Let's Create Some Posts...!")).toBeVisible();
    const badge = page.getByRole('button', { name: 'Scenario: likes-fail-on-empty (a file, on empty), 1 fault, clock set (open the stand-in workbench)' });
    await expect(badge).toBeVisible();
    await expect(page).toHaveURL(/[?&]scenarioFile=%2Fqa-scenarios%2Flikes-fail-on-empty\.json(&|$)/);
    await writePost(page, 'Written on the file scenario');
    await expect(postCard(page, 'Written on the file scenario').locator('time')).toHaveText(FROZEN_TIME);
    await postCard(page, 'Written on the file scenario').getByRole('button', { name: /^Like, / }).click();
    await expectToast(page, `Your like was not saved. ${UNAVAILABLE}`);

    await page.reload();
    await expect(postCard(page, 'Written on the file scenario')).toBeVisible();
    await expect(badge).toBeVisible();

    await page.goto('/login?scenarioFile=/qa-scenarios/nowhere.json');
    await expect(page.getByRole('alert').filter({ hasText: 'The scenario file /qa-scenarios/nowhere.json was not loaded: it answered 404' })).toBeVisible();
  });

  test('replies that answer late: the post shows at once, its replies say they are loading, then come', async ({ page }) => {
    await openWithFaults(page, '/login', [{ route: 'GET /posts/:postId/replies', answer: { delayMs: 3000 } }]);
    await submitLogin(page, DEMO.username, DEMO.password);
    await postCard(page, SEED_TEXT.mayaSunset).getByRole('link', { name: 'Replies, 0 replies' }).click();
    const loading = page.getByRole('status').filter({ hasText: 'Loading replies…' });
    await expect(page.getByText(SEED_TEXT.mayaSunset)).toBeVisible();
    await expect(loading).toBeVisible();
    await expect(page.getByText('No replies yet. Start the conversation!')).toBeVisible({ timeout: 10_000 });
    await expect(loading).toHaveCount(0);

    // A reply written; the page opened again: the same wait, then the reply.
    await page.getByRole('textbox', { name: 'Your reply' }).fill('Worth the wait.');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await expectToast(page, 'Reply posted!');
    await page.reload();
    await expect(loading).toBeVisible();
    await expect(page.getByRole('list', { name: 'Replies' }).getByRole('article').filter({ hasText: 'Worth the wait.' })).toBeVisible({ timeout: 10_000 });
    await expect(loading).toHaveCount(0);
  });

  test('faults in the address that do not hold are said on screen, naming the field; none applies', async ({ page }) => {
    await openWithFaults(page, '/login', [{ route: 'POST /posts/love/:postId', answer: 503 }]);
    const alert = page.getByRole('alert').filter({ hasText: "The address's faults[0].route" });
    await expect(alert).toContainText('it accepts a route of the contract\'s table as METHOD /path');
    await expect(alert).toContainText('No fault applies.');
    await submitLogin(page, DEMO.username, DEMO.password);
    await expect(page).toHaveURL(urlPath('/'));
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('button', { name: /open the stand-in workbench/ })).toHaveCount(0);
  });
});

test.describe("The live stream's faults", () => {
  /** Liam, on the stand-in the page runs, acts beside the member: his calls go from the page, not through the app. */
  async function liamCalls(page: Page, method: 'POST', path: string, body?: unknown): Promise<void> {
    const status = await page.evaluate(async ({ username, password, method, path, body }) => {
      const login = await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
      const { encodedToken } = await login.json() as { encodedToken: string };
      const answer = await fetch(`/api${path}`, { method, headers: { authorization: encodedToken, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return answer.status;
    }, { username: MEMBERS.liam.username, password: DEMO.password, method, path, body });
    expect(status).toBeLessThan(300);
  }

  test('the stream dropped with a gap: before any event the app loads what it shows again; after one, it resumes where it left off and misses nothing', async ({ page }) => {
    await login(page);
    let panel = await openWorkbench(page);
    const stream = panel.getByRole('region', { name: 'Live stream' });
    await expect(stream.getByRole('status')).toHaveText('1 live stream open.');
    const hold = stream.getByRole('checkbox', { name: /^Hold the stream/ });

    // No event has come yet: the app cannot say where it was, and loads Home again once back.
    await hold.check();
    await liamCalls(page, 'POST', '/posts', { postData: { text: 'Said in the first gap' } });
    await stream.getByRole('button', { name: 'Drop the stream now' }).click();
    await hold.uncheck();
    await page.keyboard.press('Escape');
    await expect(postCard(page, 'Said in the first gap')).toBeVisible({ timeout: 10_000 });

    // Liam likes the newest post: the app hears it, and knows where it is in the stream.
    const card = postCard(page, 'Said in the first gap');
    const like = card.getByRole('button', { name: /^Like, / });
    const postId = await card.getAttribute('data-post-id');
    expect(postId).toBeTruthy();
    await liamCalls(page, 'POST', `/posts/like/${postId}`);
    await expect(like).toHaveAccessibleName('Like, 1 like');

    panel = await openWorkbench(page);
    await hold.check();
    await liamCalls(page, 'POST', '/posts', { postData: { text: 'Said in the second gap' } });
    await stream.getByRole('button', { name: 'Drop the stream now' }).click();
    await hold.uncheck();
    await page.keyboard.press('Escape');
    // Opened again from where it left off: the post said meanwhile comes, behind "1 new post".
    await page.getByRole('button', { name: '1 new post' }).click({ timeout: 10_000 });
    await expect(postCard(page, 'Said in the second gap')).toBeVisible();
    await expect(panel).toBeHidden();
  });
});

test.describe("The developers' switch", () => {
  test('switch to the embedded server and back: each shows its own data, each keeps its own session', async ({ page, baseURL, request }) => {
    // It starts a server of its own (a new PGlite folder: up to 9 s) beside the journey's steps.
    test.setTimeout(120_000);
    // The embedded server (PGlite), told to accept this page's origin; the app is the stand-in's build.
    const pageOrigin = new URL(baseURL!).origin;
    const server = await startRealServer('pglite', { DEV_ORIGINS: pageOrigin });
    try {
      // A post on each backend that the other does not have.
      const liam = await request.post(`${server.url}/api/auth/login`, { data: { username: MEMBERS.liam.username, password: DEMO.password } });
      const { encodedToken } = await liam.json() as { encodedToken: string };
      // With a photo, which the server stores under /media on its own origin.
      const image = `data:image/jpeg;base64,${readFileSync(UPLOAD_PHOTO).toString('base64')}`;
      const posted = await request.post(`${server.url}/api/posts`, { headers: { authorization: encodedToken }, data: { postData: { text: 'Posted on the real server', image } } });
      expect(posted.status()).toBe(201);
      await login(page);
      await writePost(page, 'Written on the stand-in');

      let panel = await openWorkbench(page);
      const backend = panel.getByRole('region', { name: 'Backend' });
      await backend.getByRole('textbox', { name: 'Real server address' }).fill(server.url);
      await backend.getByRole('button', { name: 'Use this server' }).click();
      await expect(backend.getByRole('status').filter({ hasText: 'answers the app now' })).toHaveText(`The server at ${server.url} answers the app now. Log in with an account of that server.`);
      await page.keyboard.press('Escape');
      // No session on that server yet: the login screen, with the badge naming the server.
      await expect(page).toHaveURL(urlPath('/login'));
      await expect(page.getByRole('button', { name: `Real server: ${new URL(server.url).host} (open the stand-in workbench)` })).toBeVisible();
      await submitLogin(page, DEMO.username, DEMO.password);
      await expect(postCard(page, 'Posted on the real server')).toBeVisible();
      const photo = postCard(page, 'Posted on the real server').locator('.post-card__media img');
      await expect(photo).toHaveAttribute('src', new RegExp(`^${escapeRegExp(server.url)}/media/[0-9a-f]{64}\\.jpg$`));
      await expect.poll(() => photo.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
      await expect(postCard(page, 'Written on the stand-in')).toHaveCount(0);
      expect(new URL(page.url()).searchParams.get('backend')).toBe(server.url);

      // A reload keeps the tab on that server, logged in there.
      await page.reload();
      await expect(postCard(page, 'Posted on the real server')).toBeVisible();
      // Its live stream too: Liam's next post there waits behind "1 new post".
      const live = await request.post(`${server.url}/api/posts`, { headers: { authorization: encodedToken }, data: { postData: { text: 'Posted live on the real server' } } });
      expect(live.status()).toBe(201);
      await page.getByRole('button', { name: '1 new post' }).click({ timeout: 10_000 });
      await expect(postCard(page, 'Posted live on the real server')).toBeVisible();

      // The stand-in held to that server, from the panel: the contract's sample calls on both.
      panel = await openWorkbench(page);
      await panel.getByRole('region', { name: 'Backend' }).getByRole('button', { name: 'Compare with the stand-in' }).click();
      await expect(panel.getByRole('region', { name: 'Backend' }).getByRole('status').filter({ hasText: 'sample calls' }))
        .toHaveText(new RegExp(`^The stand-in and ${escapeRegExp(server.url)} agree on all \\d+ sample calls: the same statuses, the same shapes\\.$`), { timeout: 30_000 });
      await panel.getByRole('region', { name: 'Backend' }).getByRole('button', { name: 'Back to the stand-in' }).click();
      await page.keyboard.press('Escape');
      // The stand-in's store and session as they were: logged in, the post written there, not the server's.
      await expect(page).toHaveURL(urlPath('/'));
      await expect(postCard(page, 'Written on the stand-in')).toBeVisible();
      await expect(postCard(page, 'Posted on the real server')).toHaveCount(0);
      expect(new URL(page.url()).searchParams.has('backend')).toBe(false);
    } finally {
      await server.close();
    }
  });
});

test.describe('The workbench in the builds', { tag: ['@server'] }, () => {
  test('the build for a real server carries none of it; the stand-in build has it in chunks of its own', () => {
    const files = (dir: string) => ['js', 'css'].flatMap((kind) => readdirSync(join(dir, 'static', kind)).filter((file) => file.endsWith(`.${kind}`)).map((file) => join(dir, 'static', kind, file)));
    const real = files(REAL_APP_DIR);
    expect(real.length).toBeGreaterThan(0);
    expect(real.filter((file) => /workbench|mocks/.test(file))).toEqual([]);
    // Not a byte of it inside the real build's other files either: not its shortcut, its name or its badge.
    const mentions = real.filter((file) => /workbench|scenario-badge/i.test(readFileSync(file, 'utf8')));
    expect(mentions).toEqual([]);

    const standIn = files(join(REPOSITORY_ROOT, 'dist')).map((file) => file.split('/').pop() ?? '');
    expect(standIn.filter((file) => /^workbench(-panel)?\..*\.js$/.test(file))).toHaveLength(2);
  });
});
