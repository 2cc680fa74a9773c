/**
 * The HTTP server: Fastify answering the contract's route table under /api, the stored images
 * under /media, and the built app (mocking off) with an SPA fallback, all on one origin.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { RuleContext } from '../contract/context';
import { errorBody } from '../contract/errors';
import { LIMITS } from '../contract/limits';
import { MESSAGE_STATUS, type MessageKey } from '../contract/messages';
import { IDEMPOTENCY_KEY_HEADER } from '../contract/idempotency';
import { ROUTES, runRoute } from '../contract/routes';
import { openEventStream, SessionStreams, STREAMS_PER_SESSION_DEFAULT, type EventHub, type EventSink, type EventStream } from '../contract/stream';
import { IMAGE_KINDS, type ImageKind } from '../contract/validation';
import { NETWORK_VERSION_HEADER, readNetworkVersionHeader } from '../contract/networkVersion';
import type { AnswerCache, ReadConsistency } from './answerCache';
import { appFiles } from './appFiles';
import { fastifyTrustProxy, type TrustProxy } from './config';
import { isUnavailable, toBytes, type Database } from './db/database';
import type { MediaFiles } from './mediaFiles';
import type { AppMetrics } from './metrics';
import { readFrom, type ReadReplicas } from './readReplicas';
import { readNetworkVersion } from './store/events';
import { allowDevOrigins } from './devOrigins';
import { rateLimiting } from './rateLimits';

/**
 * Bodies: 64 KiB, or 6 MiB where one image can travel (a profile with an avatar), or that for each
 * image a new post may have where a post's images travel (postBodyLimit).
 */
export const BODY_LIMIT = 64 * 1024;
export const IMAGE_BODY_LIMIT = 6 * 1024 * 1024;
const IMAGE_ROUTES = new Set(['/users/edit']);
/** The routes a new post's images travel to: a post, and a post kept to publish later. */
const POST_ROUTES = new Set(['/posts', '/scheduled-posts']);

/**
 * What each image after a post's first adds to its body: its data URL (4/3 of its at most 2 MB, 2.67
 * MiB) and its description, with room to spare. The first has IMAGE_BODY_LIMIT, which also holds
 * the spec's `previewImage` (the client's own copy of the first image, never read).
 */
const MORE_IMAGE_BODY = 3 * 1024 * 1024;

/**
 * The largest body of a new post (POST /posts and /scheduled-posts) when a post may have
 * `postImagesMax` images (POST_IMAGES_MAX): 15 MiB for four.
 */
export function postBodyLimit(postImagesMax: number): number {
  return IMAGE_BODY_LIMIT + (postImagesMax - 1) * MORE_IMAGE_BODY;
}

/** server.md's time limits: a whole request, its headers, an idle kept-alive connection. */
export const TIMEOUTS = {
  requestMs: 30_000,
  headersMs: 10_000,
  keepAliveMs: 5_000,
  /** How often connections are checked against the first two (Node's default is 30 s). */
  checkEveryMs: 1_000,
} as const;

export type Timeouts = { [K in keyof typeof TIMEOUTS]: number };

/**
 * How much longer than it says an idle kept-alive connection is kept open. A client that honours
 * `Keep-Alive: timeout=5` still reuses the connection near the end of those 5 s (Node's fetch lets
 * it go after 4 s, on a timer that may fire half a second late, later still on a busy event loop);
 * closing exactly at 5 s would reset such a call. Closing later than announced never meets a client
 * mid-call: HTTP servers commonly leave a second or more (Node 24's keepAliveTimeoutBuffer).
 */
export const KEEP_ALIVE_GRACE_MS = 3_000;

/**
 * How long a connection refused for its body's size stays open to read what the client still sends.
 * The client is often mid-upload when the 413 goes out: a connection closed with unread bytes in it
 * is reset, and the reset can reach the client before it reads the answer (it sees "connection
 * reset" rather than "too large"). Ending the answer, then reading and dropping the rest for a while
 * (a lingering close, as nginx does), lets it read the answer first.
 */
