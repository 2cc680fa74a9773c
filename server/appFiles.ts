/**
 * The built app over HTTP, one plugin for the server and for `npm run serve`: each file of the build
 * as it is, a page the build wrote ahead as its own HTML (/login and /login/ -> login.html), and the
 * app's index.html for its other pages, since the app routes on the client (with 404 for a path that
 * is none of its pages).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

export interface AppFilesOptions {
  /** The build's folder (absolute): dist/ or build/app/. */
  root: string;
  /** Path prefixes that are never the app's pages (the server's /api and /media). */
  reserved?: readonly string[];
  /** The answer where there is neither a file nor a page: a reserved path, or a method other than GET and HEAD. */
  notFound?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
}

const FOR_GOOD = 'public, max-age=31536000, immutable';

/**
 * The app's pages, as its router's patterns (src/config/paths.ts; a test keeps the two the same):
 * these answer the app with 200. Any other path that is no file of the build (`/metrics`, `/status`,
 * `/.env`, `/wp-login.php`, `/posts/a/b`) answers 404, still with the app, which shows its not-found
 * page: a monitoring probe or a scanner is never told that such a page is there.
 */
export const APP_PAGES = [
  '/', '/login', '/signup', '/forgot-password', '/reset-password', '/confirm-email', '/bookmark', '/posts/:postId', '/users/:userId', '/explore', '/tags/:tag',
  '/createpost', '/notifications', '/settings/muted-and-blocked', '/settings/account', '/scheduled', '/search', '/moderation', '/error',
] as const;

const PAGE_PATTERNS = APP_PAGES.map((pattern) => pattern.split('/'));

/** Whether a path (without its trailing slashes) is one of the app's pages: `:name` is any one segment. */
function isAppPage(path: string): boolean {
  const segments = path.split('/');
  return PAGE_PATTERNS.some((pattern) => pattern.length === segments.length
    && pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])));
}

function plainNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
}

async function appFilesPlugin(app: FastifyInstance, { root, reserved = [], notFound = plainNotFound }: AppFilesOptions): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    // One route per file of the build, so nothing outside it is ever read; every other path is the
    // not-found handler's below.
    wildcard: false,
    // The build's gzip and Brotli copies of its text files (scripts/compressedCopies.cjs), sent in
    // the file's place to a browser that takes them; they are no addresses of their own.
    preCompressed: true,
    globIgnore: ['**/*.gz', '**/*.br'],
    cacheControl: false,
    setHeaders: (response, path) => {
      // Scripts, styles and media under static/ carry their content hash in their names: cache them for good.
      response.setHeader('cache-control', /[\\/]static[\\/]/.test(path) ? FOR_GOOD : 'no-cache');
      // What is sent depends on what the browser takes: a shared cache keeps one answer for each.
      response.setHeader('vary', 'accept-encoding');
    },
  });

  // Pages the build wrote ahead as HTML: the browser paints them before any script runs.
  const pagesAhead = new Map(
    readdirSync(root)
      .filter((file) => /^[\w-]+\.html$/.test(file) && file !== 'index.html')
      .map((file) => [`/${file.slice(0, -'.html'.length)}`, file]),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const pageAhead = pagesAhead.get(page);
    if (pageAhead && request.method === 'POST') {
      // A form sent before the app started (its script takes forms over): back to the page, by GET.
      return reply.code(303).header('location', page).header('cache-control', 'no-store').send();
    }
    if (reserved.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) || !['GET', 'HEAD'].includes(request.method)) {
      return notFound(request, reply);
    }
    // An escape that does not decode never gets here: Fastify's router answers it 400 itself (the
    // server reads such a path literally first, and gets here with it).
    if (decodeURIComponent(path).includes('\0')) {
      return reply.code(400).type('text/plain; charset=utf-8').send('Bad request: the address is not a valid URL path.');
    }
    return reply
      .code(pageAhead || isAppPage(page) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile(pageAhead ?? 'index.html');
  });
}

/** Registered in its caller's context (as fastify-plugin does), so its not-found handler answers every path. */
export const appFiles = Object.assign(appFilesPlugin, { [Symbol.for('skip-override')]: true });

/**
 * The build in `root` alone, listening on loopback: `npm run serve`, and the stand-in's end-to-end
 * projects. Fails when the folder holds no build.
 */
export async function serveBuild({ root, port = 0, host = '127.0.0.1' }: { root: string; port?: number; host?: string }): Promise<FastifyInstance> {
  const folder = resolve(root);
  if (!existsSync(join(folder, 'index.html'))) throw new Error(`No build in ${folder}: run "npm run build" first.`);
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await app.register(appFiles, { root: folder });
  await app.listen({ port, host });
  return app;
}
