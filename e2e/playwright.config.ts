import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import type { Backend } from './backend';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';

const launchOptions = { executablePath: chromiumPath(), args: CHROMIUM_ARGS };

const desktop = { viewport: { width: 1280, height: 900 } };
const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: devices['Pixel 7'].userAgent,
};

/** Journeys only a shared server makes possible: they run in the `real` projects alone. */
const SERVER_ONLY = '**/*.real.spec.ts';

/** Journeys that run on the real server and not also on the stand-in: `@server` without `@standin`. */
const SERVER_NOT_STANDIN = /^(?!.*@standin\b).*@server\b/;

/**
 * Each journey runs where it can fail differently. By its tags: on the real server (`@server`: what
 * the server does; the contract suite holds the stand-in to the same answers, so such a journey runs
 * on the desktop against the stand-in only if it also says `@standin`: what the stand-in does on its
 * own, in the browser: its store across reloads and tabs, its start before the app), at phone size
 * (`@phone`: layout and touch, on the stand-in) and on PostgreSQL (`@postgres`: the server's paths
 * where the database differs from PGlite: one pool of connections, SQL under concurrency). Every
 * other journey runs on the desktop against the stand-in.
 */
export default defineConfig<{ backend: Backend }>({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e',
  globalSetup: './globalSetup.ts',
  fullyParallel: true,
  // Two and a half workers a core: a journey waits on the spec's timings (the stand-in's 400 ms
  // answers, a second before Home after login, loaders held one or two seconds) more than it computes.
  // On 2 cores with three workers the machine stood 30 % idle through the stand-in's journeys; with
  // five, 6 %, and all 339 journeys took 9.5 min against 12 (docs/performance.md).
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : Math.ceil(availableParallelism() * 2.5),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A journey's whole time. With five workers each journey runs about a quarter longer than with three
  // (the longest 29 s here, most of it the spec's timings); a machine half as fast gets room too. A
  // hung step still fails sooner, at its action's or assertion's own limit below.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    headless: true,
    launchOptions,
    trace: 'off',
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
    // A click, a screenshot or a navigation that hangs fails as such, naming its step, instead of
    // using up the journey's whole time unexplained.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
  },
  projects: [
    // The shipped build, on the stand-in in the browser.
    { name: 'desktop', testIgnore: SERVER_ONLY, grepInvert: SERVER_NOT_STANDIN, use: { ...desktop, backend: 'mock' } },
    { name: 'phone', testIgnore: SERVER_ONLY, grep: /@phone/, use: { ...phone, backend: 'mock' } },
    // The build with API_MOCKING=off, on the real server: PGlite, and PostgreSQL. Its service worker
    // (src/offline/) fetches the whole app to keep it once a page has loaded: the journeys of the
    // network-gone start (e2e/offline.real.spec.ts) let it, the others run as a first visit does,
    // without the 46 files' download in each of their browser contexts.
    { name: 'real', grep: /@server/, use: { ...desktop, backend: 'pglite', serviceWorkers: 'block' } },
    { name: 'real-postgres', grep: /@postgres/, use: { ...desktop, backend: 'postgres', serviceWorkers: 'block' } },
  ],
});
