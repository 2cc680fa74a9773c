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
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { APP_PAGES, serveBuild } from '../server/appFiles';
import { paths } from '../src/config/paths';

const ROOT = join(__dirname, '..');
/** What package.json's "serve" runs. */
const SERVE = [join(ROOT, 'node_modules', 'ts-node', 'dist', 'bin.js'), '--transpile-only', '-P', join(ROOT, 'scripts', 'bench.tsconfig.json'), join(ROOT, 'scripts', 'serve.ts')];

let folder: string;
const children: ChildProcess[] = [];
/** A script large enough for a build to keep its compressed copies. */
const BIG_SCRIPT = `console.log(${JSON.stringify('a line of the app '.repeat(200))});`;
const AHEAD_PAGE = `<!doctype html><title>forgot-password built ahead</title>${'<p>the form</p>'.repeat(100)}`;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'serve-build-'));
  mkdirSync(join(folder, 'dist', 'static', 'js'), { recursive: true });
  writeFileSync(join(folder, 'dist', 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(folder, 'dist', 'static', 'js', 'main.0123abcd.js'), 'console.log("app");');
  writeFileSync(join(folder, 'dist', 'favicon.txt'), 'icon');
  writeFileSync(join(folder, 'dist', 'login.html'), '<!doctype html><title>login built ahead</title>');
  // A script and a page with the copies a build writes beside its text files (scripts/compressedCopies.cjs).
  writeFileSync(join(folder, 'dist', 'static', 'js', 'app.4567cdef.js'), BIG_SCRIPT);
  writeFileSync(join(folder, 'dist', 'static', 'js', 'app.4567cdef.js.gz'), gzipSync(BIG_SCRIPT));
  writeFileSync(join(folder, 'dist', 'static', 'js', 'app.4567cdef.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(join(folder, 'dist', 'forgot-password.html'), AHEAD_PAGE);
  writeFileSync(join(folder, 'dist', 'forgot-password.html.gz'), gzipSync(AHEAD_PAGE));
  writeFileSync(join(folder, 'dist', 'index.html.gz'), gzipSync('<!doctype html><title>app</title>'));
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
  /** The body as the bytes sent (compressed, when the answer says so). */
  bytes: Buffer;
}

/** A request with the path sent exactly as written (no normalising of dots or escapes). */
function ask(base: string, rawPath: string, method = 'GET', headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString(), bytes });
      });
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

  it("sends a file's Brotli or gzip copy to a browser that takes it, as the file's own type, and the file itself to one that does not", async () => {
    const path = '/static/js/app.4567cdef.js';
    const brotlied = await ask(base, path, 'GET', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect({ status: brotlied.status, encoding: brotlied.headers['content-encoding'], type: brotlied.headers['content-type'], vary: brotlied.headers.vary, cache: brotlied.headers['cache-control'] })
      .toEqual({ status: 200, encoding: 'br', type: 'application/javascript; charset=utf-8', vary: 'accept-encoding', cache: 'public, max-age=31536000, immutable' });
    expect(brotliDecompressSync(brotlied.bytes).toString()).toBe(BIG_SCRIPT);
    expect(brotlied.bytes.length).toBeLessThan(BIG_SCRIPT.length / 10);
    // Chromium over plain http takes gzip and deflate, not Brotli.
    const gzipped = await ask(base, path, 'GET', { 'accept-encoding': 'gzip, deflate' });
    expect({ encoding: gzipped.headers['content-encoding'], type: gzipped.headers['content-type'] }).toEqual({ encoding: 'gzip', type: 'application/javascript; charset=utf-8' });
    expect(gunzipSync(gzipped.bytes).toString()).toBe(BIG_SCRIPT);
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Record<string, string>[]) {
      const plain = await ask(base, path, 'GET', headers);
      expect({ headers, status: plain.status, encoding: plain.headers['content-encoding'], body: plain.bytes.toString() }).toEqual({ headers, status: 200, encoding: undefined, body: BIG_SCRIPT });
    }
    // A file the build kept no copy of comes as it is.
    const small = await ask(base, '/static/js/main.0123abcd.js', 'GET', { 'accept-encoding': 'br, gzip' });
    expect({ encoding: small.headers['content-encoding'], body: small.bytes.toString() }).toEqual({ encoding: undefined, body: 'console.log("app");' });
  });

  it('sends a page built ahead, and the app for its other pages, compressed too; a copy is no address of its own', async () => {
    const page = await ask(base, '/forgot-password', 'GET', { 'accept-encoding': 'br, gzip' });
    expect({ status: page.status, encoding: page.headers['content-encoding'], type: page.headers['content-type'], cache: page.headers['cache-control'] })
      .toEqual({ status: 200, encoding: 'gzip', type: 'text/html; charset=utf-8', cache: 'no-cache' });
    expect(gunzipSync(page.bytes).toString()).toBe(AHEAD_PAGE);
    for (const [path, status] of [['/users/u-1', 200], ['/metrics', 404]] as const) {
      const app = await ask(base, path, 'GET', { 'accept-encoding': 'gzip' });
      expect({ path, status: app.status, encoding: app.headers['content-encoding'], type: app.headers['content-type'], body: gunzipSync(app.bytes).toString() })
        .toEqual({ path, status, encoding: 'gzip', type: 'text/html; charset=utf-8', body: '<!doctype html><title>app</title>' });
    }
    for (const path of ['/static/js/app.4567cdef.js.gz', '/static/js/app.4567cdef.js.br', '/forgot-password.html.gz']) {
      const copy = await ask(base, path, 'GET', {});
      expect({ path, status: copy.status, encoding: copy.headers['content-encoding'] }).toEqual({ path, status: 404, encoding: undefined });
      expect(copy.bytes.toString()).toContain('<title>app</title>');
    }
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
