/**
 * `npm test` checks for the tools it needs besides npm packages first, before the minutes of type
 * checks, lint and unit tests, and says how to install what is missing.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

function checkTools(env: Record<string, string>) {
  return spawnSync(process.execPath, [join(__dirname, 'checkTools.mjs')], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
}

describe('npm test: the tools check', () => {
  it('comes before every other check: npm test stops there and prints its table of phases', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.test).toBe('node scripts/test.mjs');
    const result = spawnSync(process.execPath, [join(__dirname, 'test.mjs')], {
      cwd: ROOT,
      env: { ...process.env, CHROME_PATH: join(ROOT, 'no-such-chromium'), DATABASE_URL: 'postgres://localhost/unused' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('npm test: tools failed (exit code 1)');
    expect(result.stdout).toMatch(/^\| tools \| .+ \| \d+ s \| FAILED \|$/m);
    expect(result.stdout).not.toContain('| typecheck |');
  });

  it('stops when Chromium is missing, with the command that installs it', () => {
    const result = checkTools({ CHROME_PATH: join(ROOT, 'no-such-chromium'), DATABASE_URL: 'postgres://localhost/unused' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Chromium, for the end-to-end journeys, is not at ${join(ROOT, 'no-such-chromium')}`);
    expect(result.stderr).toContain('sudo apt-get install -y chromium-headless-shell');
  });

  it('stops when HAProxy is missing, with the command that installs it', () => {
    const result = checkTools({ CHROME_PATH: process.execPath, DATABASE_URL: 'postgres://localhost/unused', HAPROXY_BIN: join(ROOT, 'no-such-haproxy') });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`HAProxy, for the cluster suite, is not at ${join(ROOT, 'no-such-haproxy')}`);
    expect(result.stderr).toContain('sudo apt-get install -y haproxy');
    expect(result.stderr).not.toContain('Chromium');
  });

  it('lets the run go on when the tools are there', () => {
    // Any existing file stands for the browser here; the check only looks for it.
    const result = checkTools({ CHROME_PATH: process.execPath, DATABASE_URL: 'postgres://localhost/unused', HAPROXY_BIN: process.execPath });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });
});
