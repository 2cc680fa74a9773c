/**
 * `npm start` and `npm run build` as a developer meets them: a bad setting or a taken port stops them
 * at once with one line that says what to do, and no stack trace; `npm start` listens on this
 * machine alone unless HOST opens it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { accepts } from '../server/cluster';
import { busyPortMessage } from './settings';

const ROOT = join(__dirname, '..');
const WEBPACK = join(ROOT, 'node_modules', 'webpack', 'bin', 'webpack.js');

// A regression would leave a build or a dev server running: whatever is still alive ends with the
// file, and the file waits until each has gone, its pipes closed too: nothing is left to hold jest's worker.
const closed: Promise<void>[] = [];
const children: ChildProcess[] = [];
function watched(child: ChildProcess): void {
  children.push(child);
  closed.push(new Promise((resolve) => child.once('close', () => resolve())));
}
afterAll(async () => {
  children.forEach((child) => child.kill());
  await Promise.all(closed);
});

function webpack(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [WEBPACK, ...args], { cwd: ROOT, env: { ...process.env, PORT: '', MOCK_SCENARIO: '', ...env } });
    watched(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const STACK_LINE = /\n\s+at /;

describe('npm run build with a bad setting', () => {
  it('stops at an unknown MOCK_SCENARIO, naming it and the scenarios there are', async () => {
    const { code, stderr } = await webpack(['--mode', 'production'], { MOCK_SCENARIO: 'bussy' });
    expect(code).toBe(1);
    expect(stderr).toContain('MOCK_SCENARIO "bussy" is not valid. Use one of: default, empty, new-member, busy');
    expect(stderr).not.toMatch(STACK_LINE);
  });

  it('prints any configuration error without a stack trace', async () => {
    const { code, stderr } = await webpack(['--mode', 'production'], { API_MOCKING: 'maybe' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('SocialConnect configuration error: API_MOCKING "maybe" is not valid. Use "on" (mock backend in the browser) or "off" (real server).');
  });
});

describe('npm start on a busy port', () => {
  let blocker: Server;
  let port: number;

  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    port = (blocker.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it.each([
    ['PORT', [] as string[], (p: number) => ({ PORT: String(p) })],
    ['--port', ['--port'], () => ({})],
  ])('says which port is taken and how to choose another (%s)', async (_how, flag, env) => {
    const args = ['serve', '--mode', 'development', ...(flag.length > 0 ? [...flag, String(port)] : [])];
    const { code, stderr } = await webpack(args, env(port));
    expect(code).toBe(1);
    expect(stderr).toContain(busyPortMessage(port, 'npm start'));
    expect(stderr).not.toMatch(STACK_LINE);
  });
});

describe('npm start with a bad port', () => {
  it('stops at once, naming the setting and what it accepts', async () => {
    const { code, stderr } = await webpack(['serve', '--mode', 'development'], { PORT: 'abc' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('SocialConnect configuration error: PORT "abc" is not valid. Use a port number from 0 to 65535 (0 picks a free one).');
  });
});

describe('npm start, where it listens', () => {
  // 127.0.0.2 is this machine too (all of 127.0.0.0/8 is loopback), but not the address 127.0.0.1:
  // only a server listening on every interface takes a connection there.
  it.each([
    ['on loopback alone by default, and says so', {}, false, 'Loopback: http://127.0.0.1:'],
    ['on every interface with HOST=0.0.0.0', { HOST: '0.0.0.0' }, true, 'On Your Network'],
  ])('listens %s', async (_how, env: Record<string, string>, everywhere, said) => {
    // PORT=0: the dev server takes a free port itself and says which. A port found free here and
    // handed over would be free for every other process too until the dev server takes it, and a
    // server of another test taking it meanwhile would answer on 127.0.0.1 in its place.
    const child = spawn(process.execPath, [WEBPACK, 'serve', '--mode', 'development'], { cwd: ROOT, env: { ...process.env, PORT: '0', HOST: '', MOCK_SCENARIO: '', ...env } });
    watched(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      const deadline = Date.now() + 60_000;
      // Said once it listens: "Loopback: http://127.0.0.1:PORT/" (or localhost on every interface).
      const listening = /Loopback: http:\/\/\S+?:(\d+)\//;
      while (!listening.test(output)) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not say where it listens:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const port = Number(listening.exec(output)?.[1]);
      expect(await accepts('127.0.0.1', port)).toBe(true);
      expect(await accepts('127.0.0.2', port)).toBe(everywhere);
      // Said by the dev server as it starts, beside where it listens.
      while (!output.includes(said) && child.exitCode === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(output).toContain(said);
    } finally {
      child.kill();
      await exited;
    }
  }, 90_000);
});
