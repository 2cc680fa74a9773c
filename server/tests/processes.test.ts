/**
 * What only real server processes show (server.md, "Lifecycle" and "Limits"): two processes on one
 * PostgreSQL sharing rate limits and racing; a second server refused on a data folder in use;
 * SIGTERM under load; PostgreSQL stopping under load. Each server here is `server/main.ts` in its
 * own process, started as `npm run server` starts it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoginResponse, SignupResponse } from '../../contract/api';
import { errorBody } from '../../contract/errors';
import { buildDefaultSeed, DEMO_CREDENTIALS } from '../../contract/seed/default';
import { CHANGES_APPLICATION_NAME } from '../changeFeed';
import { openPostgres, type Database } from '../db/database';
import { argon2Passwords } from '../passwords';
import { createSqlStore } from '../store/sqlStore';
import { launchServer, startChildServer, stopChildServer, type ChildServer } from '../testing/childServer';
import { startCluster, type Cluster } from '../testing/postgresCluster';
import { describeRaces } from '../testing/races';
import { directoryMedia } from '../mediaFiles';
import { signupBurst } from '../testing/faults';
import { newDataDir } from '../testing/pgliteTemplate';
import { until } from '../testing/until';
import { createTestDatabase, PUBLIC_DIR } from '../testing/serverTarget';

jest.setTimeout(180_000);

const SECRET = 'processes-test-secret-0123456789-abcdefghijklmnop';

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe('two server processes on one PostgreSQL, rate limits on, behind a proxy they trust', () => {
  let database: { url: string; drop(): Promise<void> };
  let servers: ChildServer[] = [];
  let checks: Database;
  // One folder for both: each keeps images' files in its MEDIA_DIR (DATA_DIR/media), and answers the other's.
  const dataDir = mkdtempSync(join(tmpdir(), 'socialconnect-two-'));
  const media = directoryMedia(join(dataDir, 'media'));

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { DATABASE_URL: database.url, JWT_SECRET: SECRET, TRUST_PROXY: '1', DATA_DIR: dataDir };
    servers = await Promise.all([startChildServer({ env }), startChildServer({ env })]);
    checks = await openPostgres({ connectionString: database.url });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => stopChildServer(server)));
    await checks?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seed the empty database once, together', async () => {
    expect(servers.filter((server) => server.output().includes('seeded with the demo network'))).toHaveLength(1);
    expect(await checks.query('SELECT count(*)::int AS n FROM members')).toEqual([{ n: 5 }]);
  });

  it('share one count: 25 login attempts from one client, spread over both, and the next is refused by either', async () => {
    const client = { 'x-forwarded-for': '198.51.100.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const response = await postJson(`${servers[i % 2]?.url}/api/auth/login`, { username: `nobody_${i}`, password: 'whatever1' }, client);
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array<number>(25).fill(404));
    for (const server of servers) {
      const refused = await postJson(`${server.url}/api/auth/login`, { username: 'nobody_else', password: 'whatever1' }, client);
      expect({ status: refused.status, body: await refused.json(), retryAfter: refused.headers.get('retry-after') })
        .toEqual({ status: 429, body: errorBody('tooManyRequests'), retryAfter: expect.stringMatching(/^\d+$/) });
    }
    // Another client is not affected.
    expect((await postJson(`${servers[1]?.url}/api/auth/login`, DEMO_CREDENTIALS, { 'x-forwarded-for': '198.51.100.78' })).status).toBe(200);
  });

  describe('racing', () => {
    describeRaces(async () => {
      const store = createSqlStore(checks, { publicDir: PUBLIC_DIR, passwords: argon2Passwords, media });
      return {
        urls: servers.map((server) => server.url),
        sql: checks,
        media,
        store,
        reset: () => store.load(buildDefaultSeed()),
        close: async () => undefined,
      };
    });
  });
});

/** A raw HTTP/1.1 connection: what a test writes, and everything the server answers until it closes. */
function rawConnection(url: string): { socket: Socket; answer: Promise<string> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
    });
    socket.on('close', () => resolve(text));
    socket.on('error', () => undefined);
  });
  return { socket, answer };
}

