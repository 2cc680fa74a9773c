import path from 'node:path';
import type { APIRequestContext, BrowserContext, Locator, Page, Request, TestInfo } from '@playwright/test';
import type { Backend, RealServer } from './backend';
import { expect, openWithScenario, SERVER_GONE, type ConsoleGuard } from './fixtures';

/** The demo account (contract/seed/default.ts). */
export const DEMO = { username: 'demo_user', password: 'welcome123', name: 'Ava Reed', id: 'u-ava-reed' } as const;

/** Seed members (contract/seed/default.ts); every one shares the password welcome123. */
export const MEMBERS = {
  ava: { id: 'u-ava-reed', name: 'Ava Reed', username: 'demo_user' },
  liam: { id: 'u-liam-chen', name: 'Liam Chen', username: 'liam_chen' },
  maya: { id: 'u-maya-patel', name: 'Maya Patel', username: 'maya_patel' },
  noah: { id: 'u-noah-kim', name: 'Noah Kim', username: 'noah_kim' },
  zoe: { id: 'u-zoe-martin', name: 'Zoe Martin', username: 'zoe_martin' },
} as const;

/** Seed post n (1 to 20): a5e0c1a2-0000-4000-8000-0000000000nn with n in hex (contract/seed/default.ts). */
export function seedPostId(n: number): string {
  return `a5e0c1a2-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** Texts of a few seed posts the journeys look for. */
export const SEED_TEXT = {
  /** Post 1, Liam, the oldest post, 3 likes. */
  oldest: 'First light over the ridge this morning.',
  /** Post 5, Ava's own. */
  avaHello: 'Hello SocialConnect! Starting the week with a walk and a plan.',
  /** Post 7, Maya, 4 likes. */
  mayaSunset: 'Sunset swim, then chips on the harbour wall.',
  /** Post 8, Noah, 0 likes (Ava does not follow Noah). */
  noahBike: 'Fifty kilometres on the new bike path.',
  /** Post 12, Maya, 4 likes, bookmarked by Ava: first when trending. */
  northernLights: 'Saw the northern lights for the first time.',
  /** Post 20, Maya, the newest post. */
  newest: 'Pressed flowers from the market, turned into a colour study.',
} as const;

/** Each theme, as the system sets it: the app follows the system until a member chooses. */
export const SYSTEM_THEMES = ['light', 'dark'] as const;

export const FIXTURES = path.join(__dirname, 'fixtures');
export const UPLOAD_PHOTO = path.join(FIXTURES, 'upload-photo.jpg');
export const NEW_AVATAR = path.join(FIXTURES, 'new-avatar.jpg');

/**
 * The `src` an uploaded image ends up with: the stand-in keeps the data URL it was sent, the server
 * answers its stored copy, /media/<sha256>.<ext> (the declared difference between the backends).
 */
export function uploadedImageSrc(backend: Backend, ext: 'jpg' | 'png'): RegExp {
  if (backend === 'mock') return new RegExp(`^data:image/${ext === 'jpg' ? 'jpeg' : ext};base64,`);
  return new RegExp(`^/media/[0-9a-f]{64}\\.${ext}$`);
}

export function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.use.isMobile === true;
}

/** A toast (react-toastify renders each as role="alert") with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.Toastify').getByRole('alert').filter({ hasText: new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) });
}

/** The toast with this text shows; `timeout` where what it follows takes longer than the suite's wait. */
export async function expectToast(page: Page, text: string, { timeout }: { timeout?: number } = {}): Promise<void> {
  await expect(toast(page, text).first()).toBeVisible({ timeout });
}

/** Where a box is on screen: left, top, right, bottom. */
type Edges = [number, number, number, number];

/** The part of an element the member sees: its box cut by the screen and by every scrolling box around it. */
function visibleEdges(control: Locator): Promise<Edges> {
  return control.evaluate((element) => {
    const { left, top, right, bottom } = element.getBoundingClientRect();
    const edges: [number, number, number, number] = [Math.max(left, 0), Math.max(top, 0), Math.min(right, innerWidth), Math.min(bottom, innerHeight)];
    for (let around = element.parentElement; around; around = around.parentElement) {
      if (getComputedStyle(around).overflow === 'visible') continue;
      const clip = around.getBoundingClientRect();
      edges.splice(0, 4, Math.max(edges[0], clip.left), Math.max(edges[1], clip.top), Math.min(edges[2], clip.right), Math.min(edges[3], clip.bottom));
    }
    return edges;
  });
}

/**
 * Waits for a toast to stand still (its zoom in ends), then fails when it covers any part of
 * `controls` the member sees, where they are now (one off screen cannot be covered; one must be on).
 */
export async function expectToastClearOf(page: Page, text: string, controls: Locator[]): Promise<void> {
  const shown = toast(page, text).first();
  await expect(shown).toBeVisible();
  const card = shown.locator('xpath=ancestor-or-self::*[contains(concat(" ", @class, " "), " Toastify__toast ")][1]');
  await card.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const box = await visibleEdges(card);
  let seen = 0;
  for (const control of controls) {
    const [left, top, right, bottom] = await visibleEdges(control);
    if (right <= left || bottom <= top) continue;
    seen += 1;
    const apart = box[2] <= left || right <= box[0] || box[3] <= top || bottom <= box[1];
    expect(apart, `the toast "${text}" (${box.join(', ')}) covers ${String(control)} (${[left, top, right, bottom].join(', ')})`).toBe(true);
  }
  expect(seen, 'controls on screen beside the toast').toBeGreaterThan(0);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The full-page loader overlay. */
export function loader(page: Page): Locator {
  return page.getByRole('status', { name: 'Loading' });
}

/**
 * Watches for the full-page loader from now on, in the page itself at every frame: the spec shows it
 * for one second, which a busy machine can spend on the steps between a press and a check. Await the
 * promise after the press.
 */
export function watchForLoader(page: Page): Promise<unknown> {
  return page.waitForFunction(() => document.querySelector('[role="status"][aria-label="Loading"]') !== null, undefined, { polling: 'raf' });
}

/** Waits until the full-page loader is gone. */
export async function expectNoLoader(page: Page): Promise<void> {
  await expect(loader(page)).toHaveCount(0);
}

/** Fills the login form and submits it (the page is on /login). */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** What the signup form asks for; `confirmPassword` is the password unless given. */
export interface SignupFields {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword?: string;
  /** Ticks 'I accept all Terms & Conditions' (default true). */
  acceptTerms?: boolean;
}

/** Fills the signup form (the page is on /signup), without sending it. */
export async function fillSignup(page: Page, fields: SignupFields): Promise<void> {
  const { confirmPassword = fields.password, acceptTerms = true } = fields;
  await page.getByLabel('First Name').fill(fields.firstName);
  await page.getByLabel('Last Name').fill(fields.lastName);
  await page.getByLabel('Username').fill(fields.username);
  await page.getByLabel('Email Address').fill(fields.email);
  await page.getByLabel('Password', { exact: true }).fill(fields.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(confirmPassword);
  if (acceptTerms) await page.getByRole('checkbox', { name: 'I accept all Terms & Conditions' }).check();
}

/** Signs a new member up through the signup form, as a member does: done once Home opens for them. */
export async function signUp(page: Page, fields: SignupFields): Promise<void> {
  await page.goto('/signup');
  await fillSignup(page, fields);
  await page.getByRole('button', { name: 'Create New Account' }).click();
  await expectToast(page, 'Signed Up Successfully!');
  await expect(page).toHaveURL(urlPath('/'));
}

/** A signup that is complete and valid but for its username, which the demo member has. */
export const TAKEN_USERNAME: SignupFields = {
  firstName: 'Another', lastName: 'Ava', username: DEMO.username, email: 'another.ava@example.com', password: 'sunflower99',
};

export interface LoginOptions {
  username?: string;
  password?: string;
  /** A mock scenario to start with (resets the mock store to its seed). */
  scenario?: string;
  /** Where the member should land (default '/'). */
  landOn?: string | RegExp;
}

/**
 * Logs in through the login form, as a member does, and waits for home with the member's feed.
 */
export async function login(page: Page, options: LoginOptions = {}): Promise<void> {
  const { username = DEMO.username, password = DEMO.password, scenario, landOn = '/' } = options;
  if (scenario) await openWithScenario(page, '/login', scenario);
  else await page.goto('/login');
  await submitLogin(page, username, password);
  await expectToast(page, 'Logged In Successfully!');
  await expect(page).toHaveURL(typeof landOn === 'string' ? urlPath(landOn) : landOn);
  if (landOn === '/') await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
}

/** A matcher for a URL whose path (without query) is exactly `pathname`. */
export function urlPath(pathname: string): RegExp {
  return new RegExp(`^https?://[^/]+${escapeRegExp(pathname)}(\\?[^#]*)?(#.*)?$`);
}

