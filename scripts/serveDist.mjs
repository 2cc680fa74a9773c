// Serves the production build in dist/ on loopback with a single-page-app fallback: a page built
// ahead (/login -> login.html) gets its own HTML, any other path that is not a file gets index.html.
// Used by the end-to-end suite and by `npm run serve`.
//
//   npm run serve                  http://127.0.0.1:5000
//   PORT=5050 npm run serve        another port (also: npm run serve -- --port 5050)
import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import settings from './settings.js';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

const DEFAULT_PORT = 5000;

/** The decoded path of a request, or null when the URL cannot be read (a bad escape such as %E0%A4%A). */
function requestPath(rawUrl) {
  try {
    return decodeURIComponent(new URL(rawUrl ?? '/', 'http://localhost').pathname);
  } catch {
    return null;
  }
}

/** Whether `file` lies inside the folder `base` (by path segments, so dist-private is not inside dist). */
function isInside(base, file) {
  const rel = relative(base, file);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

function answer(res, status, text) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/**
 * The HTML for a page address: the page's own file when the build wrote one ahead (/login and
 * /login/ -> login.html), else the app's index.html.
 */
export function pageFile(base, path) {
  const page = path.replace(/\/+$/, '');
  if (/^\/[\w-]+$/.test(page)) {
    const ahead = join(base, `${page.slice(1)}.html`);
    if (existsSync(ahead) && statSync(ahead).isFile()) return ahead;
  }
  return join(base, 'index.html');
}

export function startDistServer({ root = 'dist', port = 0, host = '127.0.0.1' } = {}) {
  const base = resolve(root);
  if (!existsSync(join(base, 'index.html'))) {
    throw new Error(`No build in ${base}: run "npm run build" first.`);
  }
  const server = createServer((req, res) => {
    const path = requestPath(req.url);
    if (path === null || path.includes('\0')) {
      answer(res, 400, 'Bad request: the address is not a valid URL path.');
      return;
    }
    const wanted = resolve(base, `.${path}`);
    if (wanted !== base && !isInside(base, wanted)) {
      answer(res, 404, 'Not found.');
      return;
    }
    const isFile = wanted !== base && existsSync(wanted) && statSync(wanted).isFile();
    const file = isFile ? wanted : pageFile(base, path);
    const hashed = /\.[0-9a-f]{8}\.(chunk\.)?(js|css)$/.test(file);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolvePromise, rejectPromise) => {
    server.once('error', rejectPromise);
    server.listen(port, host, () => {
      server.off('error', rejectPromise);
      resolvePromise(server);
    });
  });
}

async function main() {
  let port;
  try {
    port = settings.readPort(parseArgs({ options: { port: { type: 'string' } } }).values.port, process.env, DEFAULT_PORT);
  } catch (error) {
    console.error(`npm run serve: ${error.message}`);
    process.exitCode = 1;
    return;
  }
  try {
    const server = await startDistServer({ port });
    const address = server.address();
    console.log(`SocialConnect build served at http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`);
  } catch (error) {
    console.error(error?.code === 'EADDRINUSE' ? settings.busyPortMessage(port, 'npm run serve') : `npm run serve: ${error?.message ?? error}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
