import { test as base, expect, type Page } from '@playwright/test';

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
 * The suite's `test`: every page opens on the served build, and any console error, uncaught exception
 * or React warning fails the test.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  // Playwright reads the fixtures a fixture needs from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the suite through e2e/playwright.config.ts.');
    await provide(url);
  },
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
