// `npm test`: every check, in order, stopping at the first that fails; then a table of the phases
// and their times. `npm test -- --full` runs the generated and repeated tests at their full size
// (TEST_SIZE=full: 500 generated bodies a route instead of 100, three crash rounds instead of one).
import { spawn } from 'node:child_process';

const full = process.argv.includes('--full');
const env = { ...process.env, ...(full ? { TEST_SIZE: 'full' } : {}) };

/** Steps in order; the phases of one step run side by side (each single-threaded, on a 2-core machine). */
const STEPS = [
  [['tools', 'Chromium, PostgreSQL and HAProxy are installed', 'node scripts/checkTools.mjs']],
  [
    ['typecheck', 'tsc, strict: app, contract, stand-in, server, e2e', 'npm run typecheck'],
    ['lint', 'ESLint (beside the typecheck)', 'npm run lint'],
  ],
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
  `npm test${full ? ' -- --full' : ''}: ${failed ?? 'every phase passed'}`,
  '',
  '| phase | what | time | result |',
  '|---|---|---|---|',
  ...rows,
  `| total | | ${format((performance.now() - started) / 1000)} | |`,
].join('\n'));
process.exitCode = failed ? 1 : 0;
