// The first step of `npm test`: the tools the suites need besides npm packages, checked before the
// minutes of checks that come first, each with the command that installs it.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const problems = [];

// The journeys drive Debian's headless shell, or its full Chromium when only that is installed
// (e2e/chromium.ts), or the browser CHROME_PATH names.
const chromes = process.env.CHROME_PATH ? [process.env.CHROME_PATH] : ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'];
if (!chromes.some((path) => existsSync(path))) {
  problems.push(`Chromium, for the end-to-end journeys, is not at ${chromes.join(' or ')}.\n  Install it: sudo apt-get update && sudo apt-get install -y chromium-headless-shell\n  (or set CHROME_PATH to a Chromium or Chrome binary)`);
}

const postgresRoot = '/usr/lib/postgresql';
const hasPostgres = existsSync(postgresRoot) && readdirSync(postgresRoot).some((version) => existsSync(join(postgresRoot, version, 'bin', 'initdb')));
if (!process.env.DATABASE_URL && !process.env.TEST_DATABASE_URL && !hasPostgres) {
  problems.push('PostgreSQL, for the server\'s suites, is not installed.\n  Install it: sudo apt-get update && sudo apt-get install -y postgresql\n  (or set DATABASE_URL to a PostgreSQL server the tests may create databases on)');
}

const haproxy = process.env.HAPROXY_BIN
  ? [process.env.HAPROXY_BIN]
  : [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/sbin', '/usr/local/sbin'].map((dir) => join(dir, 'haproxy'));
if (!haproxy.some((file) => existsSync(file))) {
  problems.push(`HAProxy, for the cluster suite, is not ${process.env.HAPROXY_BIN ? `at ${process.env.HAPROXY_BIN}` : 'installed'}.\n  Install it: sudo apt-get update && sudo apt-get install -y haproxy\n  (or set HAPROXY_BIN to its binary)`);
}

if (problems.length > 0) {
  console.error(`npm test needs:\n\n${problems.map((problem) => `- ${problem}`).join('\n\n')}\n`);
  process.exit(1);
}
