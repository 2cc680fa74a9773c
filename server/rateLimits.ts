/**
 * Rate limits (server.md, "Limits") on @fastify/rate-limit: how many calls a client, a member or a
 * username may make in a window, counted where every server process sees the same numbers. On
 * PostgreSQL the counters are rows every process updates; on PGlite (one process per data folder)
 * they are the plugin's memory store. A window starts at a key's first call and lasts its rule's
 * length; the call past the limit is answered 429 until the window ends.
 */
import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../contract/errors';
import { MESSAGE_STATUS } from '../contract/messages';
import type { RouteSpec } from '../contract/routes';
import { readToken, type TokenService } from '../contract/tokens';
import type { Database } from './db/database';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** server.md's table, rule by rule, and the `moderation` extension's two, in the plugin's terms: at most `max` calls per `timeWindow` ms. */
export const RATE_RULES = {
  /** Login attempts per client address; deleting an account checks a password, and counts here too. */
  loginPerClient: { max: 25, timeWindow: 5 * MINUTE },
  /** Login attempts per username, from anywhere (guessing one member's password from many addresses). */
  loginPerUsername: { max: 25, timeWindow: HOUR },
  signupPerClient: { max: 5, timeWindow: 30 * MINUTE },
  /**
   * Asking for a reset link, and using a mailed link (a reset, a confirmation), per client address:
   * the links' own limits count per account, this one keeps one address from mailing many.
   */
  accountLinksPerClient: { max: 10, timeWindow: 15 * MINUTE },
  /** Every API call without a valid token, per client address. */
  callsPerClient: { max: 300, timeWindow: 5 * MINUTE },
  /** Every API call with a valid token, per member, from all their devices. */
  callsPerMember: { max: 1_500, timeWindow: 5 * MINUTE },
  postsPerMember: { max: 300, timeWindow: 3 * HOUR },
  imagePostsPerMember: { max: 30, timeWindow: 30 * MINUTE },
  /** Deletes of posts and of replies together. */
  deletesPerMember: { max: 30, timeWindow: 30 * MINUTE },
  /** Replies, as many as posts. */
  repliesPerMember: { max: 300, timeWindow: 3 * HOUR },
  /** Follows and unfollows together. */
  followsPerMember: { max: 400, timeWindow: 24 * HOUR },
  /** Reports of posts, replies and members (`moderation`): enough for a member who meets a spam wave, not to flood the queue. */
  reportsPerMember: { max: 30, timeWindow: HOUR },
  /** A moderator's or an admin's actions (`moderation`), whatever they answer: a stolen staff account removes no more than this. */
  moderationActionsPerMember: { max: 200, timeWindow: HOUR },
} as const satisfies Record<string, { max: number; timeWindow: number }>;

export type RateRuleName = keyof typeof RATE_RULES;

/** One counter a call adds to: a rule and whom it counts (a client address, a member, a username). */
export interface Bucket {
  rule: RateRuleName;
  subject: string;
}

/** How often finished windows are deleted. */
const SWEEP_EVERY_MS = MINUTE;

/**
 * The plugin's store in PostgreSQL (migration 0004), shared by every server process on the
 * database: one statement per hit adds the call to its key's window, or starts a new window when
 * the last one has ended.
 */
export function postgresStore(database: Database) {
  let sweptAt = 0;
  return class PostgresCounters implements FastifyRateLimitStore {
    incr(key: string, done: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = Date.now();
      if (now - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = now;
        void database.query('DELETE FROM rate_limit_counters WHERE reset_at <= $1', [new Date(now)]).catch(() => undefined);
      }
      database.query<{ hits: number; ms_left: number | string }>(
        `INSERT INTO rate_limit_counters AS counter (key, hits, reset_at) VALUES ($1, 1, $3)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN counter.reset_at <= $2 THEN 1 ELSE counter.hits + 1 END,
           reset_at = CASE WHEN counter.reset_at <= $2 THEN EXCLUDED.reset_at ELSE counter.reset_at END
         RETURNING hits, extract(epoch FROM reset_at - $2) * 1000 AS ms_left`,
        [key, new Date(now), new Date(now + timeWindow)],
      ).then(([row]) => done(null, { current: Number(row?.hits), ttl: Number(row?.ms_left) }), done);
    }

    /** Keys carry their rule's name, so every rule counts in this one store. */
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** What a call is, as far as its limits are concerned. */
export interface CallFacts {
  /** 'POST /auth/login': the route's method and path as in the route table. */
  route: string;
  ip: string;
  /** The member of a valid token; undefined without one. */
  memberId: string | undefined;
  /** The body's text, when there is one. */
  body: string | undefined;
}

function parsedBody(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
  } catch {
    return undefined;
  }
}

/** Usernames are at most 30 characters: a longer one is cut, so a key stays small. */
const SUBJECT_MAX = 64;

/**
 * The buckets a call counts in (server.md's table). A client is its address; an IPv6 client its
 * /64, the block one subscriber is usually given, so that it cannot take a fresh address per call.
 */
export function bucketsOf({ route, ip, memberId, body }: CallFacts): Bucket[] {
  const client = normalizeIP(ip);
  const buckets: Bucket[] = [memberId === undefined ? { rule: 'callsPerClient', subject: client } : { rule: 'callsPerMember', subject: memberId }];
  switch (route) {
    case 'POST /auth/login': {
      buckets.push({ rule: 'loginPerClient', subject: client });
      const username = parsedBody(body)?.username;
      if (typeof username === 'string' && username.trim() !== '') {
        buckets.push({ rule: 'loginPerUsername', subject: username.trim().toLowerCase().slice(0, SUBJECT_MAX) });
      }
      break;
    }
    // A password checked for a token's holder: guessed from one address no faster than by logging in.
    case 'POST /account/deletion':
      buckets.push({ rule: 'loginPerClient', subject: client });
      break;
    case 'POST /auth/signup':
      buckets.push({ rule: 'signupPerClient', subject: client });
      break;
    case 'POST /auth/forgot-password':
    case 'POST /auth/reset-password':
    case 'POST /auth/confirm-email':
      buckets.push({ rule: 'accountLinksPerClient', subject: client });
      break;
    case 'POST /posts': {
      if (memberId === undefined) break;
      buckets.push({ rule: 'postsPerMember', subject: memberId });
      const data = parsedBody(body)?.postData;
      const image = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).image : undefined;
      if (typeof image === 'string' && image !== '') buckets.push({ rule: 'imagePostsPerMember', subject: memberId });
      break;
    }
    case 'POST /posts/:postId/replies':
      if (memberId !== undefined) buckets.push({ rule: 'repliesPerMember', subject: memberId });
      break;
    case 'DELETE /posts/:postId':
    case 'DELETE /replies/:replyId':
      if (memberId !== undefined) buckets.push({ rule: 'deletesPerMember', subject: memberId });
      break;
    case 'POST /users/follow/:userId':
    case 'POST /users/unfollow/:userId':
      if (memberId !== undefined) buckets.push({ rule: 'followsPerMember', subject: memberId });
      break;
    case 'POST /reports':
      if (memberId !== undefined) buckets.push({ rule: 'reportsPerMember', subject: memberId });
      break;
    case 'POST /moderation/actions':
      if (memberId !== undefined) buckets.push({ rule: 'moderationActionsPerMember', subject: memberId });
      break;
    default:
      break;
  }
  return buckets;
}

