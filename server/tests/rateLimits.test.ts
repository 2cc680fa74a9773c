/**
 * Rate limits (server.md, "Limits"): each rule of the table at its real number over HTTP, on a fake
 * clock (a window ends when the clock says so, never after a sleep), answered 429 in the error shape
 * with Retry-After and X-RateLimit-*; counters in PostgreSQL shared by every pool on the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '../../contract/messages';
import { buildDefaultSeed, SEED_USER_IDS } from '../../contract/seed/default';
import { createTokenService } from '../../contract/tokens';
import { readConfig } from '../config';
import { openPostgres } from '../db/database';
import { migrate } from '../db/migrate';
import {
  bucketsOf, clientSubject, createRateLimiter, memoryCounters, postgresCounters, RATE_RULES, type RateRuleName,
} from '../rateLimits';
import { startServer } from '../start';
import { createTestDatabase, startTestServer, type TestServer } from '../testing/serverTarget';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the table', () => {
  it("is server.md's, rule by rule", () => {
    expect(RATE_RULES).toEqual({
      loginPerClient: { limit: 25, windowMs: 5 * MINUTE },
      loginPerUsername: { limit: 25, windowMs: HOUR },
      signupPerClient: { limit: 5, windowMs: 30 * MINUTE },
      callsPerClient: { limit: 300, windowMs: 5 * MINUTE },
      callsPerMember: { limit: 1_500, windowMs: 5 * MINUTE },
      postsPerMember: { limit: 300, windowMs: 3 * HOUR },
      imagePostsPerMember: { limit: 30, windowMs: 30 * MINUTE },
      deletesPerMember: { limit: 30, windowMs: 30 * MINUTE },
      followsPerMember: { limit: 400, windowMs: 24 * HOUR },
    });
  });

  it('puts each call in its buckets', () => {
    const ip = '203.0.113.9';
    expect(bucketsOf({ route: 'GET /posts', ip, memberId: undefined, body: undefined })).toEqual([{ rule: 'callsPerClient', subject: ip }]);
    expect(bucketsOf({ route: 'GET /posts', ip, memberId: 'm1', body: undefined })).toEqual([{ rule: 'callsPerMember', subject: 'm1' }]);
    expect(bucketsOf({ route: 'POST /auth/login', ip, memberId: undefined, body: '{"username":"  Demo_User ","password":"x"}' })).toEqual([
      { rule: 'callsPerClient', subject: ip }, { rule: 'loginPerClient', subject: ip }, { rule: 'loginPerUsername', subject: 'demo_user' },
    ]);
    expect(bucketsOf({ route: 'POST /auth/login', ip, memberId: undefined, body: 'not json' })).toEqual([{ rule: 'callsPerClient', subject: ip }, { rule: 'loginPerClient', subject: ip }]);
    expect(bucketsOf({ route: 'POST /auth/signup', ip, memberId: undefined, body: '{}' })).toEqual([{ rule: 'callsPerClient', subject: ip }, { rule: 'signupPerClient', subject: ip }]);
    expect(bucketsOf({ route: 'POST /posts', ip, memberId: 'm1', body: '{"postData":{"text":"hi"}}' }).map((bucket) => bucket.rule)).toEqual(['callsPerMember', 'postsPerMember']);
    expect(bucketsOf({ route: 'POST /posts', ip, memberId: 'm1', body: '{"postData":{"text":"hi","image":"data:x"}}' }).map((bucket) => bucket.rule)).toEqual(['callsPerMember', 'postsPerMember', 'imagePostsPerMember']);
    expect(bucketsOf({ route: 'POST /posts', ip, memberId: undefined, body: '{"postData":{"image":"data:x"}}' }).map((bucket) => bucket.rule)).toEqual(['callsPerClient']);
    expect(bucketsOf({ route: 'DELETE /posts/:postId', ip, memberId: 'm1', body: undefined }).map((bucket) => bucket.rule)).toEqual(['callsPerMember', 'deletesPerMember']);
    expect(bucketsOf({ route: 'POST /users/follow/:userId', ip, memberId: 'm1', body: undefined }).map((bucket) => bucket.rule)).toEqual(['callsPerMember', 'followsPerMember']);
    expect(bucketsOf({ route: 'POST /users/unfollow/:userId', ip, memberId: 'm1', body: undefined }).map((bucket) => bucket.rule)).toEqual(['callsPerMember', 'followsPerMember']);
  });

  it('counts an IPv6 client by its /64, and an IPv4 address however it is written', () => {
    expect(clientSubject('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientSubject('2001:db8:1:2::7')).toBe('2001:db8:1:2::/64');
    expect(clientSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientSubject('::1')).toBe('0:0:0:0::/64');
    expect(clientSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientSubject('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientSubject('198.51.100.7')).toBe('198.51.100.7');
  });
});

describe('the limiter', () => {
  it('reports the tightest bucket, refuses past any limit until its window ends, and forgets finished windows', async () => {
    let now = Date.UTC(2026, 0, 1);
    const counters = memoryCounters();
    const limiter = createRateLimiter(counters, () => new Date(now), { ...RATE_RULES, signupPerClient: { limit: 2, windowMs: MINUTE } });
    const buckets = [{ rule: 'callsPerClient', subject: 'a' }, { rule: 'signupPerClient', subject: 'a' }] as const;
    expect(await limiter.check(buckets)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
    now += 30_000;
    expect(await limiter.check(buckets)).toEqual({ allowed: true, limit: 2, remaining: 0, resetSeconds: 30 });
    expect(await limiter.check(buckets)).toEqual({ allowed: false, limit: 2, remaining: 0, resetSeconds: 30 });
    now += 30_000;
    expect(await limiter.check(buckets)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
    expect(await limiter.check([])).toBeUndefined();
    expect(counters.size()).toBe(2);
    now += 10 * MINUTE;
    await limiter.check([{ rule: 'callsPerClient', subject: 'b' }]);
    expect(counters.size()).toBe(1);
  });
});

describe('counters in PostgreSQL', () => {
  it('count every call exactly once however many pools add at once, and start a new window when the last one ended', async () => {
    const created = await createTestDatabase();
    const [one, two] = [await openPostgres({ connectionString: created.url }), await openPostgres({ connectionString: created.url })];
    try {
      await migrate(one);
      const now = Date.UTC(2026, 0, 1);
      const [a, b] = [postgresCounters(one), postgresCounters(two)];
      const key = (name: string) => ({ key: name, windowMs: MINUTE });
      // Every call adds to two keys, in opposite orders: no deadlock, no lost count.
      const calls = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? a.hit([key('x'), key('y')], now) : b.hit([key('y'), key('x')], now)));
      const states = await Promise.all(calls);
      const xs = states.map((pair, i) => (i % 2 === 0 ? pair[0] : pair[1])?.hits).sort((p, q) => (p ?? 0) - (q ?? 0));
      expect(xs).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      expect(states.every((pair) => pair.every((state) => state.resetAt === now + MINUTE))).toBe(true);
      expect(await a.hit([key('x')], now + MINUTE)).toEqual([{ hits: 1, resetAt: now + 2 * MINUTE }]);
      // Finished windows are swept (the sweep runs at most once a minute, in the background).
      await b.hit([key('z')], now + 10 * MINUTE);
      let left: Array<{ key: string }> = [];
      for (let attempt = 0; attempt < 100; attempt += 1) {
        left = await one.query<{ key: string }>('SELECT key FROM rate_limit_counters ORDER BY key');
        if (left.length === 1) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(left).toEqual([{ key: 'z' }]);
    } finally {
      await one.close();
      await two.close();
      await created.drop();
    }
  });
});

/** A test server with rate limits on, a clock the tests move, and client addresses they choose. */
let clock = Date.UTC(2026, 0, 1);
let server: TestServer;
let sign: (member: keyof typeof SEED_USER_IDS) => Promise<string>;
const USERNAMES = { ava: 'demo_user', liam: 'liam_chen', maya: 'maya_patel', noah: 'noah_kim', zoe: 'zoe_martin' } as const;

