/**
 * `npm run server`'s first start: each build step is one line on the terminal, its output goes to a
 * log under build/, and a failed step names its log and shows how it ends. Run on a copy of the
 * script in a throwaway repository whose webpack, tsc and server are stand-ins that print a lot.
 * Then the real `npm run server`, stopped by a signal as a service manager or a terminal stops it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { newDataDir } from '../server/testing/pgliteTemplate';
import { until } from '../server/testing/until';

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function place(folder: string, path: string, text: string): void {
  mkdirSync(dirname(join(folder, path)), { recursive: true });
  writeFileSync(join(folder, path), text);
}

/** A repository with sources newer than any build; the stand-in webpack fails when told to. */
function repository({ appBuildFails }: { appBuildFails: boolean }): string {
  const folder = mkdtempSync(join(tmpdir(), 'npm-run-server-'));
  folders.push(folder);
  mkdirSync(join(folder, 'scripts'));
  for (const script of ['server.mjs', 'buildForServer.mjs']) copyFileSync(join(__dirname, script), join(folder, 'scripts', script));
  place(folder, 'src/main.tsx', 'export {};');
  place(folder, 'server/main.ts', 'export {};');
  const noisy = 'for (let line = 1; line <= 60; line += 1) console.log(`webpack line ${line}`);';
  place(folder, 'node_modules/webpack/bin/webpack.js', appBuildFails
    ? `${noisy} console.error('ERROR in ./src/main.tsx: it does not compile'); process.exit(2);`
    : `${noisy} require('node:fs').mkdirSync('build/app', { recursive: true }); require('node:fs').writeFileSync('build/app/index.html', 'app');`);
  place(folder, 'node_modules/typescript/bin/tsc', "require('node:fs').mkdirSync('build/server/server', { recursive: true }); require('node:fs').writeFileSync('build/server/server/main.js', 'console.log(\"server started\");');");
  return folder;
}

function npmRunServer(folder: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(folder, 'scripts', 'server.mjs')], { cwd: folder });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run server on a first start', () => {
  it('says in one line per step what it builds, keeps the output in logs, then starts the server', async () => {
    const folder = repository({ appBuildFails: false });
    const { code, stdout, stderr } = await npmRunServer(folder);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout.split('\n')).toEqual([
      expect.stringMatching(/^Building the app for the server \(API_MOCKING=off\) into build\/app \(about a minute\), output in build\/app-build\.log \.\.\. done in \d+ s$/),
      expect.stringMatching(/^Compiling the server into build\/server, output in build\/server-build\.log \.\.\. done in \d+ s$/),
      'server started',
      '',
    ]);
    expect(readFileSync(join(folder, 'build', 'app-build.log'), 'utf8')).toContain('webpack line 60');
  });

  it('stops at a failed build, naming its log and showing how it ends', async () => {
    const folder = repository({ appBuildFails: true });
    const { code, stdout, stderr } = await npmRunServer(folder);
    expect(code).toBe(1);
    expect(stdout).toBe('Building the app for the server (API_MOCKING=off) into build/app (about a minute), output in build/app-build.log ... failed (exit code 2)\n');
    expect(stderr).toMatch(/^The end of build\/app-build\.log:\n\n/);
    expect(stderr).toMatch(/webpack line 60\nERROR in \.\/src\/main\.tsx: it does not compile\n$/);
    // The last lines only: the log keeps the rest.
    expect(stderr).not.toMatch(/webpack line 1\n/);
    expect(readFileSync(join(folder, 'build', 'app-build.log'), 'utf8')).toMatch(/^webpack line 1\n/);
  });
});

/**
 * `npm run server` itself, as a service manager runs it: npm runs the script with `sh -c`, and the
 * server must be what gets npm's signal (npm passes SIGTERM and SIGINT on to its child; a shell in
 * between would die of it and leave the server running). A real server on a fresh PGlite folder, a
 * free port and a one-second drain; the server is compiled first when its build is stale.
 */
