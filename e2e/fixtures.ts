import { test as base, expect, type Page } from '@playwright/test';
import type { FaultRule } from '../mocks/faultRules';
import { startRealServer, type Backend, type RealServer } from './backend';

export interface ConsoleGuard {
  /** Declares a console error this journey expects (for example a network failure it provokes). */
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
    async ({ page }, provide) => {
      const problems: string[] = [];
      const allowed = [...ALWAYS_ALLOWED];
      page.on('console', (message) => {
        const text = message.text();
        const isProblem = message.type() === 'error' || (message.type() === 'warning' && /React|Warning:/.test(text));
        if (isProblem && !allowed.some((pattern) => pattern.test(text))) problems.push(`${message.type()}: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await provide({ allow: (pattern) => allowed.push(pattern) });
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
