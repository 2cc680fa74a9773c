import { existsSync } from 'node:fs';

/** Debian's Chromium, or the one CHROME_PATH names. Browsers are never downloaded. */
export function chromiumPath(): string {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `The end-to-end tests need Chromium, and none was found at ${path}.\n` +
        'Install Debian\'s build with: sudo apt-get update && sudo apt-get install -y chromium\n' +
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
