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
/** Journeys of the stand-in itself (its scenarios, a browser where it cannot start): they run against it alone. */
const STAND_IN_ONLY = ['**/scenarios.spec.ts', '**/standIn.spec.ts'];
/** A touch phone has no keyboard: the keyboard-only journey belongs to the desktop projects. */
const KEYBOARD_ONLY = '**/keyboard.spec.ts';

export default defineConfig<{ backend: Backend }>({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e',
  globalSetup: './globalSetup.ts',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    headless: true,
    launchOptions,
    trace: 'off',
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
  },
  projects: [
    // The shipped build, on the stand-in in the browser.
    { name: 'desktop', testIgnore: [SERVER_ONLY], use: { ...desktop, backend: 'mock' } },
    { name: 'phone', testIgnore: [SERVER_ONLY, KEYBOARD_ONLY], use: { ...phone, backend: 'mock' } },
    // The build with API_MOCKING=off, on the real server: PGlite at both sizes, PostgreSQL on desktop.
    { name: 'real', testIgnore: STAND_IN_ONLY, use: { ...desktop, backend: 'pglite' } },
    { name: 'real-phone', testIgnore: [...STAND_IN_ONLY, KEYBOARD_ONLY], use: { ...phone, backend: 'pglite' } },
    { name: 'real-postgres', testIgnore: STAND_IN_ONLY, use: { ...desktop, backend: 'postgres' } },
  ],
});