export const LINGER_AFTER_REFUSAL_MS = 2_000;

/** Once the answer is flushed: end the connection's sending side, then close it when the client has ended its own, or after the linger. */
function closeWhenClientStops(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
    const close = (): void => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(close, LINGER_AFTER_REFUSAL_MS);
    timer.unref();
    this.once('end', close);
    this.once('close', () => clearTimeout(timer));
  };
}

/** What a stream may hold unsent for a reader that stops reading, before it is dropped. */
export const UNSENT_STREAM_BYTES_MAX = 256 * 1024;

/** The Content-Security-Policy of the app's pages (server.md): no inline scripts, nothing foreign. */
export const APP_CSP = "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

declare module 'fastify' {
  interface FastifyRequest {
    /** The member the call acted for, for the request's log line. */
    memberId?: string;
  }
}

export interface AppOptions {
  ctx: RuleContext;
  database: Database;
  /** Public reads kept in memory while nothing changes; without it every read is computed. */
  answers?: AnswerCache;
  /** What a read promises (server/answerCache.ts); strict unless given. */
  consistency?: ReadConsistency;
  /** Read replicas (server/readReplicas.ts); without them every read goes to `database`. */
  replicas?: ReadReplicas;
  /** The highest network version this process knows committed (the change channel's); 0 unless given. */
  heardNetwork?: () => number;
  /** What every write commits, for the live stream (GET /api/events); without it, no stream. */
  events?: EventHub;
  /** How many live streams one session may hold open in this process (STREAMS_PER_SESSION). */
  streamsPerSession?: number;
  /** The built app to serve; without it only /api and /media answer. */
  staticDir?: string;
  /** Fastify's logger (pino): false in tests, JSON lines on stdout in production. */
  logger?: FastifyServerOptions['logger'];
  /** The proxies in front whose X-Forwarded-For is believed (ServerConfig's trustProxy). */
  trustProxy?: TrustProxy;
  /** The origins whose pages may call /api and /media from the browser (DEV_ORIGINS, server/devOrigins.ts); none unless given. */
  devOrigins?: readonly string[];
  /** Rate limits (server.md), counted in this process or in the database; without it, none (RATE_LIMITS=off, tests). */
  rateLimits?: 'memory' | 'database';
  /** server.md's by default; shorter in tests. */
  timeouts?: Partial<Timeouts>;
  /**
   * Whether the server is leaving (after SIGTERM, before it closes): /api/health answers 503 so
   * balancers stop sending, and every answer closes its connection, so none is left idle to close.
   */
  draining?: () => boolean;
  /** Where the calls answered and the streams open are counted (server/metrics.ts); none without it. */
  metrics?: AppMetrics;
  /** Where images' bytes are kept (server/mediaFiles.ts); without it, only those held in the database are answered. */
  media?: MediaFiles;
}

function refuse(reply: FastifyReply, key: MessageKey): FastifyReply {
  return reply.code(MESSAGE_STATUS[key]).type('application/json; charset=utf-8').send(errorBody(key));
}

/**
 * A request Node's HTTP parser refused before Fastify saw it (malformed, headers too large or too
 * slow to arrive): answered in the error shape, then the connection is closed.
 */
function clientErrorAnswer(error: Error & { code?: string }): MessageKey {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'requestTimeout';
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'headersTooLarge';
  return 'badRequest';
}

/** A refusal the framework itself raised, as the contract's error shape. */
function frameworkRefusal(error: FastifyError): MessageKey | undefined {
  switch (error.statusCode) {
    case 413:
      return 'bodyTooLarge';
    case 415:
      return 'unsupportedMediaType';
    case 400:
      return error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'invalidJson' : 'invalidBody';
    case 404:
      return 'routeNotFound';
    case 405:
      return 'methodNotAllowed';
    case 408:
    case 503:
      return 'serviceUnavailable';
    default:
      return undefined;
  }
}

