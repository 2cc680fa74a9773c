/**
 * Rate limits (server.md, "Limits"): each rule of the table at its real number over HTTP, on a fake
 * clock (only Date is faked: a window ends when the clock says so, never after a sleep), answered
 * 429 in the error shape with Retry-After and X-RateLimit-*; counters in PostgreSQL shared by every
 * pool on the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '../../contract/messages';
import { buildDefaultSeed, SEED_USER_IDS, SEED_USERNAMES } from '../../contract/seed/default';
import { createTokenService } from '../../contract/tokens';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { readConfig } from '../config';
import { openPostgres } from '../db/database';
import { migrate } from '../db/migrate';
import { bucketsOf, postgresStore, RATE_RULES, reportedBucket, type Counted, type RateRuleName } from '../rateLimits';
import { startServer } from '../start';
import { createTestDatabase, startTestServer, type TestServer } from '../testing/serverTarget';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Stops Date where it is (timers, ticks and I/O run as usual); the tests move it, only ever forward:
 * PGlite's PostgreSQL reads the same Date, and schedules its own timeouts by it.
 */
function fakeClock(): void {
  jest.useFakeTimers({
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
}

function advanceClock(ms: number): void {
  jest.setSystemTime(Date.now() + ms);
}

describe('the table', () => {
  it("is server.md's, rule by rule", () => {
    const window = (ms: number): string => (ms % HOUR === 0 ? `${ms / HOUR} h` : `${ms / MINUTE} min`);
    const inWords = Object.fromEntries(Object.entries(RATE_RULES).map(([rule, { max, timeWindow }]) => [rule, `${max} per ${window(timeWindow)}`]));
    // As the table says it: "25 attempts per 5 min per IP, and 25 per hour per username" and so on;
    // the last two are the `moderation` extension's own.
    expect(inWords).toEqual({
      loginPerClient: '25 per 5 min',
      loginPerUsername: '25 per 1 h',
      signupPerClient: '5 per 30 min',
      accountLinksPerClient: '10 per 15 min',
      callsPerClient: '300 per 5 min',
      callsPerMember: '1500 per 5 min',
      postsPerMember: '300 per 3 h',
      imagePostsPerMember: '30 per 30 min',
      deletesPerMember: '30 per 30 min',
      repliesPerMember: '300 per 3 h',
      followsPerMember: '400 per 24 h',
      reportsPerMember: '30 per 1 h',
      moderationActionsPerMember: '200 per 1 h',
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
    expect(bucketsOf({ route: 'POST /account/deletion', ip, memberId: 'm1', body: '{"password":"x"}' })).toEqual([{ rule: 'callsPerMember', subject: 'm1' }, { rule: 'loginPerClient', subject: ip }]);
    expect(bucketsOf({ route: 'POST /auth/signup', ip, memberId: undefined, body: '{}' })).toEqual([{ rule: 'callsPerClient', subject: ip }, { rule: 'signupPerClient', subject: ip }]);
    for (const route of ['POST /auth/forgot-password', 'POST /auth/reset-password', 'POST /auth/confirm-email']) {
      expect(bucketsOf({ route, ip, memberId: undefined, body: '{}' })).toEqual([{ rule: 'callsPerClient', subject: ip }, { rule: 'accountLinksPerClient', subject: ip }]);
    }
    expect(bucketsOf({ route: 'POST /posts', ip, memberId: 'm1', body: '{"postData":{"text":"hi"}}' }).map((bucket) => bucket.rule)).toEqual(['callsPerMember', 'postsPerMember']);
    expect(bucketsOf({ route: 'POST /posts', ip, memberId: 'm1', body: '{"postData":{"text":"hi","image":"data:x"}}' }).map((bucket) => bucket.rule)).toEqual(['callsPerMember', 'postsPerMember', 'imagePostsPerMember']);
    expect(bucketsOf({ route: 'POST /posts', ip, memberId: undefined, body: '{"postData":{"image":"data:x"}}' }).map((bucket) => bucket.rule)).toEqual(['callsPerClient']);
    expect(bucketsOf({ route: 'POST /posts/:postId/replies', ip, memberId: 'm1', body: '{"replyData":{"text":"hi"}}' }).map((bucket) => bucket.rule)).toEqual(['callsPerMember', 'repliesPerMember']);
    expect(bucketsOf({ route: 'DELETE /replies/:replyId', ip, memberId: 'm1', body: undefined }).map((bucket) => bucket.rule)).toEqual(['callsPerMember', 'deletesPerMember']);
    expect(bucketsOf({ route: 'DELETE /posts/:postId', ip, memberId: 'm1', body: undefined }).map((bucket) => bucket.rule)).toEqual(['callsPerMember', 'deletesPerMember']);
    expect(bucketsOf({ route: 'POST /users/follow/:userId', ip, memberId: 'm1', body: undefined }).map((bucket) => bucket.rule)).toEqual(['callsPerMember', 'followsPerMember']);
    expect(bucketsOf({ route: 'POST /users/unfollow/:userId', ip, memberId: 'm1', body: undefined }).map((bucket) => bucket.rule)).toEqual(['callsPerMember', 'followsPerMember']);
    expect(bucketsOf({ route: 'POST /reports', ip, memberId: 'm1', body: undefined }).map((bucket) => bucket.rule)).toEqual(['callsPerMember', 'reportsPerMember']);
    expect(bucketsOf({ route: 'POST /moderation/actions', ip, memberId: 'm1', body: undefined }).map((bucket) => bucket.rule)).toEqual(['callsPerMember', 'moderationActionsPerMember']);
  });

  it('counts an IPv6 client by its /64, and an IPv4 address however it is written', () => {
    const client = (ip: string) => bucketsOf({ route: 'GET /posts', ip, memberId: undefined, body: undefined })[0]?.subject;
    expect(client('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::');
    expect(client('2001:db8:1:2::7')).toBe('2001:db8:1:2::');
    expect(client('2001:db8::1')).toBe('2001:db8::');
    expect(client('::1')).toBe('::');
    expect(client('fe80::1%eth0')).toBe('fe80::');
    expect(client('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(client('198.51.100.7')).toBe('198.51.100.7');
  });
});

describe('the reported bucket', () => {
  const bucket = (max: number, hits: number, ttlInSeconds: number): Counted => (
    { max, remaining: Math.max(0, max - hits), ttl: ttlInSeconds * 1000, ttlInSeconds, isExceeded: hits > max }
  );

  it('is the tightest while under every limit, of equals the one that ends last', () => {
    expect(reportedBucket([bucket(300, 10, 300), bucket(5, 2, 1_800)])).toEqual(bucket(5, 2, 1_800));
    expect(reportedBucket([bucket(300, 298, 60), bucket(5, 3, 1_800), bucket(25, 23, 3_600)])).toEqual(bucket(25, 23, 3_600));
  });

  it('is, past any limit, the exceeded bucket that ends last: the call is refused until then', () => {
    expect(reportedBucket([bucket(300, 301, 300), bucket(5, 4, 1_800)])).toEqual(bucket(300, 301, 300));
    expect(reportedBucket([bucket(25, 26, 300), bucket(25, 26, 3_600), bucket(300, 300, 120)])).toEqual(bucket(25, 26, 3_600));
  });

  it('is none when nothing was counted', () => {
    expect(reportedBucket([])).toBeUndefined();
  });
});

describe('counters in PostgreSQL', () => {
  afterEach(() => jest.useRealTimers());

  it('count every call exactly once however many pools add at once, and start a new window when the last one ended', async () => {
    const created = await createTestDatabase({ migrated: true });
    const [one, two] = [await openPostgres({ connectionString: created.url }), await openPostgres({ connectionString: created.url })];
    try {
      await migrate(one);
      fakeClock();
      const [a, b] = [new (postgresStore(one))(), new (postgresStore(two))()];
      const hit = (store: FastifyRateLimitStore, key: string) => new Promise<{ current: number; ttl: number } | undefined>((resolve, reject) => {
        store.incr(key, (error, result) => (error ? reject(error) : resolve(result)), MINUTE, 10);
      });
      // Every call adds to two keys, as a login does, on either pool: no deadlock, no lost count.
      const calls = Array.from({ length: 60 }, (_, i) => Promise.all([hit(i % 2 === 0 ? a : b, 'x'), hit(i % 2 === 0 ? b : a, 'y')]));
      const states = (await Promise.all(calls)).flat();
      for (const key of ['x', 'y']) {
        const counts = states.filter((_, i) => (i % 2 === 0) === (key === 'x')).map((state) => state?.current).sort((p, q) => (p ?? 0) - (q ?? 0));
        expect(counts).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      }
      expect(states.every((state) => state?.ttl === MINUTE)).toBe(true);
      advanceClock(MINUTE);
      expect(await hit(a, 'x')).toEqual({ current: 1, ttl: MINUTE });
      // Finished windows are swept (the sweep runs at most once a minute, in the background).
      advanceClock(10 * MINUTE);
      await hit(b, 'z');
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

  it('out of reach, let calls go on, and say so in the log', async () => {
    const logged: string[] = [];
    const server = await startTestServer({ kind: 'postgres', rateLimits: 'database', logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } } });
    try {
      expect((await fetch(`${server.baseUrl}/api/posts`)).headers.get('x-ratelimit-remaining')).toBe('299');
      await server.database.query('DROP TABLE rate_limit_counters');
      const response = await fetch(`${server.baseUrl}/api/posts`);
      expect({ status: response.status, limit: response.headers.get('x-ratelimit-limit') }).toEqual({ status: 200, limit: null });
      // The change channel says its own notices (a heartbeat late under a loaded machine's CPU): not this case's.
      const said = logged.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((entry) => !entry.msg.startsWith('The change channel'));
      expect(said).toEqual([expect.objectContaining({ level: 40, msg: 'rate limits unavailable' })]);
    } finally {
      await server.close();
    }
  });
});

describe('over HTTP', () => {
  /** A test server with rate limits on, a clock the tests move, and client addresses they choose. */
  let server: TestServer;
  let sign: (member: keyof typeof SEED_USER_IDS) => Promise<string>;

  beforeAll(async () => {
    fakeClock();
    server = await startTestServer({ kind: 'pglite', rateLimits: 'memory', trustProxy: 1 });
    await server.store.load(buildDefaultSeed());
    const tokens = createTokenService({ secret: server.secret });
    sign = (member) => tokens.sign({ id: SEED_USER_IDS[member], username: SEED_USERNAMES[member], sessionVersion: 0 });
  }, 60_000);
  afterAll(async () => {
    await server.close();
    jest.useRealTimers();
  });
  // Every test starts where every earlier window has ended.
  beforeEach(() => advanceClock(2 * 24 * HOUR));

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
    const { max: limit, timeWindow: windowMs } = RATE_RULES[rule];
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
    { rule: 'accountLinksPerClient', under: 400, make: (i) => ({ method: 'POST', path: i % 2 ? '/auth/reset-password' : '/auth/confirm-email', body: { token: `no-such-link-${i}`, password: 'whatever1' }, ip: '198.51.100.5' }) },
    { rule: 'callsPerClient', under: 200, make: () => ({ path: '/users', ip: '198.51.100.4' }) },
    { rule: 'callsPerMember', under: 404, make: (i, token) => ({ path: '/users/u-nobody', token, ip: `192.0.2.${(i % 200) + 1}` }) },
    { rule: 'postsPerMember', under: 400, make: (_i, token) => ({ method: 'POST', path: '/posts', body: { postData: {} }, token }) },
    { rule: 'imagePostsPerMember', under: 400, make: (_i, token) => ({ method: 'POST', path: '/posts', body: { postData: { text: 'x', image: 'data:image/png;base64,@@@@' } }, token }) },
    { rule: 'deletesPerMember', under: 404, make: (i, token) => ({ method: 'DELETE', path: i % 2 ? '/replies/not-a-reply' : '/posts/not-a-post', token }) },
    { rule: 'repliesPerMember', under: 404, make: (_i, token) => ({ method: 'POST', path: '/posts/not-a-post/replies', body: { replyData: { text: 'hi' } }, token }) },
    { rule: 'followsPerMember', under: 404, make: (i, token) => ({ method: 'POST', path: i % 2 ? '/users/follow/u-nobody' : '/users/unfollow/u-nobody', token }) },
    { rule: 'reportsPerMember', under: 404, make: (i, token) => ({ method: 'POST', path: '/reports', body: { about: { post: `not-a-post-${i}` }, reason: 'spam' }, token }) },
    // Counted for whoever calls, before the role is read: a member who is not staff is refused 403 and counts too.
    { rule: 'moderationActionsPerMember', under: 403, make: (i, token) => ({ method: 'POST', path: '/moderation/actions', body: { subject: { post: `not-a-post-${i}` }, action: 'dismiss', reason: 'x' }, token }) },
  ];

  describe.each(RULE_CASES)('$rule', ({ rule, make, under }) => {
    const { max: limit, timeWindow: windowMs } = RATE_RULES[rule];

    // A limit that fits the work: up to 1,500 calls over HTTP, 2 to 4 ms each alone, and up to 40 ms
    // each on two cores shared with the other jest workers (a clean-clone run took past 30 s).
    it(`answers ${limit} calls, refuses the next with 429 until the window ends`, async () => {
      const token = await sign('noah');
      expect(await repeat(limit - 1, (i) => make(i, token))).toEqual(Array<number>(limit - 1).fill(under));
      const last = await send(make(limit - 1, token));
      expect({ status: last.status, limit: last.headers.get('x-ratelimit-limit'), remaining: last.headers.get('x-ratelimit-remaining') })
        .toEqual({ status: under, limit: String(limit), remaining: '0' });
      await expectTooMany(await send(make(limit, token)), rule);
      advanceClock(windowMs - 1_000);
      expect((await send(make(limit + 1, token))).status).toBe(429);
      advanceClock(1_000);
      expect((await send(make(limit + 2, token))).status).toBe(under);
    }, Math.max(30_000, limit * 40));
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

    it('counts a client by the address its one proxy saw, whatever it wrote into X-Forwarded-For itself', async () => {
      // The test is the one proxy in front: it appends the address it saw to what the client sent.
      const signup = (forged: string): Call => ({ method: 'POST', path: '/auth/signup', body: {}, ip: `${forged}, 198.51.100.30` });
      expect(await repeat(5, (i) => signup(`203.0.113.${i + 1}`))).toEqual(Array<number>(5).fill(400));
      expect((await send(signup('203.0.113.99'))).status).toBe(429);
      expect((await send(signup('198.51.100.31, 203.0.113.100'))).status).toBe(429);
    });

    it('counts an IPv6 client by its /64, so a fresh address in the block is the same client', async () => {
      const signup = (ip: string): Call => ({ method: 'POST', path: '/auth/signup', body: {}, ip });
      expect(await repeat(5, (i) => signup(`2001:db8:7:7::${i + 1}`))).toEqual(Array<number>(5).fill(400));
      expect((await send(signup('2001:db8:7:7:ffff:ffff:ffff:ffff'))).status).toBe(429);
      expect((await send(signup('2001:db8:7:8::1'))).status).toBe(400);
    });

    it('never limits the health check', async () => {
      const statuses = await repeat(RATE_RULES.callsPerClient.max + 20, () => ({ path: '/health', ip: '198.51.100.30' }));
      expect(new Set(statuses)).toEqual(new Set([200]));
      const last = await send({ path: '/health', ip: '198.51.100.30' });
      expect(last.headers.get('x-ratelimit-limit')).toBeNull();
    });
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