function statusOf(answer: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
}

function bodyOf(answer: string): unknown {
  const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
  return body === '' ? undefined : JSON.parse(body);
}

async function refusesConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('a server on a PGlite data folder', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: ChildServer;

  beforeAll(async () => {
    dataDir = await newDataDir('socialconnect-lifecycle-');
    env = { DATA_DIR: dataDir, SEED: 'off', RATE_LIMITS: 'off' };
    server = await startChildServer({ env });
  });
  afterAll(async () => {
    if (server) await stopChildServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a second server off its folder: the second refuses to start and names the first', async () => {
    const second = launchServer({ env });
    const exit = await second.exited;
    expect(exit).toEqual({ code: 1, signal: null });
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another SocialConnect server (process ${server.pid} on`);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('on SIGTERM under load: finishes what is in flight, refuses what comes after with 503, exits 0, loses nothing', async () => {
    const writers = signupBurst(server.url, 'term');
    await until(() => writers.acknowledged.length >= 10, '10 acknowledged signups');

    // A call in flight: its headers and half its body are in when SIGTERM comes.
    const body = JSON.stringify({ firstName: 'In', lastName: 'Flight', username: 'in_flight', password: 'in-flight-password' });
    const inFlight = rawConnection(server.url);
    inFlight.socket.write(`POST /api/auth/signup HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`);
    // A call that arrives during the shut-down, on a connection opened before it.
    const late = rawConnection(server.url);
    late.socket.write('GET /api/posts HTTP/1.1\r\nHost: localhost\r\n');
    await new Promise((resolve) => setTimeout(resolve, 200));

    server.process.kill('SIGTERM');
    await server.printed(/SIGTERM: .*finishing requests in flight/);
    await until(() => refusesConnections(server.url), 'the server to stop accepting connections');

    late.socket.write('\r\n');
    const lateAnswer = await late.answer;
    expect({ status: statusOf(lateAnswer), body: bodyOf(lateAnswer) }).toEqual({ status: 503, body: errorBody('serviceUnavailable') });
    expect(lateAnswer).toMatch(/\r\nconnection: close\r\n/i);
    expect(lateAnswer).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);

    inFlight.socket.write(body.slice(20));
    const inFlightAnswer = await inFlight.answer;
    expect(statusOf(inFlightAnswer)).toBe(201);
    const inFlightId = (bodyOf(inFlightAnswer) as SignupResponse).createdUser._id;

    // Exit 0 means within the 10 s main.ts allows (past them it exits 1).
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('SocialConnect server stopped.');
    await writers.stop();
    expect(writers.statuses().filter((status) => status !== 201 && status !== 503)).toEqual([]);

    // On the same folder again: every acknowledged signup is there.
    server = await startChildServer({ env });
    const users = ((await (await fetch(`${server.url}/api/users`)).json()) as { users: Array<{ _id: string }> }).users;
    const present = new Set(users.map((user) => user._id));
    const acknowledged = [...writers.acknowledged, inFlightId];
    expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
  });
});

describe('a server leaving with a drain period (DRAIN_SECONDS)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await newDataDir('socialconnect-drain-');
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers its health 503 and every other call as usual, each closing its connection, then exits 0', async () => {
    const server = await startChildServer({ env: { DATA_DIR: dataDir, RATE_LIMITS: 'off', SEED: 'off', DRAIN_SECONDS: '1.5' } });
    try {
      // A kept-alive connection, idle when SIGTERM comes.
      const idle = rawConnection(server.url);
      idle.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await until(() => idle.socket.bytesRead > 0, 'the first answer on the kept-alive connection', 10_000);

      const sent = performance.now();
      server.process.kill('SIGTERM');
      await server.printed(/SIGTERM: \/api\/health answers 503 for 1\.5 s so load balancers stop sending/);
      const health = await fetch(`${server.url}/api/health`);
      expect({ status: health.status, body: await health.json() }).toEqual({ status: 503, body: errorBody('serviceUnavailable') });
      const signup = await postJson(`${server.url}/api/auth/signup`, { firstName: 'Late', lastName: 'Comer', username: 'late_comer', password: 'late-comer-password' });
      expect(signup.status).toBe(201);

      // The idle connection is still open: a call on it is served, and its answer closes it.
      idle.socket.write('GET /api/posts HTTP/1.1\r\nHost: localhost\r\n\r\n');
      const answers = await idle.answer;
      const second = answers.slice(answers.indexOf('HTTP/1.1', 1));
      expect(statusOf(second)).toBe(200);
      expect(second).toMatch(/\r\nconnection: close\r\n/i);

      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(performance.now() - sent).toBeGreaterThanOrEqual(1_500);
    } finally {
      await stopChildServer(server);
    }
  });
});

describe('PostgreSQL stopping for a few seconds under load', () => {
  let cluster: Cluster;
  let server: ChildServer;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'socialconnect-outage-'));
    cluster = await startCluster();
    server = await startChildServer({ env: { DATABASE_URL: cluster.url, JWT_SECRET: SECRET, DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    if (server) await stopChildServer(server);
    cluster?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 in the error shape with nothing of the failure, stays up, and serves the first call after it is back', async () => {
    const login = await postJson(`${server.url}/api/auth/login`, DEMO_CREDENTIALS);
    const token = ((await login.json()) as LoginResponse).encodedToken;
    type Phase = 'up' | 'down' | 'restarting' | 'back';
    // A call sent while PostgreSQL is down may be answered once it is back (a 200 then is right):
    // only a call sent and answered within one phase counts as that phase's.
    type Seen = { phase: Phase | 'between'; status: number; text: string };
    const seen: Seen[] = [];
    let phase: Phase = 'up';
    let stopped = false;
    const load = Array.from({ length: 4 }, async (_, w) => {
      for (let n = 0; !stopped; n += 1) {
        const sentIn = phase;
        const response = w % 2 === 0
          ? await fetch(`${server.url}/api/users/bookmark`, { headers: { authorization: token } })
          : await postJson(`${server.url}/api/posts`, { postData: { text: `under load ${w}-${n}` } }, { authorization: token });
        const text = await response.text();
        seen.push({ phase: sentIn === phase ? sentIn : 'between', status: response.status, text });
      }
    });
    await until(() => seen.filter((entry) => entry.status === 200 || entry.status === 201).length >= 8, 'answers before the outage');

    cluster.crash();
    phase = 'down';
    // A few seconds without a database, under load.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const health = await fetch(`${server.url}/api/health`);
    expect({ status: health.status, body: await health.json() }).toEqual({ status: 503, body: errorBody('serviceUnavailable') });

    phase = 'restarting';
    await cluster.restart();
    phase = 'back';
    // No grace period: the very first call once PostgreSQL accepts connections again is served.
    const first = await fetch(`${server.url}/api/users/bookmark`, { headers: { authorization: token } });
    expect(first.status).toBe(200);
    stopped = true;
    await Promise.all(load);

    const down = seen.filter((entry) => entry.phase === 'down');
    expect(down.length).toBeGreaterThan(0);
    const allowed = [JSON.stringify(errorBody('serviceUnavailable')), JSON.stringify(errorBody('serverError'))];
    expect(down.filter((entry) => !([500, 503].includes(entry.status) && allowed.includes(entry.text)))).toEqual([]);
    expect(seen.filter((entry) => entry.status >= 500 && /select|insert|relation|postgres|ECONN|terminat/i.test(entry.text))).toEqual([]);
    expect(server.process.exitCode).toBeNull();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    // Its LISTEN connection came back once: retries after an outage do not pile up.
    const checks = await openPostgres({ connectionString: cluster.url, max: 1 });
    try {
      const listeners = () => checks.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1", [CHANGES_APPLICATION_NAME]);
      await until(async () => (await listeners())[0]?.n === 1, 'the LISTEN connection to come back');
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await listeners()).toEqual([{ n: 1 }]);
    } finally {
      await checks.close();
    }
  });
});