const MEDIA_FILE = /^([0-9a-f]{64})\.(png|jpg|webp|gif)$/;
const COPY_FILE = /^([0-9a-f]{64})-([1-9][0-9]{0,4})\.webp$/;

/** Whether an If-None-Match header names this entity tag (or any, `*`); a weak tag matches too. */
function sameEntity(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, '')).some((tag) => tag === '*' || tag === etag);
}

/** The query's parameters; one named twice counts with its last value (as URLSearchParams reads it). */
function lastValues(query: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (typeof last === 'string') values[name] = last;
  }
  return values;
}

/**
 * An X-Request-Id a client or a balancer sends is kept as the request's id (in the log and the
 * answer) when it is short and made of safe characters; any other gets an id of the server's own.
 */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * A URL whose path does not decode (`/%E0%A4%A`, `/api/%zz`) with its path taken literally, each `%`
 * as `%25`: it is then answered as any unknown path is (the error shape under /api, the app's
 * not-found page elsewhere) rather than with the router's own refusal. Any other URL is left as it is.
 */
export function withLiteralPercents(url: string): string {
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes('%')) return url;
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return `${path.replaceAll('%', '%25')}${end === -1 ? '' : url.slice(end)}`;
  }
}

/** The path of a request's URL, without its query, for the log (at most 512 characters). */
function pathOf(url: string): string {
  const end = url.indexOf('?');
  return (end === -1 ? url : url.slice(0, end)).slice(0, 512);
}