describe('npm run server stopped by a signal', () => {
  const ROOT = join(__dirname, '..');
  const DRAIN_SECONDS = 1;
  /** Past the drain: closing the connections and PGlite, and npm's own exit. */
  const STOP_BOUND_MS = DRAIN_SECONDS * 1_000 + 10_000;
  /** Every process a test started (npm and those under it, as seen while they ran), with its command line then. */
  const started = new Map<number, string>();
  const commandLine = (pid: number): string => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return '';
    }
  };
  const keep = (pid: number): void => {
    started.set(pid, commandLine(pid));
  };

  /** Every process under `pid`, read from /proc (Linux): its children, theirs, and so on. */
  function descendants(pid: number): number[] {
    const found: number[] = [];
    const visit = (parent: number): void => {
      let children: string[];
      try {
        children = readdirSync(`/proc/${parent}/task`).flatMap((task) => readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean));
      } catch {
        return;
      }
      for (const child of children.map(Number)) {
        found.push(child);
        visit(child);
      }
    };
    visit(pid);
    return found;
  }

  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  function refuses(port: number): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
  }

  /** `npm run server` in its own process group, as a terminal or a service manager starts it; resolves once it listens. */
  async function npmRunServer(): Promise<{ npm: ChildProcess; port: number; output: () => string; exited: Promise<number | null> }> {
    const dataDir = await newDataDir('npm-run-server-');
    folders.push(dataDir);
    const npm = spawn('npm', ['run', 'server'], {
      cwd: ROOT,
      detached: true,
      env: {
        ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', SEED: 'off', LOG_LEVEL: 'warn',
        DRAIN_SECONDS: String(DRAIN_SECONDS), STATIC_DIR: join(ROOT, 'server', 'no-app-here'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    keep(npm.pid ?? 0);
    let text = '';
    npm.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    npm.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    const port = await new Promise<number>((resolve, reject) => {
      const check = (): void => {
        const match = /SocialConnect server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(text);
        if (!match) return;
        descendants(npm.pid ?? 0).forEach(keep);
        resolve(Number(match[1]));
      };
      npm.stdout?.on('data', check);
      void exited.then((code) => reject(new Error(`npm run server exited (${code}) before it listened:\n${text}`)));
    });
    return { npm, port, output: () => text, exited };
  }

  afterAll(() => {
    // Whatever a failed test left running, by the pids seen while it ran (a server left behind is no longer under npm).
    // The same process still: its pid has not been given to another since.
    for (const [pid, command] of started) if (alive(pid) && command !== '' && commandLine(pid) === command) process.kill(pid, 'SIGKILL');
  });

  it('on SIGTERM to npm, the server drains and exits, and nothing of it is left on the port or in the process table', async () => {
    const { npm, port, output, exited } = await npmRunServer();
    const under = descendants(npm.pid ?? 0);
    expect(under.length).toBeGreaterThanOrEqual(1);
    const sent = performance.now();
    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    await until(async () => under.every((pid) => !alive(pid)) && await refuses(port), 'the server gone and its port free', STOP_BOUND_MS);
    expect(performance.now() - sent).toBeLessThan(STOP_BOUND_MS);
    expect(output()).toContain(`SIGTERM: /api/health answers 503 for ${DRAIN_SECONDS} s so load balancers stop sending`);
    expect(output()).toContain('SocialConnect server stopped.');
  }, 240_000);

  it("on Ctrl-C (SIGINT to npm's whole group, which npm passes on again), the server still drains before it leaves", async () => {
    const { npm, port, output, exited } = await npmRunServer();
    const sent = performance.now();
    process.kill(-(npm.pid ?? 0), 'SIGINT');
    expect(await exited).toBe(0);
    expect(performance.now() - sent).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1_000);
    expect(await refuses(port)).toBe(true);
    expect(output()).toContain('SocialConnect server stopped.');
  }, 240_000);
});
