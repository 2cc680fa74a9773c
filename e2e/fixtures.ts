import { test as base, expect, type Page } from '@playwright/test';
import type { FaultRule } from '../mocks/faultRules';
import { startRealServer, type Backend, type RealServer } from './backend';

export interface ConsoleGuard {
  /**
   * Declares a console error or an uncaught exception this journey expects (for example a network
   * failure it provokes), by its text.
   */
  allow(pattern: RegExp): void;
}

/**
 * Chromium echoes every HTTP error answer as "Failed to load resource: ... status of N"; the journeys
 * assert those answers through what the member sees, so the echo itself is not a problem.
 */
const ALWAYS_ALLOWED = [/^Failed to load resource: the server responded with a status of \d+/];

/**
 * What Chromium says of calls a stopped or restarting server cuts off or refuses: refused, reset,
 * answered with nothing, or sent on a kept-alive socket the server had closed meanwhile.
 */
export const SERVER_GONE = /^Failed to load resource: net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE|SOCKET_NOT_CONNECTED|FAILED)/;

/** At most this many lines of what a journey's page met are kept for its failure. */
const MET_KEPT = 200;
/** And at most this many characters of what it showed. */
const SHOWN_KEPT = 4_000;

interface WorkerFixtures {
  /** The project's backend: the stand-in in the served build, or the real server. */
  backend: Backend;
  /** This worker's real server (undefined with the stand-in). */
  realServer: RealServer | undefined;
}

/**
 * The suite's `test`: every page opens on the served build (the stand-in's, or the real server's
 * for the `real` projects), every journey starts from the demo network, and any console error
 * (a Content-Security-Policy violation among them), uncaught exception or React warning fails it.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard; freshNetwork: void }, WorkerFixtures>({
  backend: ['mock', { option: true, scope: 'worker' }],
  realServer: [async ({ backend }, provide) => {
    if (backend === 'mock') {
      await provide(undefined);
      return;
    }
    const server = await startRealServer(backend);
    await provide(server);
    await server.close();
  }, { scope: 'worker', timeout: 120_000 }],
  baseURL: async ({ realServer }, provide) => {
    const url = realServer?.url ?? process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the suite through e2e/playwright.config.ts.');
    await provide(url);
  },
  // The stand-in starts each browser context from its seed by itself; the server is reset here.
  freshNetwork: [async ({ realServer }, provide) => {
    await realServer?.reset();
    await provide();
  }, { auto: true }],
  consoleGuard: [
    async ({ page }, provide, testInfo) => {
      const problems: string[] = [];
      const allowed = [...ALWAYS_ALLOWED];
      // What went wrong in the page, allowed or not, told with a failed journey: a journey that fails
      // once on a busy machine then says what its page met (a file that did not come, an error
      // answer) and what it showed.
      const met: string[] = [];
      const note = (line: string) => {
        if (met.length < MET_KEPT) met.push(`${(performance.now() / 1000).toFixed(3)} s ${line}`);
      };
      page.on('console', (message) => {
        const text = message.text();
        const isProblem = message.type() === 'error' || (message.type() === 'warning' && /React|Warning:/.test(text));
        if (isProblem) note(`${message.type()}: ${text}`);
        if (isProblem && !allowed.some((pattern) => pattern.test(text))) problems.push(`${message.type()}: ${text}`);
      });
      page.on('pageerror', (error) => {
        note(`pageerror: ${error.message}`);
        if (!allowed.some((pattern) => pattern.test(error.message))) problems.push(`pageerror: ${error.message}`);
      });
      page.on('requestfailed', (request) => note(`failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'no reason given'})`));
      page.on('response', (response) => {
        if (response.status() >= 400) note(`answered ${response.status()}: ${response.request().method()} ${response.url()}`);
      });
      await provide({ allow: (pattern) => allowed.push(pattern) });
      // A journey that failed, or one whose page met a problem the guard fails it for below.
      if (testInfo.status !== testInfo.expectedStatus || problems.length > 0) {
        // And what it showed, as a screen reader reads it: the run's screenshot is not kept everywhere.
        const shown = await page.locator('body').ariaSnapshot({ timeout: 2_000 }).catch((error: unknown) => `(could not be read: ${String(error)})`);
        // Printed, not attached: the list reporter shows an attachment's first 300 characters alone.
        const lines = [`What the page of [${testInfo.project.name}] "${testInfo.titlePath.join(' > ')}" met, at ${page.url()}:`, ...met, 'It showed:', shown.slice(0, SHOWN_KEPT)];
        console.log(lines.join('\n'));
      }
      expect(problems, 'console errors and React warnings during the journey').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Opens a route under a mock scenario; the scenario then sticks for the tab. */
export async function openWithScenario(page: Page, path: string, scenario: string): Promise<void> {
  const separator = path.includes('?') ? '&' : '?';
  await page.goto(`${path}${separator}scenario=${encodeURIComponent(scenario)}`);
}

/**
 * Opens a route with faults per call on the stand-in: the same rules as the workbench's and jest's
 * `withFaults` (mocks/faults.ts), carried by the address as the workbench's link carries them; they
 * then stick for the tab. Rules that do not hold are said on the page, and none applies.
 */
export async function openWithFaults(page: Page, path: string, rules: readonly FaultRule[]): Promise<void> {
  const separator = path.includes('?') ? '&' : '?';
  await page.goto(`${path}${separator}faults=${encodeURIComponent(JSON.stringify(rules))}`);
}
