import type { BrowserContext, Page } from '@playwright/test';
import { test as base } from './fixtures';
import { DEMO, login } from './helpers';

/**
 * The suite's `test` with `anotherDevice(username?)`: another device of a member (its own browser
 * context: storage, token and live stream), logged in as `username` (the demo member unless
 * named); every device it opened is closed after the journey.
 */
export const test = base.extend<{ anotherDevice: (username?: string) => Promise<Page> }>({
  anotherDevice: async ({ browser, baseURL }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (username = DEMO.username) => {
      const context = await browser.newContext({ baseURL });
      contexts.push(context);
      const page = await context.newPage();
      await login(page, { username });
      return page;
    });
    for (const context of contexts) await context.close();
  },
});
