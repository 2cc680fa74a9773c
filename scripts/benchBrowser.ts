/**
 * The browser the benches measure in: Debian's full Chromium (CHROME_PATH names another), with
 * nothing of its own on the network (no QUIC, no background fetches, no updates or sync) so that
 * what a bench counts is the app's.
 */
import { chromium, type Browser, type Page } from 'playwright';

export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launchBrowser(): Promise<Browser> {
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
