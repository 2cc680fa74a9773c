// Serves the production build in dist/ on loopback with a single-page-app fallback: any path that is
// not a file gets index.html. Used by the end-to-end suite and by `npm run serve`.
import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';

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

export function startDistServer({ root = 'dist', port = 0, host = '127.0.0.1' } = {}) {
  const base = resolve(root);
  if (!existsSync(join(base, 'index.html'))) {
    throw new Error(`No build in ${base}: run "npm run build" first.`);
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const wanted = normalize(join(base, decodeURIComponent(url.pathname)));
    const isFile = wanted.startsWith(base) && existsSync(wanted) && statSync(wanted).isFile();
    const file = isFile ? wanted : join(base, 'index.html');
    const hashed = /\.[0-9a-f]{8}\.(chunk\.)?(js|css)$/.test(file);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolvePromise) => {
    server.listen(port, host, () => resolvePromise(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 5000);
  const server = await startDistServer({ port });
  const address = server.address();
  console.log(`SocialConnect build served at http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`);
}