beforeAll(async () => {
  server = await startTestServer({ kind: 'pglite', rateLimits: 'memory', trustProxy: true, now: () => new Date(clock) });
  await server.store.load(buildDefaultSeed());
  const tokens = createTokenService({ secret: server.secret, now: () => new Date(clock) });
  sign = (member) => tokens.sign({ id: SEED_USER_IDS[member], username: USERNAMES[member], sessionVersion: 0 });
}, 60_000);
afterAll(() => server.close());
// Every test starts where every earlier window has ended.
beforeEach(() => {
  clock += 2 * 24 * HOUR;
});

interface Call {
  method?: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  ip?: string;
  token?: string;
}

async function send({ method = 'GET', path, body, ip = '198.51.100.1', token }: Call): Promise<Response> {
  const headers: Record<string, string> = { 'x-forwarded-for': ip };
  if (token) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server.baseUrl}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** Makes `count` calls (`make(i)` says which), a few at a time; answers their statuses. */
async function repeat(count: number, make: (i: number) => Call): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, j) => send(make(start + j)).then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    }));
    statuses.push(...await Promise.all(batch));
  }
  return statuses;
}

async function expectTooMany(response: Response, rule: RateRuleName): Promise<void> {
  const { limit, windowMs } = RATE_RULES[rule];
  expect({
    status: response.status,
    body: await response.json(),
    retryAfter: response.headers.get('retry-after'),
    limit: response.headers.get('x-ratelimit-limit'),
    remaining: response.headers.get('x-ratelimit-remaining'),
    reset: response.headers.get('x-ratelimit-reset'),
    type: response.headers.get('content-type'),
  }).toEqual({
    status: 429,
    body: { errors: [MESSAGES.tooManyRequests], code: 'too_many_requests' },
    retryAfter: String(windowMs / 1000),
    limit: String(limit),
    remaining: '0',
    reset: String(windowMs / 1000),
    type: 'application/json; charset=utf-8',
  });
}

