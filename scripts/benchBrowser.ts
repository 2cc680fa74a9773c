/**
 * The browser the benches measure in: Debian's full Chromium (CHROME_PATH names another), with
 * nothing of its own on the network (no QUIC, no background fetches, no updates or sync) so that
 * what a bench counts is the app's.
 */
import { chromium, type Browser } from 'playwright';

export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME, args: CHROME_ARGS });
}
