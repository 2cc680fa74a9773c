/**
 * `npm start` and `npm run build` as a developer meets them: a bad setting or a taken port stops them
 * at once with one line that says what to do, and no stack trace.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { busyPortMessage, readPort } from './ports';

const ROOT = join(__dirname, '..');
const WEBPACK = join(ROOT, 'node_modules', 'webpack', 'bin', 'webpack.js');

// A regression would leave a build or a dev server running: whatever is still alive ends with the file.
const children: ChildProcess[] = [];
afterAll(() => children.forEach((child) => child.kill()));

function webpack(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [WEBPACK, ...args], { cwd: ROOT, env: { ...process.env, PORT: '', MOCK_SCENARIO: '', ...env } });
    children.push(child);
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
    expect(stderr).toContain('MOCK_SCENARIO "bussy" is not a scenario. Use one of: default, empty, new-member, busy');
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

describe('reading a port', () => {
  it('takes --port first, then PORT, then the default', () => {
    expect(readPort(['--port', '4100'], { PORT: '4200' }, 3000)).toBe(4100);
    expect(readPort(['--port=4101'], {}, 3000)).toBe(4101);
    expect(readPort([], { PORT: '4200' }, 3000)).toBe(4200);
    expect(readPort([], {}, 3000)).toBe(3000);
    expect(readPort([], { PORT: ' ' }, 3000)).toBe(3000);
  });

  it.each([
    [['--port', 'abc'], {}, '--port "abc" is not a port number'],
    [['--port'], {}, '--port needs a number'],
    [[], { PORT: '70000' }, 'PORT "70000" is not a port number'],
    [[], { PORT: '-1' }, 'PORT "-1" is not a port number'],
  ])('refuses %j %j', (args, env, message) => {
    expect(() => readPort(args, env, 3000)).toThrow(message);
  });

  it('suggests the next port', () => {
    expect(busyPortMessage(5000, 'npm run serve')).toBe(
      'Port 5000 is already in use (another "npm run serve" or another program).\nChoose another port: PORT=5001 npm run serve   or   npm run serve -- --port 5001',
    );
  });
});