/** One bucket as the plugin counted this call in it. */
export interface Counted {
  max: number;
  remaining: number;
  /** Until the window ends, in ms, and in whole seconds rounded up. */
  ttl: number;
  ttlInSeconds: number;
  isExceeded: boolean;
}

/**
 * The bucket an answer reports: past any limit, the exceeded bucket whose window ends last (the
 * call is refused until then); otherwise the tightest (fewest calls left; of those, the one that
 * ends last).
 */
export function reportedBucket(counted: readonly Counted[]): Counted | undefined {
  const exceeded = counted.filter((entry) => entry.isExceeded);
  return (exceeded.length > 0 ? exceeded : counted).reduce<Counted | undefined>((best, entry) => (
    !best || entry.remaining < best.remaining || (entry.remaining === best.remaining && entry.ttl > best.ttl) ? entry : best
  ), undefined);
}

/**
 * Registers the plugin, counting in `database` or else in this process's memory, and answers the
 * hook that counts a route's calls: each call in each of its buckets, the answer's X-RateLimit-*
 * headers from the reported bucket, and past any limit 429 with Retry-After. The plugin's own route
 * hooks count one limit per call (of several on a route, only the first runs), so this one hook runs
 * a limiter from `createRateLimit` for each bucket instead.
 */
export async function rateLimiting(app: FastifyInstance, { tokens, database }: { tokens: TokenService; database: Database | undefined }) {
  await app.register(fastifyRateLimit, { global: false, ...(database ? { store: postgresStore(database) } : {}) });
  // The plugin's key generators see only the request: each call's subjects wait here, rule by rule.
  const subjects = new WeakMap<FastifyRequest, Partial<Record<RateRuleName, string>>>();
  const limiters = {} as Record<RateRuleName, ReturnType<FastifyInstance['createRateLimit']>>;
  for (const rule of Object.keys(RATE_RULES) as RateRuleName[]) {
    limiters[rule] = app.createRateLimit({ ...RATE_RULES[rule], keyGenerator: (request) => `${rule}:${subjects.get(request)?.[rule] ?? ''}` });
  }

  return (route: Pick<RouteSpec, 'method' | 'path'>) => async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    // The token's signature and age only: the call is counted before the store is asked about it.
    const token = readToken(request.headers.authorization);
    const claims = token ? await tokens.verify(token) : null;
    const buckets = bucketsOf({
      route: `${route.method.toUpperCase()} ${route.path}`,
      ip: request.ip,
      memberId: claims?.sub,
      body: typeof request.body === 'string' ? request.body : undefined,
    });
    subjects.set(request, Object.fromEntries(buckets.map(({ rule, subject }) => [rule, subject])));
    let counted: Counted[];
    try {
      // Only an allow-listed result lacks its count, and there is no allow list: the filter is for the types.
      counted = (await Promise.all(buckets.map(({ rule }) => limiters[rule](request)))).filter((result) => !result.isAllowed);
    } catch (error) {
      // Counters out of reach (the database is down): the call goes on, and meets the outage itself.
      request.log.warn({ failure: { name: (error as Error).name, code: (error as { code?: unknown }).code } }, 'rate limits unavailable');
      return undefined;
    }
    const reported = reportedBucket(counted);
    if (!reported) return undefined;
    reply.header('x-ratelimit-limit', reported.max).header('x-ratelimit-remaining', reported.remaining).header('x-ratelimit-reset', reported.ttlInSeconds);
    if (!reported.isExceeded) return undefined;
    return reply.header('retry-after', reported.ttlInSeconds)
      .code(MESSAGE_STATUS.tooManyRequests).type('application/json; charset=utf-8').send(errorBody('tooManyRequests'));
  };
}