interface RuleCase {
  rule: RateRuleName;
  /** The i-th call that counts against the rule (and against no tighter one). */
  make: (i: number, token: string) => Call;
  /** What those calls answer while under the limit. */
  under: number;
}

const RULE_CASES: RuleCase[] = [
  { rule: 'loginPerClient', under: 404, make: (i) => ({ method: 'POST', path: '/auth/login', body: { username: `nobody_${i}`, password: 'whatever1' }, ip: '198.51.100.2' }) },
  { rule: 'loginPerUsername', under: 404, make: (i) => ({ method: 'POST', path: '/auth/login', body: { username: i % 2 ? 'Nobody_Here' : ' nobody_here', password: 'whatever1' }, ip: `203.0.113.${i + 1}` }) },
  { rule: 'signupPerClient', under: 400, make: () => ({ method: 'POST', path: '/auth/signup', body: {}, ip: '198.51.100.3' }) },
  { rule: 'callsPerClient', under: 200, make: () => ({ path: '/users', ip: '198.51.100.4' }) },
  { rule: 'callsPerMember', under: 200, make: (i, token) => ({ path: '/users', token, ip: `192.0.2.${(i % 200) + 1}` }) },
  { rule: 'postsPerMember', under: 400, make: (_i, token) => ({ method: 'POST', path: '/posts', body: { postData: {} }, token }) },
  { rule: 'imagePostsPerMember', under: 400, make: (_i, token) => ({ method: 'POST', path: '/posts', body: { postData: { text: 'x', image: 'data:image/png;base64,@@@@' } }, token }) },
  { rule: 'deletesPerMember', under: 404, make: (_i, token) => ({ method: 'DELETE', path: '/posts/not-a-post', token }) },
  { rule: 'followsPerMember', under: 404, make: (i, token) => ({ method: 'POST', path: i % 2 ? '/users/follow/u-nobody' : '/users/unfollow/u-nobody', token }) },
];

