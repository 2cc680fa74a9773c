/**
 * DEV_ORIGINS: a development copy of the app served on another origin (`npm start` on port 3000, a
 * stand-in build pointed at this server at run time) calls this server from the browser. Only the
 * listed origins, and only under /api and /media: their preflights are answered here, and every
 * answer (errors, 404s, the live stream's head) says that origin may read it. No credentials are
 * allowed: the app sends its token in the Authorization header, never in a cookie. With no origin
 * listed, nothing here runs and no answer carries any of it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../contract/idempotency';
import { NETWORK_VERSION_HEADER } from '../contract/networkVersion';
import type { ServerConfig } from './config';

/** The methods a listed origin may call with. */
export const DEV_ORIGIN_METHODS = 'GET, POST, PUT, PATCH, DELETE';

/**
 * The request headers the app sends beyond those any page may: its token, JSON bodies, the answer it
 * prefers (Prefer), a create's idempotency key, the live stream's point to resume from, and the
 * highest network version it has seen.
 */
export const DEV_ORIGIN_REQUEST_HEADERS = ['authorization', 'content-type', IDEMPOTENCY_KEY_HEADER, 'last-event-id', 'prefer', NETWORK_VERSION_HEADER].join(', ');

/**
 * The answer headers a listed origin's script may read beyond those any page may: the request's id,
 * when to try again (a 429), a create answered again from its idempotency key, the preferences applied,
 * the network version an answer reflects.
 */
export const DEV_ORIGIN_EXPOSED_HEADERS = ['x-request-id', 'retry-after', IDEMPOTENT_REPLAYED_HEADER, 'preference-applied', NETWORK_VERSION_HEADER].join(', ');

/** How long a browser may keep a preflight's answer, in seconds. */
export const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** /api and /media and what lies under them: what a listed origin may call; the rest is the app's own. */
const CALLABLE = /^\/(api|media)(?:[/?]|$)/;

/** The origin of the page that asked: its Origin header, else (an <img> sends none) its Referer's, if it says one. */
function pageOrigin(request: FastifyRequest): string | undefined {
  const { origin, referer } = request.headers;
  if (origin !== undefined) return origin;
  return referer !== undefined && URL.canParse(referer) ? new URL(referer).origin : undefined;
}

/**
 * Adds the hook that answers the listed origins. Its headers are set on the raw answer, so they go out
 * however the answer is made: sent by a route, refused by a hook, or written by the live stream itself.
 * Added after helmet's hook, whose Cross-Origin-Resource-Policy it relaxes on /media for those origins.
 */
export function allowDevOrigins(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const listed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const under = CALLABLE.exec(request.url)?.[1];
    if (under === undefined) return undefined;
    const answer = reply.raw;
    // What the answer carries depends on who asked: a cache keeps one answer per asker.
    answer.setHeader('vary', under === 'media' ? 'Origin, Referer' : 'Origin');
    const origin = request.headers.origin;
    const fromListed = origin !== undefined && listed.has(origin);
    // Helmet's `same-origin` would keep a listed origin's page from showing the images as <img>.
    if (under === 'media' && listed.has(pageOrigin(request) ?? '')) answer.setHeader('cross-origin-resource-policy', 'cross-origin');
    if (!fromListed) return undefined;
    answer.setHeader('access-control-allow-origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      // A preflight: answered before any route, so never counted against a rate limit, and for any path.
      answer.setHeader('access-control-allow-methods', DEV_ORIGIN_METHODS);
      answer.setHeader('access-control-allow-headers', DEV_ORIGIN_REQUEST_HEADERS);
      answer.setHeader('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
      return reply.code(204).send();
    }
    answer.setHeader('access-control-expose-headers', DEV_ORIGIN_EXPOSED_HEADERS);
    return undefined;
  });
}

/** What a production server says at every start when DEV_ORIGINS is set: those pages can call its API. */
export function devOriginsWarning(config: Pick<ServerConfig, 'devOrigins' | 'production'>): string | undefined {
  if (!config.production || config.devOrigins.length === 0) return undefined;
  return `WARNING: DEV_ORIGINS is set with NODE_ENV=production: browsers on ${config.devOrigins.join(', ')} can call this server's API and read its answers. `
    + 'It is meant for a development copy of the app; unset it unless those origins are your own.';
}
