/**
 * `npm run serve` as a developer meets it, and the build server under it that the stand-in's
 * end-to-end projects use: a folder holding a build, asked what a browser (or a curious visitor) may ask.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { APP_PAGES, serveBuild } from '../server/appFiles';
import { paths } from '../src/config/paths';

const ROOT = join(__dirname, '..');
/** What package.json's "serve" runs. */
const SERVE = [join(ROOT, 'node_modules', 'ts-node', 'dist', 'bin.js'), '--transpile-only', '-P', join(ROOT, 'scripts', 'bench.tsconfig.json'), join(ROOT, 'scripts', 'serve.ts')];

let folder: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'serve-build-'));
  mkdirSync(join(folder, 'dist', 'static', 'js'), { recursive: true });
  writeFileSync(join(folder, 'dist', 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(folder, 'dist', 'static', 'js', 'main.0123abcd.js'), 'console.log("app");');
  writeFileSync(join(folder, 'dist', 'favicon.txt'), 'icon');
  writeFileSync(join(folder, 'dist', 'login.html'), '<!doctype html><title>login built ahead</title>');
  // A sibling whose name starts with "dist": never served.
  mkdirSync(join(folder, 'dist-private'));
  writeFileSync(join(folder, 'dist-private', 'secret.txt'), 'secret');
});

afterAll(() => {
  for (const child of children) child.kill();
  rmSync(folder, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with the path sent exactly as written (no normalising of dots or escapes). */
function ask(base: string, rawPath: string, method = 'GET'): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: rawPath, method }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the build server', () => {
  let server: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    server = await serveBuild({ root: join(folder, 'dist') });
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('serves files, the hashed ones cached for good, and index.html for any other path', async () => {
    const script = await ask(base, '/static/js/main.0123abcd.js');
    expect({ status: script.status, body: script.body, cache: script.headers['cache-control'] }).toEqual({ status: 200, body: 'console.log("app");', cache: 'public, max-age=31536000, immutable' });
    const file = await ask(base, '/favicon.txt');
    expect({ status: file.status, body: file.body, cache: file.headers['cache-control'] }).toEqual({ status: 200, body: 'icon', cache: 'no-cache' });
    const page = await ask(base, '/users/u-1');
    expect({ status: page.status, type: page.headers['content-type'], cache: page.headers['cache-control'] }).toEqual({ status: 200, type: 'text/html; charset=utf-8', cache: 'no-cache' });
    expect(page.body).toContain('<title>app</title>');
  });

  it('serves a page the build wrote ahead as its own HTML, with or without a trailing slash', async () => {
    for (const path of ['/login', '/login/']) expect((await ask(base, path)).body).toContain('<title>login built ahead</title>');
    for (const path of ['/', '/signup', '/login/more', '/login.x']) expect((await ask(base, path)).body).toContain('<title>app</title>');
  });

  it("answers 404 (with the app) for a path that is none of the app's pages, whose list is the router's", async () => {
    const routerPatterns = Object.values(paths).flatMap((entry) => ('pattern' in entry ? [entry.pattern] : []));
    expect([...APP_PAGES].sort()).toEqual(routerPatterns.sort());
    for (const path of ['/metrics', '/.env', '/wp-login.php', '/static/js/gone.js']) {
      const answer = await ask(base, path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.body).toContain('<title>app</title>');
    }
    expect((await ask(base, '/explore')).status).toBe(200);
  });

  it('sends a form posted to a page built ahead back to it, and answers 404 to other methods', async () => {
    const posted = await ask(base, '/login/', 'POST');
    expect({ status: posted.status, location: posted.headers.location }).toEqual({ status: 303, location: '/login' });
    expect((await ask(base, '/settings', 'POST')).status).toBe(404);
  });

  it.each(['/%E0%A4%A', '/%00', '/users/a%00b'])('answers 400 to a malformed address (%s) and keeps serving', async (path) => {
    const bad = await ask(base, path);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/Bad request/i);
    expect((await ask(base, '/static/js/main.0123abcd.js')).status).toBe(200);
  });

  it.each(['/..%2Fdist-private/secret.txt', '/../dist-private/secret.txt', '/static/..%2F..%2F..%2Fdist-private%2Fsecret.txt', '/%2E%2E/dist-private/secret.txt'])(
    'never reads outside the build folder: %s gets the app',
    async (path) => {
      const answer = await ask(base, path);
      expect(answer.body).not.toContain('secret');
      expect(answer.body).toContain('<title>app</title>');
    },
  );

  it('refuses a folder that holds no build', async () => {
    await expect(serveBuild({ root: join(folder, 'dist-private') })).rejects.toThrow(`No build in ${join(folder, 'dist-private')}: run "npm run build" first.`);
  });
});

describe('npm run serve', () => {
  interface Run {
    child: ChildProcess;
    stdout: () => string;
    stderr: () => string;
    exited: Promise<number | null>;
  }

  function run(args: string[], env: Record<string, string> = {}): Run {
    const child = spawn(process.execPath, [...SERVE, ...args], { cwd: folder, env: { ...process.env, PORT: '', ...env } });
    children.push(child);
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, stdout: () => out, stderr: () => err, exited };
  }

  it('serves dist/ of the folder it runs in, and says where', async () => {
    const server = run(['--port', '0']);
    const base = await new Promise<string>((resolve, reject) => {
      server.child.stdout?.on('data', () => {
        const match = /^SocialConnect build served at (http:\/\/127\.0\.0\.1:\d+)$/m.exec(server.stdout());
        if (match?.[1]) resolve(match[1]);
      });
      void server.exited.then((code) => reject(new Error(`npm run serve exited with ${code}: ${server.stderr()}`)));
    });
    expect((await ask(base, '/login')).body).toContain('<title>login built ahead</title>');
    server.child.kill();
  });

  it('says which port is busy and how to choose another, without a stack trace', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const server = run([], { PORT: String(port) });
      expect(await server.exited).toBe(1);
      expect(server.stderr().trim()).toBe(
        `Port ${port} is already in use (another "npm run serve" or another program).\nChoose another port: PORT=${port + 1} npm run serve   or   npm run serve -- --port ${port + 1}`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('refuses a port that is not a number, naming the setting', async () => {
    const option = run(['--port', 'abc']);
    const variable = run([], { PORT: '99999' });
    expect([await option.exited, await variable.exited]).toEqual([1, 1]);
    expect(option.stderr().trim()).toBe('npm run serve: --port "abc" is not valid. Use a port number from 0 to 65535 (0 picks a free one).');
    expect(variable.stderr().trim()).toBe('npm run serve: PORT "99999" is not valid. Use a port number from 0 to 65535 (0 picks a free one).');
  });
});