describe.each(RULE_CASES)('$rule', ({ rule, make, under }) => {
  const { limit, windowMs } = RATE_RULES[rule];

  it(`answers ${limit} calls, refuses the next with 429 until the window ends`, async () => {
    const token = await sign('noah');
    expect(await repeat(limit - 1, (i) => make(i, token))).toEqual(Array<number>(limit - 1).fill(under));
    const last = await send(make(limit - 1, token));
    expect({ status: last.status, limit: last.headers.get('x-ratelimit-limit'), remaining: last.headers.get('x-ratelimit-remaining') })
      .toEqual({ status: under, limit: String(limit), remaining: '0' });
    await expectTooMany(await send(make(limit, token)), rule);
    clock += windowMs - 1_000;
    expect((await send(make(limit + 1, token))).status).toBe(429);
    clock += 1_000;
    expect((await send(make(limit + 2, token))).status).toBe(under);
  });
});

describe('limits of one kind leave the others alone', () => {
  it('a member past the image-post limit can still post text; another member can post images', async () => {
    const [noah, zoe] = [await sign('noah'), await sign('zoe')];
    const image = { method: 'POST' as const, path: '/posts', body: { postData: { text: 'x', image: 'data:image/png;base64,@@@@' } } };
    await repeat(30, () => ({ ...image, token: noah }));
    expect((await send({ ...image, token: noah })).status).toBe(429);
    const text = await send({ method: 'POST', path: '/posts', body: { postData: { text: 'words only' } }, token: noah });
    expect(text.status).toBe(201);
    expect((await send({ ...image, token: zoe })).status).toBe(400);
  });

  it('a client past its anonymous limit still serves its members, and other clients', async () => {
    await repeat(300, () => ({ path: '/posts', ip: '198.51.100.20' }));
    expect((await send({ path: '/posts', ip: '198.51.100.20' })).status).toBe(429);
    expect((await send({ path: '/posts', ip: '198.51.100.20', token: await sign('maya') })).status).toBe(200);
    expect((await send({ path: '/posts', ip: '198.51.100.21' })).status).toBe(200);
    // A forged token does not escape the client's limit.
    expect((await send({ path: '/posts', ip: '198.51.100.20', token: 'forged.token.here' })).status).toBe(429);
  });

  it('never limits the health check', async () => {
    const statuses = await repeat(RATE_RULES.callsPerClient.limit + 20, () => ({ path: '/health', ip: '198.51.100.30' }));
    expect(new Set(statuses)).toEqual(new Set([200]));
    const last = await send({ path: '/health', ip: '198.51.100.30' });
    expect(last.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('RATE_LIMITS', () => {
  it('is on by default, with counters in PostgreSQL, and off only when asked', async () => {
    const created = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'socialconnect-data-'));
    const config = (env: Record<string, string>) => readConfig({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: created.url, SEED: 'off', STATIC_DIR: join(dataDir, 'none'), ...env });
    const logins = async (url: string, count: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: `nobody_${i}`, password: 'whatever1' }) });
        statuses.push(response.status);
      }
      return statuses;
    };
    try {
      const on = await startServer(config({}));
      try {
        expect(await logins(on.url, 26)).toEqual([...Array<number>(25).fill(404), 429]);
        expect(await on.database.query('SELECT count(*)::int AS n FROM rate_limit_counters')).not.toEqual([{ n: 0 }]);
      } finally {
        await on.close();
      }
      const off = await startServer(config({ RATE_LIMITS: 'off' }));
      try {
        expect(await logins(off.url, 30)).toEqual(Array<number>(30).fill(404));
        expect((await fetch(`${off.url}/api/posts`)).headers.get('x-ratelimit-limit')).toBeNull();
      } finally {
        await off.close();
      }
    } finally {
      await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
