// `npm test`: every check, in order, stopping at the first that fails; then a table of the phases
// and their times. `npm test -- --full` runs the generated and repeated tests at their full size
// (TEST_SIZE=full: 500 generated bodies a route instead of 100, three crash rounds instead of one).
// `npm run check` (`--check`): the inner loop, types, lint and the app's unit tests, all at once.
import { spawn } from 'node:child_process';

const full = process.argv.includes('--full');
const check = process.argv.includes('--check');
const env = { ...process.env, ...(full ? { TEST_SIZE: 'full' } : {}) };

const TYPECHECK = ['typecheck', 'tsc, strict: app, contract, stand-in, server, e2e', 'npm run typecheck'];
const LINT = ['lint', 'ESLint (beside the typecheck)', 'npm run lint'];

/** Steps in order; the phases of one step run side by side (each single-threaded, on a 2-core machine). */
const STEPS = check
  ? [
    // The app's tests wait on timers about a quarter of the time: a worker more than the cores (as
    // jest.config.ts sets), and tsc and ESLint beside them (both keep what they found in
    // node_modules/.cache), fill the two cores. Warm: 2 min 25 s to 2 min 38 s, against 3 min 11 s
    // with two workers.
    [TYPECHECK, LINT, ['app tests', 'jest without coverage: the app and the tools', 'npm run test:unit -- --selectProjects app tools --coverage=false']],
  ]
  : [
    [['tools', 'Chromium, PostgreSQL and HAProxy are installed', 'node scripts/checkTools.mjs']],
    [TYPECHECK, LINT],
    [['unit', 'jest with coverage: app, contract on three backends, server', 'npm run test:unit']],
    [['e2e', 'builds, then Playwright journeys in Chromium', 'npm run test:e2e']],
  ];

function format(seconds) {
  const whole = Math.round(seconds);
  return whole >= 60 ? `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s` : `${whole} s`;
}

function run([name, what, command]) {
  const begun = performance.now();
  return new Promise((resolve) => {
    spawn(command, { shell: true, stdio: 'inherit', env }).on('exit', (status, signal) => {
      resolve({ name, what, seconds: (performance.now() - begun) / 1000, ok: status === 0, failure: signal ? `signal ${signal}` : `exit code ${status}` });
    });
  });
}

const done = [];
let failed;
const started = performance.now();
for (const step of STEPS) {
  const results = await Promise.all(step.map(run));
  done.push(...results);
  const first = results.find((result) => !result.ok);
  if (first) {
    failed = `${first.name} failed (${first.failure})`;
    break;
  }
}

const rows = done.map(({ name, what, seconds, ok }) => `| ${name} | ${what} | ${format(seconds)} | ${ok ? 'passed' : 'FAILED'} |`);
console.log([
  '',
  `${check ? 'npm run check' : `npm test${full ? ' -- --full' : ''}`}: ${failed ?? 'every phase passed'}`,
  '',
  '| phase | what | time | result |',
  '|---|---|---|---|',
  ...rows,
  `| total | | ${format((performance.now() - started) / 1000)} | |`,
].join('\n'));
process.exitCode = failed ? 1 : 0;