export async function buildApp({ ctx, database, answers, consistency = 'strict', replicas, heardNetwork = () => 0, events, streamsPerSession = STREAMS_PER_SESSION_DEFAULT, staticDir, logger = false, trustProxy = false, devOrigins = [], rateLimits, timeouts: given = {}, draining = () => false, metrics, media }: AppOptions): Promise<FastifyInstance> {
  const timeouts: Timeouts = { ...TIMEOUTS, ...given };
  const app = Fastify({
    logger,
    trustProxy: fastifyTrustProxy(trustProxy),
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    // One line per request, written by the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    rewriteUrl: (request) => withLiteralPercents(request.url ?? '/'),
    http: { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    requestTimeout: timeouts.requestMs,
    // Announced as `timeout=` keepAliveMs in the onSend hook below; closed only after the grace.
    keepAliveTimeout: timeouts.keepAliveMs + KEEP_ALIVE_GRACE_MS,
    // Calls that arrive while the server is closing are answered 503 in the error shape, below.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    clientErrorHandler: (error, socket) => {
      if (socket.destroyed || (error as NodeJS.ErrnoException).code === 'ECONNRESET') return;
      const key = clientErrorAnswer(error);
      const body = JSON.stringify(errorBody(key));
      const status = MESSAGE_STATUS[key];
      if (!socket.writable) {
        socket.destroy();
        return;
      }
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n`
        + `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`, () => socket.destroy());
    },
  });

  await app.register(fastifyHelmet, {
    // Set below, exactly as written in APP_CSP (images keep their own `sandbox`).
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only means something over HTTPS: added below when the request came that way.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  // Before every other hook: a listed origin's preflight is answered first, even while closing.
  allowDevOrigins(app, devOrigins);

  // Shutting down (SIGTERM): calls in flight finish; any call that arrives meanwhile is refused.
  let closing = false;
  // Open live streams end when the server closes (their clients reconnect to another, or later).
  const streams = new Set<EventStream>();
  if (metrics) {
    metrics.countStreams(() => streams.size);
    // Each call by its route as declared, so the numbers stay few (a call no route took: 'none').
    app.addHook('onResponse', (request, reply, done) => {
      metrics.answered(request.method, request.routeOptions.url ?? 'none', reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
  // Connections a browser opened ahead of any call (it keeps one or two spare): closing, the server
  // ends only idle connections, and one that has sent nothing yet would hold the close until the
  // browser dropped it (15 s and more, seen in a browser journey). It carries no call: it goes.
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  // An idle kept-alive connection closes when its time is up (Node's keep-alive timeout), unless a
  // call came on it meanwhile. After a stall of the process (a long pause, a starved core), the
  // overdue timer runs before the call already waiting on the connection is read: closing then would
  // reset a call the client sent in time. The call is read first (this loop's poll phase comes
  // before setImmediate); a connection that brought nothing closes.
  app.server.on('timeout', (socket: Socket) => {
    const read = socket.bytesRead;
    setImmediate(() => {
      if (socket.bytesRead === read) socket.destroy();
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    streams.forEach((stream) => stream.close());
    connections.forEach((socket) => {
      if (socket.bytesRead === 0) socket.destroy();
    });
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return undefined;
    reply.header('connection', 'close');
    return refuse(reply, 'serviceUnavailable');
  });

  // Bodies are JSON only; the route reads the text itself, after authenticating the caller.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    // An answer finished while leaving ends its connection: the client opens its next one elsewhere,
    // and the shut-down has no idle connection to close under a call that is on its way.
    if (closing || draining()) reply.header('connection', 'close');
    if (reply.statusCode === 413) {
      // The rest of a body too large may still be on its way: the connection closes once the client stops.
      reply.header('connection', 'close');
      closeWhenClientStops(request.raw.socket);
    } else if (!reply.hasHeader('connection') && reply.raw.shouldKeepAlive) {
      // Node would announce the time it keeps the connection (with the grace): announce the one clients should keep.
      reply.header('keep-alive', `timeout=${Math.floor(timeouts.keepAliveMs / 1000)}`);
    }
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', APP_CSP);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    request.log.info({
      method: request.method,
      // As the client sent it, without its query.
      path: pathOf(request.originalUrl),
      ...(route ? { route } : {}),
      status: reply.statusCode,
      // The connection's address, or behind trusted proxies the address the nearest of them saw.
      client: request.ip,
      member: request.memberId ?? null,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    }, 'request');
  });

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const refusal = frameworkRefusal(error);
    if (refusal) return refuse(reply, refusal);
    const unavailable = isUnavailable(error);
    request.log.error({ failure: { name: error.name, code: error.code, message: error.message } }, unavailable ? 'database unavailable' : 'unexpected failure');
    return refuse(reply, unavailable ? 'serviceUnavailable' : 'serverError');
  });

  const limitRate = rateLimits && await rateLimiting(app, { tokens: ctx.tokens, database: rateLimits === 'database' ? database : undefined });

  if (events) {
    const sessions = new SessionStreams(streamsPerSession);
    app.get('/api/events', { ...(limitRate ? { preHandler: limitRate({ method: 'get', path: '/events' }) } : {}) }, async (request, reply) => {
      const response = reply.raw;
      const sink: EventSink = {
        write(frame) {
          if (response.destroyed) return false;
          if (!response.headersSent) {
            reply.hijack();
            response.writeHead(200, {
              'content-type': 'text/event-stream; charset=utf-8',
              'cache-control': 'no-cache',
              'x-content-type-options': 'nosniff',
              'x-request-id': request.id,
              // Proxies that buffer answers (nginx) pass this one on as it comes.
              'x-accel-buffering': 'no',
              ...(response.shouldKeepAlive ? { 'keep-alive': `timeout=${Math.floor(timeouts.keepAliveMs / 1000)}` } : {}),
            });
          }
          response.write(frame);
          if (metrics && !frame.startsWith(':')) metrics.eventSent();
          return response.writableLength <= UNSENT_STREAM_BYTES_MAX;
        },
        end() {
          // A reader too far behind is cut off at once: what it has not taken is not kept for it.
          if (response.writableLength > UNSENT_STREAM_BYTES_MAX) response.destroy();
          else if (response.headersSent) response.end();
        },
      };
      const lastEventId = request.headers['last-event-id'];
      const opened = await openEventStream(ctx, events, { authorization: request.headers.authorization, lastEventId: Array.isArray(lastEventId) ? lastEventId[0] : lastEventId }, sink, sessions);
      if ('status' in opened) {
        request.memberId = opened.memberId;
        return reply.code(opened.status).type('application/json; charset=utf-8').send(opened.body);
      }
      // Opened while the server closes, after the others were ended: it would keep the close waiting.
      if (closing) {
        opened.close();
        return reply;
      }
      streams.add(opened);
      request.raw.once('close', () => {
        opened.close();
        streams.delete(opened);
      });
      return reply;
    });
  }

  /** A header sent more than once reads as its values joined, as HTTP does: a key sent twice is malformed. */
  const headerValue = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value.join(', ') : value);

  const postBody = postBodyLimit(ctx.postImagesMax ?? LIMITS.postImagesMax);
  /** The largest body `route` reads: its own when it says one, else by what can travel in it. */
  const bodyLimitOf = (route: (typeof ROUTES)[number]): number => {
    if (route.bodyBytesMax !== undefined) return route.bodyBytesMax;
    if (route.method !== 'post') return BODY_LIMIT;
    return POST_ROUTES.has(route.path) ? postBody : IMAGE_ROUTES.has(route.path) ? IMAGE_BODY_LIMIT : BODY_LIMIT;
  };
  for (const route of ROUTES) {
    // The same answer for everyone until something changes: public reads (but health) sent without a token.
    const cacheable = answers !== undefined && route.method === 'get' && !route.auth && route.path !== '/health';
    app.route({
      method: route.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: `/api${route.path}`,
      bodyLimit: bodyLimitOf(route),
      // Every call counts against its rate limits but the health check, which balancers call often.
      ...(limitRate && route.path !== '/health' ? { preHandler: limitRate(route) } : {}),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (route.path === '/health' && draining()) return refuse(reply, 'serviceUnavailable');
        // A public read with a token is answered for its member (mute-block leaves out whom they do not see).
        const shared = cacheable && request.headers.authorization === undefined;
        // The highest network version the caller has seen: no copy older than that answers it.
        const needs = readNetworkVersionHeader(request.headers[NETWORK_VERSION_HEADER]);
        const kept = shared ? await answers.lookup(request.url, { needs, consistency }) : undefined;
        if (kept && 'body' in kept) {
          metrics?.readFrom?.('memory');
          return reply.code(200).header(NETWORK_VERSION_HEADER, String(kept.version)).type('application/json; charset=utf-8').send(kept.body);
        }
        const versioned = route.path !== '/health';
        // A read goes to a replica that holds what its reader needs: under strict, every write answered so far.
        const read = versioned && route.method === 'get';
        let target: ReturnType<ReadReplicas['pick']>;
        if (read && replicas) {
          const required = consistency === 'strict' ? Math.max(needs, kept?.stamp?.network ?? await readNetworkVersion(database)) : needs;
          target = replicas.pick(required);
        }
        // Every write up to this version is in what the call reads (on the primary: it was committed before).
        const heard = Math.max(needs, heardNetwork(), consistency === 'strict' && database.kind === 'postgres' ? kept?.stamp?.network ?? 0 : 0);
        const prefer = request.headers.prefer;
        const answerFrom = (from: Database | undefined) => readFrom(from, () => runRoute(ctx, route, {
          params: request.params as Record<string, string>,
          query: lastValues(request.query),
          authorization: request.headers.authorization,
          prefer: Array.isArray(prefer) ? prefer.join(', ') : prefer,
          body: typeof request.body === 'string' ? request.body : undefined,
          idempotencyKey: headerValue(request.headers[IDEMPOTENCY_KEY_HEADER]),
          client: { userAgent: headerValue(request.headers['user-agent']), address: request.ip },
        }));
        // A replica lost under a read (stopped, restarting, its connection cut) leaves it to the
        // primary: a read changes nothing, so asking again is safe, and its reader never sees the fault.
        const call = target === undefined ? answerFrom(undefined) : answerFrom(target.database).catch((error: unknown) => {
          if (!isUnavailable(error)) throw error;
          request.log.warn({ replica: target?.name, failure: error instanceof Error ? error.message : String(error) }, 'read replica failed a read; it is read on the primary');
          target = undefined;
          return answerFrom(undefined);
        });
        // The health check's whole point: any failure to reach the store is "unavailable".
        const answer = route.path === '/health' ? await call.catch(() => undefined) : await call;
        if (!answer) return refuse(reply, 'serviceUnavailable');
        if (read) metrics?.readFrom?.(target ? 'replica' : 'primary');
        request.memberId = answer.memberId;
        // No write past this version is in the answer: read where the call read, once it was done.
        const to = versioned && answer.status < 500 ? await readNetworkVersion(target?.database ?? database).catch(() => undefined) : undefined;
        if (to !== undefined) reply.header(NETWORK_VERSION_HEADER, String(to));
        // Serialised by the answer's schema: only the fields it names leave the server.
        const body = reply.compileSerializationSchema(answer.schema)(answer.body as Record<string, unknown>);
        // An answer that misses a write this process knew of when the call began (read on a replica
        // that had not replayed it yet) is served but not kept: kept, it would hold that write back
        // from every visitor until the network's next write, however soon the replica caught up.
        if (shared && answer.status === 200 && to !== undefined && to >= heard) answers.set(request.url, kept?.stamp, Buffer.from(body), { from: Math.min(target?.version ?? heard, to), to });
        if (answer.headers) reply.headers(answer.headers);
        return reply.code(answer.status).type('application/json; charset=utf-8').send(body);
      },
    });
  }

  app.get('/media/:file', async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const match = MEDIA_FILE.exec(file);
    // A post's smaller copy (`<sha256>-<width>.webp`), named by its image and its width as the image is by its bytes.
    const copy = match ? null : COPY_FILE.exec(file);
    const etag = match ? `"${match[1]}"` : copy ? `"${copy[1]}-${copy[2]}"` : '';
    // A browser that has the file says so (If-None-Match): it is told it still holds, without the bytes.
    const held = etag !== '' && sameEntity(request.headers['if-none-match'], etag);
    let found: { kind: ImageKind; bytes?: unknown } | undefined;
    if (match) {
      const row = (await database.query(`SELECT kind${held ? '' : ', bytes'} FROM media WHERE sha256 = $1`, [match[1]]))[0];
      const kind = row?.kind as ImageKind | undefined;
      if (row && kind && IMAGE_KINDS[kind].ext === match[2]) found = { kind, bytes: row.bytes };
    } else if (copy) {
      const row = (await database.query(`SELECT 1 AS found${held ? '' : ', bytes'} FROM media_copies WHERE sha256 = $1 AND width = $2`, [copy[1], Number(copy[2])]))[0];
      if (row) found = { kind: 'webp', bytes: row.bytes };
    }
    // A row without bytes names a file (server/mediaFiles.ts); one whose file is missing is logged, and not found.
    if (found && !held && (found.bytes === null || found.bytes === undefined)) {
      const bytes = media ? await media.get(file) : undefined;
      if (!bytes) request.log.error({ file }, media ? 'A stored image\'s file is missing.' : 'A stored image is in files, and no MEDIA_DIR or MEDIA_S3_URL is given.');
      found = bytes ? { ...found, bytes } : undefined;
    }
    if (!found) {
      return reply.code(404).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(errorBody('routeNotFound'));
    }
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag);
    if (held) return reply.code(304).send();
    return reply
      .type(IMAGE_KINDS[found.kind].mediaType)
      .header('content-security-policy', 'sandbox')
      .send(toBytes(found.bytes));
  });

  const notFound = (_request: FastifyRequest, reply: FastifyReply): FastifyReply => refuse(reply, 'routeNotFound');
  if (staticDir !== undefined && existsSync(join(staticDir, 'index.html'))) {
    await app.register(appFiles, { root: staticDir, reserved: ['/api', '/media'], notFound });
  } else {
    app.setNotFoundHandler(notFound);
  }

  return app;
}
