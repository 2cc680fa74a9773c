/**
 * `npm run serve` as a developer meets it: the script run by Node in a folder holding a build, asked
 * for what a browser (or a curious visitor) may ask.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = join(__dirname, 'serveDist.mjs');

let folder: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'serve-dist-'));
  mkdirSync(join(folder, 'dist', 'static'), { recursive: true });
  writeFileSync(join(folder, 'dist', 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(folder, 'dist', 'static', 'main.js'), 'console.log("app");');
  writeFileSync(join(folder, 'dist', 'login.html'), '<!doctype html><title>login built ahead</title>');
  // A sibling whose name starts with "dist": never served.
  mkdirSync(join(folder, 'dist-private'));
  writeFileSync(join(folder, 'dist-private', 'secret.txt'), 'secret');
});

afterAll(() => {
  for (const child of children) child.kill();
  rmSync(folder, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function run(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, [SCRIPT, ...args], { cwd: folder, env: { ...process.env, PORT: '', ...env } });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Starts the server on a free port and gives its address once it says it is listening. */
async function serve(): Promise<string> {
  const server = run(['--port', '0']);
  const address = await new Promise<string>((resolve, reject) => {
    server.child.stdout?.on('data', () => {
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(server.stdout());
      if (match) resolve(match[0]);
    });
    void server.exited.then((code) => reject(new Error(`serveDist exited with ${code}: ${server.stderr()}`)));
  });
  return address;
}

/** GET with the path sent exactly as written (no normalising of dots or escapes). */
function get(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('npm run serve', () => {
  it('serves files, and index.html for any other path', async () => {
    const base = await serve();
    expect(await get(base, '/static/main.js')).toEqual({ status: 200, body: 'console.log("app");' });
    expect((await get(base, '/users/u-1')).body).toContain('<title>app</title>');
  });

  it('serves a page the build wrote ahead as its own HTML, with or without a trailing slash', async () => {
    const base = await serve();
    for (const path of ['/login', '/login/']) expect((await get(base, path)).body).toContain('<title>login built ahead</title>');
    for (const path of ['/', '/signup', '/login/more', '/login.x']) expect((await get(base, path)).body).toContain('<title>app</title>');
  });

  it('answers 400 to a malformed URL and keeps serving', async () => {
    const base = await serve();
    const bad = await get(base, '/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/Bad request/);
    expect((await get(base, '/static/main.js')).status).toBe(200);
  });

  it.each(['/..%2Fdist-private/secret.txt', '/../dist-private/secret.txt', '/static/..%2F..%2Fdist-private%2Fsecret.txt'])(
    'never reads outside the build folder: %s',
    async (path) => {
      const base = await serve();
      const answer = await get(base, path);
      expect(answer.body).not.toContain('secret');
      // An escaped slash survives URL parsing and points outside: refused rather than answered.
      if (path.includes('%2F')) expect(answer.status).toBe(404);
    },
  );

  it('says which port is busy and how to choose another, without a stack trace', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const server = run([], { PORT: String(port) });
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toContain(`Port ${port} is already in use`);
      expect(server.stderr()).toContain(`PORT=${port + 1} npm run serve`);
      expect(server.stderr()).toContain(`npm run serve -- --port ${port + 1}`);
      expect(server.stderr()).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('refuses a port that is not a number, naming the setting', async () => {
    const server = run(['--port', 'abc']);
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('--port "abc" is not valid. Use a port number');
    const fromEnv = run([], { PORT: '99999' });
    expect(await fromEnv.exited).toBe(1);
    expect(fromEnv.stderr()).toContain('PORT "99999" is not valid. Use a port number');
  });
});
