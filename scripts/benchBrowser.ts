/**
 * The browser the benches measure in: Debian's full Chromium (CHROME_PATH names another), with
 * nothing of its own on the network (no QUIC, no background fetches, no updates or sync) so that
 * what a bench counts is the app's.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright';

export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launchBrowser(): Promise<Browser> {
  // `.ci/run` installs the headless shell alone: say what to do rather than Playwright's bare path.
  if (!existsSync(CHROME)) {
    throw new Error(`The browser benches measure in Chromium, and none was found at ${CHROME}. Install Debian's with: sudo apt-get install -y chromium, or point CHROME_PATH at one (the tests' headless shell, /usr/lib/chromium/chromium-headless-shell, also runs them).`);
  }
  return chromium.launch({ executablePath: CHROME, args: CHROME_ARGS });
}

/**
 * Logs a seed member (the demo member unless named) in through the login form at `address` (a
 * scenario may ride in its query), as a member does; resolves once Home shows.
 */
export async function logInThroughForm(page: Page, address: string, { username = 'demo_user', timeout = 60_000 }: { username?: string; timeout?: number } = {}): Promise<void> {
  await page.goto(address);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('welcome123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('heading', { name: 'Latest Posts' }).waitFor({ timeout });
}
