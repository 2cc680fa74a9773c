import { existsSync } from 'node:fs';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same engine without the
 * desktop browser around it, about two thirds of the full browser's time for the same journeys.
 */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
/** Debian's full Chromium (package chromium), used when the shell is not installed. */
export const FULL_CHROMIUM = '/usr/bin/chromium';

/** The browser the journeys drive: the one CHROME_PATH names, or Debian's. Browsers are never downloaded. */
export function chromiumPath(): string {
  const path = process.env.CHROME_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
  if (!existsSync(path)) {
    throw new Error(
      `The end-to-end tests need Chromium, and none was found at ${path}.\n` +
        'Install Debian\'s headless build with: sudo apt-get update && sudo apt-get install -y chromium-headless-shell\n' +
        'or point CHROME_PATH at a Chromium or Chrome binary.',
    );
  }
  return path;
}

/** Flags for a quiet headless Chromium on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
