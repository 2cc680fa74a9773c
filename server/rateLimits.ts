/**
 * Rate limits (server.md, "Limits"): how many calls a client, a member or a username may make in a
 * window, counted where every server process sees the same numbers. On PostgreSQL the counters are
 * rows every process updates in one statement; on PGlite (one process per data folder) they live in
 * memory. A window starts at a key's first call and lasts its rule's length; the call past the limit
 * is answered 429 until the window ends.
 */
import type { Database } from './db/database';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface RateRule {
  limit: number;
  windowMs: number;
}

/** server.md's table, rule by rule. */
export const RATE_RULES = {
  /** Login attempts per client address. */
  loginPerClient: { limit: 25, windowMs: 5 * MINUTE },
  /** Login attempts per username, from anywhere (guessing one member's password from many addresses). */
  loginPerUsername: { limit: 25, windowMs: HOUR },
  signupPerClient: { limit: 5, windowMs: 30 * MINUTE },
  /** Every API call without a valid token, per client address. */
  callsPerClient: { limit: 300, windowMs: 5 * MINUTE },
  /** Every API call with a valid token, per member, from all their devices. */
  callsPerMember: { limit: 1_500, windowMs: 5 * MINUTE },
  postsPerMember: { limit: 300, windowMs: 3 * HOUR },
  imagePostsPerMember: { limit: 30, windowMs: 30 * MINUTE },
  deletesPerMember: { limit: 30, windowMs: 30 * MINUTE },
  /** Follows and unfollows together. */
  followsPerMember: { limit: 400, windowMs: 24 * HOUR },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof RATE_RULES;

/** One counter a call adds to: a rule and whom it counts (a client address, a member, a username). */
export interface Bucket {
  rule: RateRuleName;
  subject: string;
}

export interface CounterHit {
  key: string;
  windowMs: number;
}

export interface CounterState {
  /** Calls in the current window, this one included. */
  hits: number;
  /** When the window ends, in ms since the epoch. */
  resetAt: number;
}

/** Where the counts live. */
export interface RateCounters {
  /** Adds one call to each key (distinct keys) and answers their counts, in the order given. */
  hit(keys: readonly CounterHit[], now: number): Promise<CounterState[]>;
}

/** How often finished windows are forgotten. */
const SWEEP_EVERY_MS = MINUTE;

/** Counters in this process: for PGlite, where one process owns the data folder. */
export function memoryCounters(): RateCounters & { size(): number } {
  const counters = new Map<string, CounterState>();
  let sweptAt = 0;
  return {
    async hit(keys, now) {
      if (now - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = now;
        for (const [key, state] of counters) if (state.resetAt <= now) counters.delete(key);
      }
      return keys.map(({ key, windowMs }) => {
        const current = counters.get(key);
        const next = current && current.resetAt > now ? { hits: current.hits + 1, resetAt: current.resetAt } : { hits: 1, resetAt: now + windowMs };
        counters.set(key, next);
        return next;
      });
    },
    size: () => counters.size,
  };
}

/**
 * Counters in PostgreSQL (migration 0002), shared by every server process on the database: one
 * statement adds to every key of a call, taking the keys' row locks in one order so that calls
 * sharing keys never deadlock.
 */
export function postgresCounters(database: Database): RateCounters {
  let sweptAt = 0;
  return {
    async hit(keys, now) {
      if (now - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = now;
        void database.query('DELETE FROM rate_limit_counters WHERE reset_at <= $1', [new Date(now)]).catch(() => undefined);
      }
      const rows = await database.query<{ key: string; hits: number; reset_at: Date | string }>(
        `INSERT INTO rate_limit_counters AS counter (key, hits, reset_at)
         SELECT key, 1, $3::timestamptz + make_interval(secs => window_ms / 1000.0)
         FROM unnest($1::text[], $2::int[]) AS t(key, window_ms)
         ORDER BY key
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN counter.reset_at <= $3 THEN 1 ELSE counter.hits + 1 END,
           reset_at = CASE WHEN counter.reset_at <= $3 THEN EXCLUDED.reset_at ELSE counter.reset_at END
         RETURNING key, hits, reset_at`,
        [keys.map((entry) => entry.key), keys.map((entry) => entry.windowMs), new Date(now)],
      );
      const byKey = new Map(rows.map((row) => [row.key, { hits: Number(row.hits), resetAt: new Date(row.reset_at).getTime() }]));
      return keys.map(({ key }) => byKey.get(key) ?? { hits: 1, resetAt: now });
    },
  };
}

/** The answer's rate-limit headers, and whether the call may go on. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the reported window ends. */
  resetSeconds: number;
}