/** The feed of post cards on the current page. */
export function feed(page: Page): Locator {
  return page.getByRole('feed');
}

/** All post cards (articles) on the page; a post's replies, articles too, are not among them. */
export function postCards(page: Page): Locator {
  return page.locator('main').getByRole('article').and(page.locator('.post-card'));
}

/** The post card whose text contains `text`. */
export function postCard(page: Page, text: string): Locator {
  return postCards(page).filter({ hasText: text });
}

/** Writes `text` in Home's composer and posts it: done once the toast says so. */
export async function writePost(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('form', { name: 'Create a post' });
  await composer.getByRole('textbox', { name: 'New post text' }).fill(text);
  await composer.getByRole('button', { name: 'Post' }).click();
  await expectToast(page, 'New Post Created Successfully!');
}

/** The visible texts of the post cards, in order. */
export async function postTexts(page: Page): Promise<string[]> {
  return postCards(page).locator('.post-card__content').allInnerTexts();
}

/** The like count shown on a card. */
export async function likeCount(card: Locator): Promise<number> {
  const text = await card.getByRole('button', { name: 'Like' }).innerText();
  return Number(/\d+/.exec(text)?.[0] ?? NaN);
}

/** Chooses a sort: the sort menu on wide screens, the 'Filters' panel on phones (the menu is hidden there). */
export async function chooseSort(page: Page, label: 'Latest' | 'Oldest' | 'Trending', phone: boolean): Promise<void> {
  if (phone) {
    const toggle = page.getByRole('button', { name: 'Filters' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('group', { name: 'Sort by' }).getByRole('button', { name: label, exact: true }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  } else {
    await page.getByRole('button', { name: 'Sort posts' }).click();
    await page.getByRole('menuitem', { name: label }).click();
  }
}

/**
 * Logs out with the visible Logout control (top bar on desktop, bottom navigation on phones): done
 * once the toast says so and the backend has answered the logout call, which the app sends once the
 * member's writes under way are stored. A test's next step may reload the page, and on the
 * stand-in, whose backend lives in the page, a reload would cut off a write still on its way.
 */
export async function logout(page: Page): Promise<void> {
  const ended = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/api/auth/logout'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectToast(page, 'Logged Out Successfully!');
  await expect(page).toHaveURL(urlPath('/login'));
  await ended;
}

/** Goes to a main section through the navigation a member has on this device. */
export async function navigateTo(page: Page, label: 'Home' | 'Explore' | 'Bookmark' | 'Profile'): Promise<void> {
  const nav = page.getByRole('navigation', { name: /^(Main|Mobile)$/ });
  await nav.getByRole('link', { name: label, exact: true }).click();
}

/**
 * Opens a page the side navigation links to and a phone reaches from the Display window (Your
 * account, Scheduled posts), through the navigation this device has.
 */
export async function openFromNavigation(page: Page, label: string, phone: boolean): Promise<void> {
  if (phone) {
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Display' }).click();
    await page.getByRole('dialog', { name: 'Display' }).getByRole('link', { name: label }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
  }
}

/** The people search field in the top bar. */
export function topBarSearch(page: Page): Locator {
  return page.getByRole('banner').getByRole('searchbox', { name: 'Search People' });
}

/** The side panel (desktop only). */
export function sidePanel(page: Page): Locator {
  return page.getByRole('complementary', { name: 'People' });
}

/**
 * How far a navigation is awaited while the app's chunks are held: the page's own HTML. The `load`
 * event also waits for any chunk the entry asks for before it, and such a chunk is held: whether the
 * entry asks first is a race (a 60 s timeout, on the phone once in CI and on the stand-in's own
 * journey once since).
 */
const HELD_CHUNKS_NAVIGATION = 'domcontentloaded';

/** The app's chunks: held while its entry script runs. */
const APP_CHUNKS = '**/static/js/*.chunk.js';

/**
 * Opens `path` with the app's chunks held (the entry script runs; the chunks are slow to come), once
 * the entry has run: it is an async script, so the page's HTML can be parsed before it runs. The
 * entry asks for its first chunk just after it has taken over the presses held since the page's head
 * (src/lib/heldPresses.ts), so that request says it has run. Returns the chunks' release.
 */
export async function openWithChunksHeld(page: Page, path: string): Promise<() => void> {
  const release = await holdScripts(page, APP_CHUNKS);
  const entryRan = page.waitForRequest(APP_CHUNKS);
  await page.goto(path, { waitUntil: HELD_CHUNKS_NAVIGATION });
  await entryRan;
  return release;
}

/**
 * Holds the app's scripts (every one under static/js, or those `pattern` matches) until `release` is
 * called: the page as a slow phone first shows it. /theme.js, which sets the theme in the page's
 * head before the first paint, is part of that paint (as boot.css is), not of the app.
 */
export async function holdScripts(page: Page, pattern = '**/static/js/**'): Promise<() => void> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** What the error screen says while the server does not answer. */
const STILL_UNREACHABLE = 'SocialConnect still cannot be reached. Please check your connection and try again in a moment.';

/** Presses `control` on the error screen while the server is down: the screen says so, and the page stays. */
export async function pressWhileServerDown(page: Page, control: 'Reload' | 'Back to Home', stayOn: string): Promise<void> {
  const card = page.getByRole('main').getByRole('alert');
  const notices = card.getByRole('status');
  const earlier = (await notices.count()) > 0 ? await notices.elementHandle() : null;
  await (control === 'Reload' ? card.getByRole('button', { name: 'Reload' }) : card.getByRole('link', { name: 'Back to Home' })).click();
  // Said again for this press: a fresh notice takes the place of the last one, for a screen reader to read.
  if (earlier) await expect.poll(() => earlier.evaluate((element) => element.isConnected)).toBe(false);
  await expect(notices).toHaveText(STILL_UNREACHABLE);
  await expect(page).toHaveURL(urlPath(stayOn));
}

/**
 * Liam posts `text` through the API (from outside the page), and the member's Home shows it once its
 * "1 new post" is pressed: how a page that lost its stream hears of what happened meanwhile.
 */
export async function liamPostsAndHomeShowsIt(page: Page, request: APIRequestContext, text: string): Promise<void> {
  const liam = await request.post('/api/auth/login', { data: { username: MEMBERS.liam.username, password: DEMO.password } });
  const { encodedToken } = (await liam.json()) as { encodedToken: string };
  const posted = await request.post('/api/posts', { headers: { authorization: encodedToken }, data: { postData: { text } } });
  expect(posted.status()).toBe(201);
  await page.getByRole('button', { name: '1 new post' }).click({ timeout: 10_000 });
  await expect(postCard(page, text)).toBeVisible();
}

/**
 * Opens QA's workbench with its shortcut, `g` then `w`, as QA does: out of any field first (keys typed
 * in one are text), then pressed again until it opens, since a press made before the page's script has
 * run (a page built ahead is on screen before) reaches nothing.
 */
export async function openWorkbench(page: Page): Promise<Locator> {
  const panel = page.getByRole('dialog', { name: 'Stand-in workbench' });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(async () => {
    await page.keyboard.press('g');
    await page.keyboard.press('w');
    await expect(panel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return panel;
}

/**
 * How many of the page's calls to the backend are on their way (the live stream aside: it stays open).
 * Start counting before the page loads. A journey that stops the server waits for none: a call the
 * stop cut off sends the member to the error screen before the journey's own step.
 */
export function callsOnTheirWay(page: Page): () => number {
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

/**
 * Home has loaded whole: its posts and the side panel's people show (the panel's code comes in a
 * chunk of its own, and its call starts only then), and none of their calls is still on its way.
 */
export async function homeSettled(page: Page, onTheirWay: () => number): Promise<void> {
  await expect(postCards(page).first()).toBeVisible();
  await expect(sidePanel(page).getByRole('region', { name: 'Who to follow?' }).getByRole('listitem').first()).toBeVisible();
  await expect.poll(onTheirWay).toBe(0);
}

/**
 * The start of a journey through an outage of the real server: the console expects what a browser
 * says of a server gone, and the member is logged in on a Home whose first loads are all in (one
 * that the stop cut off would take them to the error screen). Returns the server, to stop.
 */
export async function settledHomeBeforeOutage(page: Page, realServer: RealServer | undefined, consoleGuard: ConsoleGuard): Promise<RealServer> {
  if (!realServer) throw new Error('This journey runs against the real server only.');
  consoleGuard.allow(SERVER_GONE);
  const onTheirWay = callsOnTheirWay(page);
  await login(page);
  await homeSettled(page, onTheirWay);
  return realServer;
}

/**
 * Waits until the app has kept its answer to a read whose address holds `request`, for reading
 * offline (src/offline/keptReads.ts): a page is kept a moment after it shows, once its answer is
 * written to IndexedDB. Looks only at a database the app has made: opening one that is not there
 * would make it, without the app's store.
 */
export async function readKept(page: Page, request: string): Promise<void> {
  await expect.poll(() => page.evaluate(async (wanted) => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === 'socialconnect-offline')) return false;
    return new Promise<boolean>((resolve) => {
      const opening = indexedDB.open('socialconnect-offline');
      opening.onerror = () => resolve(false);
      opening.onsuccess = () => {
        const database = opening.result;
        const done = (found: boolean) => {
          database.close();
          resolve(found);
        };
        if (!database.objectStoreNames.contains('reads')) return done(false);
        const asking = database.transaction('reads').objectStore('reads').get('index');
        asking.onerror = () => done(false);
        asking.onsuccess = () => done(Array.isArray(asking.result) && asking.result.some((entry: { key?: unknown }) => String(entry.key).includes(wanted)));
      };
    });
  }, request), { message: `the answer to ${request} kept for reading offline` }).toBe(true);
}

/** Per browser context: the script that tells documents opened with the network off that it is off. */
const offlineStarts = new WeakMap<BrowserContext, { dispose(): Promise<unknown> }>();

/**
 * Watches the page from its first request; the returned wait ends once a request whose path `signal`
 * names has been answered and nothing has been on its way for half a second. Playwright's
 * `networkidle` can come before the app's first chunk is asked for: a page built ahead asks for none
 * until the browser has painted it, more than half a second after its entry script on a busy machine
 * (seen once in a clean-clone run, and at will with the CPU slowed 25 times).
 */
export function quietOnceAsked(page: Page, signal: (path: string) => boolean): () => Promise<void> {
  const onTheirWay = new Set<Request>();
  let lastChange = Date.now();
  let signalled = false;
  page.on('request', (request) => {
    onTheirWay.add(request);
    lastChange = Date.now();
  });
  const ended = (request: Request) => {
    onTheirWay.delete(request);
    lastChange = Date.now();
    if (signal(new URL(request.url()).pathname)) signalled = true;
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async () => {
    await expect.poll(() => signalled && onTheirWay.size === 0 && Date.now() - lastChange >= 500, { intervals: [100], timeout: 30_000 }).toBe(true);
  };
}

/**
 * The device's network off (`false`) or back on (`true`), as a member's browser has it. Chromium's
 * emulation of a network gone (Playwright's `setOffline`) tells the document open at the time, but a
 * document opened afterwards (a reload, a page opened) reads `navigator.onLine` as true while every
 * request fails offline (Chromium 150), where a device with no network says false from the start.
 * Here such documents say false too, and hear `online` when the network returns, as the open one does.
 */
export async function setNetwork(context: BrowserContext, on: boolean): Promise<void> {
  if (!on) {
    await context.setOffline(true);
    if (!offlineStarts.has(context)) {
      offlineStarts.set(context, await context.addInitScript(() => {
        Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
        (window as { openedOffline?: boolean }).openedOffline = true;
      }));
    }
    return;
  }
  await offlineStarts.get(context)?.dispose();
  offlineStarts.delete(context);
  await context.setOffline(false);
  await Promise.all(context.pages().map((page) => page.evaluate(() => {
    const opened = window as { openedOffline?: boolean };
    if (!opened.openedOffline) return;
    delete opened.openedOffline;
    Reflect.deleteProperty(navigator, 'onLine');
    window.dispatchEvent(new Event('online'));
  }).catch(() => undefined)));
}