export interface RateLimiter {
  check(buckets: readonly Bucket[]): Promise<RateDecision | undefined>;
}

/**
 * Counts a call in each of its buckets. The answer reports the tightest bucket (fewest calls left;
 * of those, the one that ends last); past any limit, the call is refused until the last exceeded
 * window ends.
 */
export function createRateLimiter(counters: RateCounters, now: () => Date, rules: Record<RateRuleName, RateRule> = RATE_RULES): RateLimiter {
  return {
    async check(buckets) {
      const unique = [...new Map(buckets.map((bucket) => [`${bucket.rule}:${bucket.subject}`, bucket])).entries()];
      if (unique.length === 0) return undefined;
      const at = now().getTime();
      const states = await counters.hit(unique.map(([key, bucket]) => ({ key, windowMs: rules[bucket.rule].windowMs })), at);
      const seen = unique.map(([, bucket], index) => {
        const { limit } = rules[bucket.rule];
        const state = states[index] ?? { hits: 0, resetAt: at };
        return { limit, hits: state.hits, remaining: Math.max(0, limit - state.hits), resetSeconds: Math.max(1, Math.ceil((state.resetAt - at) / 1000)) };
      });
      const exceeded = seen.filter((entry) => entry.hits > entry.limit);
      const pool = exceeded.length > 0 ? exceeded : seen;
      const reported = pool.reduce((best, entry) => (
        entry.remaining < best.remaining || (entry.remaining === best.remaining && entry.resetSeconds > best.resetSeconds) ? entry : best
      ));
      return { allowed: exceeded.length === 0, limit: reported.limit, remaining: reported.remaining, resetSeconds: reported.resetSeconds };
    },
  };
}

/**
 * Whom a client address stands for: an IPv4 address itself, an IPv6 address by its /64 (the block
 * one subscriber is usually given, so that a single client cannot take a fresh address per call).
 */
export function clientSubject(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const bare = ip.split('%')[0] ?? ip;
  const [head = '', tail] = bare.split('::');
  const groups = (part: string): string[] => (part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const full = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${full.slice(0, 4).map((group) => (Number.parseInt(group, 16) || 0).toString(16)).join(':')}::/64`;
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

/** The buckets a call counts in (server.md's table). */
export function bucketsOf({ route, ip, memberId, body }: CallFacts): Bucket[] {
  const client = clientSubject(ip);
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
    case 'POST /auth/signup':
      buckets.push({ rule: 'signupPerClient', subject: client });
      break;
    case 'POST /posts': {
      if (memberId === undefined) break;
      buckets.push({ rule: 'postsPerMember', subject: memberId });
      const data = parsedBody(body)?.postData;
      const image = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).image : undefined;
      if (typeof image === 'string' && image !== '') buckets.push({ rule: 'imagePostsPerMember', subject: memberId });
      break;
    }
    case 'DELETE /posts/:postId':
      if (memberId !== undefined) buckets.push({ rule: 'deletesPerMember', subject: memberId });
      break;
    case 'POST /users/follow/:userId':
    case 'POST /users/unfollow/:userId':
      if (memberId !== undefined) buckets.push({ rule: 'followsPerMember', subject: memberId });
      break;
    default:
      break;
  }
  return buckets;
}
