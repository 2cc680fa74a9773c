/**
 * `npm run bench:server`: the real server under load on this machine, on PGlite and on PostgreSQL,
 * each row beside a floor measured in the same run (Fastify answering the same bytes from memory).
 * Loopback only, rate limits off, every run bounded in time. Prints a table; exits non-zero when a
 * target is missed, after saying what bounds it.
 *
 * Options (environment): BENCH_SECONDS (default 5) per run, BENCH_STORES=pglite,postgres,
 * BENCH_ONLY=live for the live stream's rows alone, BENCH_ONLY=notifications for the rows of replies
 * and notifications at size alone, BENCH_ONLY=cluster for the rows of the answer cache's version
 * check and those through HAProxy alone, BENCH_ONLY=writes for the writes beside the like floor alone.
 * BENCH_ONLY=home for Home's pages at a million posts alone (also the full run's last part).
 * BENCH_ONLY=search for post search over 100,000 posts alone. BENCH_ONLY=replicas for the feed and a
 * post page through HAProxy with and without a read replica, and READ_CONSISTENCY's two settings, alone;
 * BENCH_ONLY=reach for how soon the others' writes reach readers there, alone.
 * BENCH_ONLY=moderation for the moderators' queue with 10,000 open reports alone. BENCH_ONLY=people
 * for the people search and whom to follow with 10,000 members more, alone.
 * BENCH_ONLY=fanout for a post reaching 10,000 followers' streams across three processes, and the
 * streams of one process that dies coming back on the others, alone (PostgreSQL only).
 * BENCH_CPU_PROF=<folder> writes a CPU profile of every server the benchmark starts there (node
 * --cpu-prof, one file a process, written when it stops). BENCH_PG_SOCKET=1 connects every server
 * and the bench to PostgreSQL through its Unix socket rather than TCP on loopback.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import type { LoginResponse, PostResponse, PostsResponse } from '../contract/api';
import { RESET_EVENT } from '../contract/events';
import { NETWORK_VERSION_HEADER } from '../contract/networkVersion';
import { notificationKey } from '../contract/rules/notifications';
import { buildBusySeed } from '../contract/seed/busy';
import { buildDefaultSeed, SEED_PASSWORD, seedPostId } from '../contract/seed/default';
import { buildUser } from '../contract/seed/factories';
import { findInconsistencies, type DbSnapshot, type PostRecord } from '../contract/snapshot';
import { createTokenService } from '../contract/tokens';
import { findHaproxy, freePort, HAPROXY_INSTALL_HINT, startServerCluster, type RunningCluster } from '../server/cluster';
import { PGLITE_FOLDER, REPOSITORY_ROOT } from '../server/config';
import { openPglite, openPostgres, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { argon2Passwords } from '../server/passwords';
import { createSqlStore } from '../server/store/sqlStore';
import { startCluster, startReplica, type Cluster, type Replica } from '../server/testing/postgresCluster';
import { slowClients } from '../server/testing/slowClients';
import { reconnectDelay } from '../src/features/live/eventReader';
import { addMembers, explainHome, growToMillion, SCALE_MEMBERS, SCALE_POSTS } from './benchServer/millionPosts';
import { explainSearch, growForSearch, SEARCHES, SEARCH_MEMBERS, SEARCH_POSTS } from './benchServer/searchPosts';
import { BUSY_POST_REPLIES, NOTIFIED_TOTAL, buildNotifiedNetwork } from './benchServer/notifiedNetwork';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const STORES = (process.env.BENCH_STORES ?? 'pglite,postgres').split(',').map((name) => name.trim()) as Array<'pglite' | 'postgres'>;
const SERVER_MAIN = join(REPOSITORY_ROOT, 'build', 'server', 'server', 'main.js');
const PROBE = join(__dirname, 'benchServer', 'eventLoopProbe.cjs');
const FLOOR = join(__dirname, 'benchServer', 'floorServer.cjs');
const FLOOR_STREAMS = join(__dirname, 'benchServer', 'floorStreams.cjs');
const VERSION_FROM_MEMORY = join(__dirname, 'benchServer', 'versionFromMemory.cjs');
const LIKE_FLOOR = join(__dirname, 'benchServer', 'likeFloor.cjs');
const ONLY = process.env.BENCH_ONLY as 'live' | 'fanout' | 'notifications' | 'cluster' | 'replicas' | 'reach' | 'writes' | 'home' | 'search' | 'moderation' | 'people' | undefined;
if (ONLY !== undefined && !['live', 'fanout', 'notifications', 'cluster', 'replicas', 'reach', 'writes', 'home', 'search', 'moderation', 'people'].includes(ONLY)) throw new Error(`BENCH_ONLY "${String(ONLY)}" is not valid. Use live, fanout, notifications, cluster, replicas, reach, writes, home, search, moderation or people.`);

// ---- Targets (issue: the server's benchmark) ----
const TARGETS = {
  seedFeedFloorShare: { postgres: 0.5, pglite: 0.25 },
  seedFeedP99Ms: { postgres: 100 },
  likeP99Ms: 150,
  loginEventLoopP99Ms: 50,
  besideSlowClientsP99Ms: 200,
  likeAnswerBytes: 4 * 1024,
  /** Writes by 50 members, closed loop, against the like floor of the same run. */
  writeFloorShare: 0.5,
  writeFloorP99Times: 2,
  writeP99Ms: { pglite: 1000 },
  firstCardsAfterLoginMs: 1000,
  likeToEventP99Ms: 1000,
  idleStreamBytes: 50 * 1024,
  firstPageP99Ms: { postgres: 50 },
  /** Home's first and next pages at a million posts, for a member following 1,000, with 10 readers. */
  homeAtMillionP99Ms: { postgres: 20, pglite: 100 },
  /** A member following 5,000: within this many times the 1,000's p99. */
  homeFollowingMoreTimes: 2,
  /** Post search over 100,000 posts, 10 readers: every kind of search's first page. */
  searchP99Ms: { postgres: 100 },
  /** From a write's answer to another reader's first read showing it, on a quiet cluster (three processes and a replica). */
  othersWritesP99Ms: 100,
  /** A post by a member with 10,000 followers, each with a stream open across three processes: from the post sent to its event at every stream. */
  fanOutP99Ms: 2000,
};

interface Row {
  store: string;
  what: string;
  reqPerSec?: number;
  p50?: number;
  p99?: number;
  bytes?: number;
  note?: string;
}

const rows: Row[] = [];
const misses: string[] = [];

// ---- Networks to load ----

const BENCH_MEMBERS = 50;
/** Members reading Home at once at a million posts. */
const PAGE_READERS_AT_SCALE = 10;
/** The floor's unmeasured first seconds, so that it is compared warm with a warm server. */
const FLOOR_WARM_UP_SECONDS = 2;
const BENCH_USERNAMES = Array.from({ length: BENCH_MEMBERS }, (_, i) => `bench_${i + 1}`);

/** The demo network plus 50 members who like, dislike and post during the runs. */
function benchNetwork(): DbSnapshot {
  const seed = buildDefaultSeed();
  for (let n = 1; n <= BENCH_MEMBERS; n += 1) {
    seed.users.push(buildUser({ id: `u-bench-${n}`, username: `bench_${n}`, firstName: 'Bench', lastName: `Member ${n}`, password: SEED_PASSWORD }));
  }
  return seed;
}

/** A network with `count` posts: the newest of the busy scenario's 10,000 (or more, repeated with new ids). */
function networkWithPosts(count: number): DbSnapshot {
  const busy = buildBusySeed();
  const newest = [...busy.posts].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  const posts: PostRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    const base = newest[i % newest.length];
    if (!base) break;
    const round = Math.floor(i / newest.length);
    // Older copies of the 10,000, a year apart each round, with ids of their own.
    posts.push(round === 0 ? base : { ...base, id: `b${round.toString(16).padStart(7, '0')}${base.id.slice(8)}`, createdAt: new Date(Date.parse(base.createdAt) - round * 86_400_000 * 365).toISOString() });
  }
  const ids = new Set(posts.map((post) => post.id));
  return {
    ...busy,
    posts,
    users: busy.users.map((user) => ({ ...user, bookmarks: user.bookmarks.filter((id) => ids.has(id)) })),
    // A notification about a post left out goes with it, as it does when a post is deleted.
    notifications: busy.notifications?.filter((notification) => notification.postId === null || ids.has(notification.postId)),
  };
}

// ---- Stores and processes ----

interface Store {
  name: 'pglite' | 'postgres';
  /** Fills the store with `snapshot`; the server must not be running. */
  load(snapshot: DbSnapshot): Promise<void>;
  /** The server's settings for this store. */
  env: Record<string, string>;
  /** SQL against the store, while no server holds it (PGlite) or any time (PostgreSQL). */
  open(): Promise<Database>;
  /** The statements the database has run, from its own statistics (PostgreSQL alone). */
  statements?: () => Promise<StatementCounter>;
  /** A streaming replica of the store, its address naming the same database (PostgreSQL alone). */
  replica?: () => Promise<Replica>;
  close(): Promise<void>;
}

/** Migrates a fresh database and loads a snapshot into it, as the server's own loader does. */
async function loadInto(open: Store['open'], snapshot: Parameters<Store['load']>[0]): Promise<void> {
  const database = await open();
  await migrate(database);
  await createSqlStore(database, { publicDir: join(REPOSITORY_ROOT, 'public'), passwords: argon2Passwords }).load(snapshot);
  await database.close();
}

async function pgliteStore(): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), 'socialconnect-bench-'));
  const open = () => openPglite(join(dataDir, PGLITE_FOLDER));
  return {
    name: 'pglite',
    env: { DATA_DIR: dataDir },
    open,
    load: (snapshot) => loadInto(open, snapshot),
    async close() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresStore(): Promise<Store> {
  // pg_stat_statements counts the statements a write costs.
  const cluster: Cluster = await startCluster({ fsync: true, preload: ['pg_stat_statements'] });
  const dataDir = mkdtempSync(join(tmpdir(), 'socialconnect-bench-'));
  // A database on the same machine may be reached through its socket (BENCH_PG_SOCKET): no TCP on loopback.
  const url = process.env.BENCH_PG_SOCKET === '1'
    ? `postgres://postgres@localhost/bench?host=${encodeURIComponent(cluster.dir)}&port=${cluster.port}`
    : cluster.url.replace(/\/postgres$/, '/bench');
  const admin = await openPostgres({ connectionString: cluster.url, max: 1 });
  await admin.query('CREATE DATABASE bench');
  await admin.close();
  const bench = await openPostgres({ connectionString: url, max: 1 });
  await bench.query('CREATE EXTENSION pg_stat_statements');
  await bench.close();
  // Loading 100,000 posts takes longer than a request's 5 s statement limit.
  const open = () => openPostgres({ connectionString: url, statementTimeoutMs: 0 });
  return {
    name: 'postgres',
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    open,
    statements: async () => {
      const stats = await openPostgres({ connectionString: url, max: 1 });
      try {
        return {
          async vacuum() {
            await stats.query('VACUUM');
          },
          async reset() {
            await stats.query('SELECT pg_stat_statements_reset()');
          },
          async count() {
            // Every statement the bench database ran since the reset, but this count's and the samples' own.
            const [row] = await stats.query<{ calls: number }>(
              "SELECT coalesce(sum(calls), 0)::bigint AS calls FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'bench') AND query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE '%pg_stat_activity%'",
            );
            return Number(row?.calls ?? 0);
          },
          async waits() {
            // What the bench database's connections are doing right now (one sample).
            const found = await stats.query<{ what: string; n: number }>(
              `SELECT coalesce(wait_event_type || ':' || wait_event, CASE WHEN state = 'active' THEN 'running' ELSE state END) AS what, count(*)::int AS n
               FROM pg_stat_activity WHERE datname = 'bench' AND pid <> pg_backend_pid() AND backend_type = 'client backend' GROUP BY 1`,
            );
            return found.map((row) => ({ what: row.what, n: Number(row.n) }));
          },
          close: () => stats.close(),
        };
      } catch (error) {
        await stats.close();
        throw error;
      }
    },
    load: (snapshot) => loadInto(open, snapshot),
    async replica() {
      const made = await startReplica(cluster);
      return { ...made, url: made.url.replace(/\/postgres$/, '/bench') };
    },
    async close() {
      cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface StatementCounter {
  /**
   * Clears the dead row versions the last row left: every like rewrites the one post's row and its
   * eight index entries, so a row run after another would pay for its predecessor's dead versions.
   */
  vacuum(): Promise<void>;
  reset(): Promise<void>;
  count(): Promise<number>;
  /** What each connection to the bench database is doing or waiting for, sampled once. */
  waits(): Promise<Array<{ what: string; n: number }>>;
  close(): Promise<void>;
}

interface Child {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

function waitForMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string }) => {
      if (message?.type === type) {
        child.off('message', onMessage);
        resolve(message as T);
      }
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`the process left (exit ${code}) before "${type}"`)));
  });
}

async function startChild(script: string, env: Record<string, string>, execArgv: string[] = []): Promise<Child> {
  const child = fork(script, [], { env: { ...process.env, ...env }, execArgv, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('message', (message: { type?: string; url?: string }) => {
      if (message?.type === 'listening' && message.url) resolve(message.url);
    });
    child.once('exit', (code) => reject(new Error(`${script} left with exit ${code}:\n${output}`)));
  });
  return {
    url,
    process: child,
    stop: () => new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

/** Where servers write their CPU profiles (BENCH_CPU_PROF), if anywhere. */
const CPU_PROFILES = process.env.BENCH_CPU_PROF;

/**
 * The server's settings in every run but the start-up's: no rate limits, no seed, no drain, warnings
 * alone, and as many streams a login as the live bench opens (1,000 streams from 50 logins).
 */
const QUIET = { RATE_LIMITS: 'off', SEED: 'off', LOG_LEVEL: 'warn', NODE_ENV: 'development', DRAIN_SECONDS: '0', STREAMS_PER_SESSION: '1000' };

function startServer(store: Store, execArgv: string[] = []): Promise<Child> {
  const profiling = CPU_PROFILES ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILES}`] : [];
  return startChild(SERVER_MAIN, { ...store.env, PORT: '0', ...QUIET }, ['-r', PROBE, ...profiling, ...execArgv]);
}

async function eventLoop(child: Child, what: 'reset' | 'read'): Promise<{ p50: number; p99: number; max: number }> {
  const answer = waitForMessage<{ p50: number; p99: number; max: number }>(child.process, what === 'reset' ? 'event-loop:reset' : 'event-loop');
  child.process.send(`event-loop:${what}`);
  return answer;
}

/** A server's memory after a full collection (it must have been started with --expose-gc beside the probe). */
interface Memory { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number; collected: boolean }
async function memoryOf(child: Child): Promise<Memory> {
  const answer = waitForMessage<Memory>(child.process, 'memory');
  child.process.send('memory:read');
  return answer;
}

// ---- Load ----

type Result = autocannon.Result;

async function load(options: autocannon.Options): Promise<Result> {
  return autocannon({ duration: SECONDS, connections: 10, ...options });
}

function summarise(store: string, what: string, result: Result, extra: Partial<Row> = {}): Row {
  const errors = result.non2xx + result.errors + result.timeouts;
  const row: Row = {
    store,
    what,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ...extra,
    note: [extra.note, errors > 0 ? `${errors} answers not 2xx` : ''].filter(Boolean).join('; ') || undefined,
  };
  rows.push(row);
  return row;
}

async function answerBytes(url: string): Promise<{ bytes: number; body: Buffer }> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  return { bytes: body.length, body };
}

async function loginAll(url: string, usernames: string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const username of usernames) {
    const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: SEED_PASSWORD }) });
    if (response.status !== 200) throw new Error(`login of ${username} answered ${response.status}`);
    tokens.push(((await response.json()) as LoginResponse).encodedToken);
  }
  return tokens;
}

/** A call a member makes: their token is added to its headers. */
interface MemberCall {
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * The loader's connections, kept open between calls as a browser keeps them. The loader shares the
 * two cores with the server and PostgreSQL, so it calls through node:http: about 105 µs of CPU a
 * call of a 25 KB answer, where `fetch` (its streams and Response objects) took about 340 µs
 * (docs/performance.md, Home at a million posts).
 */
const loaderAgent = new Agent({ keepAlive: true });

/** A member's call, its answer read whole; with no token (''), a visitor's. */
function send(url: string, token: string, call: MemberCall): Promise<{ status: number; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${url}${call.path}`, {
      agent: loaderAgent,
      method: call.method,
      headers: { ...(token === '' ? {} : { authorization: token }), ...(call.body ? { 'content-type': 'application/json' } : {}), ...call.headers },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(call.body);
  });
}

/** What a run of member-by-member calls measured. */
interface MemberRun {
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  statuses: Map<number, number>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Each of `tokens.length` members calls in turn, one call at a time each, for the run's time:
 * `step(member, n)` names the member's n-th call. (autocannon gives one set of headers to all
 * connections; here each member keeps its own token.) With `perSecond`, each member calls at that
 * pace rather than at once after each answer, and a call's time counts from when it was due: an
 * answer that comes late delays the member's next call, and that wait is counted too.
 */
async function asMembers(baseUrl: string, tokens: string[], step: (member: number, n: number) => MemberCall, seconds = SECONDS, perSecond?: number): Promise<MemberRun> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const begun = performance.now();
  const until = begun + seconds * 1000;
  await Promise.all(tokens.map(async (token, member) => {
    // Paced members start spread over one interval, not all at once.
    const interval = perSecond === undefined ? 0 : 1000 / perSecond;
    const first = begun + (interval * member) / tokens.length;
    for (let n = 0; performance.now() < until; n += 1) {
      const due = first + n * interval;
      const wait = due - performance.now();
      // Late (the last answer came after this call was due), the call counts from when it was due;
      // otherwise from when it is sent, so the timer's own slack is not counted against the server.
      const late = interval > 0 && wait <= 0;
      if (interval > 0 && !late) await new Promise((resolve) => setTimeout(resolve, wait));
      const call = step(member, n);
      const started = late ? due : performance.now();
      const response = await send(baseUrl, token, call);
      latencies.push(performance.now() - started);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  }));
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, reqPerSec: Math.round(latencies.length / seconds), p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses };
}

function memberRow(store: string, what: string, run: MemberRun): Row {
  const refused = [...run.statuses].filter(([status]) => status >= 300).map(([status, count]) => `${count} x ${status}`);
  const row: Row = { store, what, reqPerSec: run.reqPerSec, p50: Math.round(run.p50 * 10) / 10, p99: Math.round(run.p99 * 10) / 10, note: refused.length > 0 ? `not 2xx: ${refused.join(', ')}` : undefined };
  rows.push(row);
  return row;
}

// ---- The rows ----

/** The resident memory of a process, in MB (Linux). */
function residentMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Math.round(Number(match[1]) / 1024) : undefined;
}

/** From the process's start to "listening": on a new store (migrations and the seed), then again on it. */
async function benchStartUp(store: Store): Promise<void> {
  for (const when of ['first start (migrations, seed)', 'restart on the same data']) {
    const started = performance.now();
    const child = await startChild(SERVER_MAIN, { ...store.env, PORT: '0', RATE_LIMITS: 'off', LOG_LEVEL: 'warn' }, ['-r', PROBE]);
    const ms = performance.now() - started;
    rows.push({ store: store.name, what: `start-up, ${when}`, p50: Math.round(ms), note: `resident memory ${residentMb(child.process.pid)} MB after start` });
    await child.stop();
  }
}

async function benchStore(store: Store, floorBodyFile: string): Promise<void> {
  console.log(`\n== ${store.name} ==`);
  await benchStartUp(store);
  // 1. The seed feed, beside the floor answering the same bytes.
  await store.load(benchNetwork());
  let server = await startServer(store);
  const feed = await answerBytes(`${server.url}/api/posts`);
  writeFileSync(floorBodyFile, feed.body);
  const floor = await startChild(FLOOR, { FLOOR_BODY_FILE: floorBodyFile });
  const floorResult = await load({ url: `${floor.url}/api/posts` });
  await floor.stop();
  const floorRow = summarise(store.name, 'floor: the same bytes from memory', floorResult, { bytes: feed.bytes });
  const seed = await load({ url: `${server.url}/api/posts` });
  const memoryAfterLoad = residentMb(server.process.pid);
  const share = seed.requests.average / floorResult.requests.average;
  summarise(store.name, 'GET /api/posts, seed (20 posts)', seed, { bytes: feed.bytes, note: `${Math.round(share * 100)}% of the floor's req/s; server resident memory ${memoryAfterLoad} MB` });
  const shareTarget = TARGETS.seedFeedFloorShare[store.name];
  if (share < shareTarget) misses.push(`${store.name}: seed feed at ${Math.round(share * 100)}% of the floor (target ${shareTarget * 100}%; floor ${floorRow.reqPerSec} req/s)`);
  if (store.name === 'postgres' && seed.latency.p99 > TARGETS.seedFeedP99Ms.postgres) misses.push(`postgres: seed feed p99 ${seed.latency.p99} ms (target ${TARGETS.seedFeedP99Ms.postgres} ms)`);

  // 2. Like/dislike pairs by 50 members on one post, then the invariants in SQL.
  const tokens = await loginAll(server.url, BENCH_USERNAMES);
  const post = seedPostId(8);
  const likes = await asMembers(server.url, tokens, (_member, n) => ({ method: 'POST', path: `/api/posts/${n % 2 === 0 ? 'like' : 'dislike'}/${post}` }));
  memberRow(store.name, 'like/dislike pairs, 50 members, one post', likes);
  if (likes.p99 > TARGETS.likeP99Ms) misses.push(`${store.name}: like/dislike p99 ${likes.p99.toFixed(1)} ms (target ${TARGETS.likeP99Ms} ms)`);

  // 3. Text posts, by 10 members.
  const body = JSON.stringify({ postData: { text: 'A text post from the benchmark.' } });
  const posts = await asMembers(server.url, tokens.slice(0, 10), () => ({ method: 'POST', path: '/api/posts', body }));
  memberRow(store.name, 'POST /api/posts (text), 10 members', posts);

  // 4. Logins during a feed load of a fixed rate: argon2 must stay off the event loop.
  await eventLoop(server, 'reset');
  const [feedDuringLogins, logins] = await Promise.all([
    load({ url: `${server.url}/api/posts`, connections: 10, overallRate: 100 }),
    load({
      url: `${server.url}/api/auth/login`, connections: 4, method: 'POST',
      headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo_user', password: SEED_PASSWORD }),
    }),
  ]);
  const loop = await eventLoop(server, 'read');
  summarise(store.name, 'logins (4 at a time)', logins, { note: `event loop delay p99 ${loop.p99.toFixed(1)} ms` });
  summarise(store.name, 'GET /api/posts at 100 req/s during the logins', feedDuringLogins);
  if (loop.p99 > TARGETS.loginEventLoopP99Ms) misses.push(`${store.name}: event loop delay p99 ${loop.p99.toFixed(1)} ms during logins (target ${TARGETS.loginEventLoopP99Ms} ms)`);

  // 5. 100 clients sending their headers a byte a second, beside one normal client reading the feed.
  const slow = slowClients(Number(new URL(server.url).port), 100);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const beside = await sequentially(200, () => fetch(`${server.url}/api/posts`));
  const stillOpen = slow.clients.filter((client) => !client.socket.destroyed).length;
  slow.stop();
  timedRow(store.name, 'GET /api/posts, one client beside 100 sending headers a byte a second', beside, `${stillOpen} slow connections open throughout`);
  if (beside.p99 > TARGETS.besideSlowClientsP99Ms) misses.push(`${store.name}: p99 ${beside.p99.toFixed(1)} ms beside 100 slow clients (target ${TARGETS.besideSlowClientsP99Ms} ms)`);
  await server.stop();

  // The invariants after the writes, in SQL.
  const database = await store.open();
  const [broken] = await database.query<{ members: number; both: number; orphans: number }>(`
    SELECT (SELECT count(*)::int FROM reactions WHERE post_id = $1) AS members,
           (SELECT count(*)::int FROM (SELECT member_id FROM reactions GROUP BY post_id, member_id HAVING count(*) > 1) AS twice) AS both,
           (SELECT count(*)::int FROM reactions r LEFT JOIN members m ON m.id = r.member_id WHERE m.id IS NULL) AS orphans`, [post]);
  await database.close();
  const invariants = broken && broken.both === 0 && broken.orphans === 0;
  rows.push({ store: store.name, what: 'invariants after the writes (SQL)', note: invariants ? `hold: one reaction per member and post, none orphaned (${broken?.members} members reacted)` : `BROKEN: ${JSON.stringify(broken)}` });
  if (!invariants) misses.push(`${store.name}: invariants broken after the writes`);

  // 6. The contract's "every call returns every post", at 1,000 and 10,000 posts.
  for (const count of [1_000, 10_000]) {
    await store.load(networkWithPosts(count));
    server = await startServer(store);
    const { bytes } = await answerBytes(`${server.url}/api/posts`);
    const big = await load({ url: `${server.url}/api/posts`, connections: 4 });
    summarise(store.name, `GET /api/posts, ${count.toLocaleString('en')} posts`, big, { bytes });
    if (count === 10_000) await benchAtScale(store.name, server, count);
    await server.stop();
  }

  // 7. The extension at 100,000 posts: a like's answer and the first page of the home feed.
  await store.load(networkWithPosts(100_000));
  server = await startServer(store);
  await benchAtScale(store.name, server, 100_000);
  await server.stop();
}

interface Timed {
  bytes: number;
  p50: number;
  p99: number;
  statuses: Set<number>;
}

/** `times` calls one after another: their answer's size and their time. */
async function sequentially(times: number, call: (n: number) => Promise<Response>): Promise<Timed> {
  const latencies: number[] = [];
  const statuses = new Set<number>();
  let bytes = 0;
  for (let n = 0; n < times; n += 1) {
    const started = performance.now();
    const response = await call(n);
    bytes = (await response.arrayBuffer()).byteLength;
    latencies.push(performance.now() - started);
    statuses.add(response.status);
  }
  latencies.sort((a, b) => a - b);
  return { bytes, p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses };
}

function timedRow(store: string, what: string, timed: Timed, note?: string): void {
  const refused = [...timed.statuses].filter((status) => status >= 300);
  rows.push({
    store, what, p50: Math.round(timed.p50 * 10) / 10, p99: Math.round(timed.p99 * 10) / 10, bytes: timed.bytes,
    note: [note, refused.length > 0 ? `answers ${refused.join(', ')}` : ''].filter(Boolean).join('; ') || undefined,
  });
}

/** A like's answer with and without `Prefer: return=minimal`, and the home feed's first page, at `count` posts. */
async function benchAtScale(storeName: string, server: Child, count: number): Promise<void> {
  const [token] = await loginAll(server.url, ['demo_user']);
  const scale = count.toLocaleString('en');
  // Post 2 of the busy network: the demo member has not liked it. Like, dislike, like, ...
  const post = `b0000000-0000-4000-8000-${(2).toString(16).padStart(12, '0')}`;
  const react = (prefer?: string) => (n: number) => fetch(`${server.url}/api/posts/${n % 2 === 0 ? 'like' : 'dislike'}/${post}`, {
    method: 'POST', headers: { authorization: token ?? '', ...(prefer ? { prefer } : {}) },
  });
  timedRow(storeName, `like's answer, spec (every post), ${scale} posts`, await sequentially(count > 10_000 ? 2 : 6, react()));
  const minimal = await sequentially(40, react('return=minimal'));
  timedRow(storeName, `like's answer, Prefer: return=minimal, ${scale} posts`, minimal);
  if (minimal.bytes > TARGETS.likeAnswerBytes) misses.push(`${storeName}: a like's minimal answer is ${minimal.bytes} bytes at ${scale} posts (target under ${TARGETS.likeAnswerBytes})`);
  const feed = await sequentially(40, () => fetch(`${server.url}/api/feed?limit=20`, { headers: { authorization: token ?? '' } }));
  timedRow(storeName, `GET /api/feed?limit=20 (first cards), ${scale} posts`, feed);
  if (feed.p99 > TARGETS.firstCardsAfterLoginMs) misses.push(`${storeName}: the first cards came ${feed.p99.toFixed(0)} ms after Login's answer at ${scale} posts (target ${TARGETS.firstCardsAfterLoginMs} ms)`);
  // From the member pressing Login to the first cards, both ways: a login, then the feed's first page,
  // or (a backend without the extensions) every post, which the app then picks and sorts.
  const loginThen = (path: string) => async () => {
    const [fresh] = await loginAll(server.url, ['demo_user']);
    return fetch(`${server.url}${path}`, { headers: { authorization: fresh ?? '' } });
  };
  timedRow(storeName, `Login, then the first cards: GET /api/feed?limit=20, ${scale} posts`, await sequentially(10, loginThen('/api/feed?limit=20')));
  timedRow(storeName, `Login, then the first cards, spec: GET /api/posts (every post; a sort reorders them here), ${scale} posts`, await sequentially(count > 10_000 ? 2 : 4, loginThen('/api/posts')));
  const trending = await sequentially(20, () => fetch(`${server.url}/api/feed?sort=trending&limit=20`, { headers: { authorization: token ?? '' } }));
  timedRow(storeName, `GET /api/feed?sort=trending&limit=20, ${scale} posts`, trending);
}

// ---- Home at a million posts ----

/** Readers of Home at a million posts: 10 members following 1,000 each, 10 following 5,000. */
const HOME_READERS = [1_000, 5_000].map((follows, group) => ({
  follows,
  usernames: BENCH_USERNAMES.slice(group * PAGE_READERS_AT_SCALE, (group + 1) * PAGE_READERS_AT_SCALE),
}));
const HOME_PAGE = '/api/feed?limit=20';
/**
 * Home's readers paced (calls a second each), beside the rows where each calls again at once: ten
 * readers at 20 a second are about a quarter of what the machine answers, so a call waits for few
 * others and the row shows the page's own time, where the unpaced rows show the queue's.
 */
const HOME_PACED_PER_READER = 20;

/**
 * Home's first and next pages on a network of a million posts by 10,000 members: 10 members who
 * follow 1,000 each read at once, then 10 who follow 5,000, each beside the floor answering the same
 * bytes by the same loader. Each reader's next page is the one after their own first. Then
 * the plan of the first page's statement, as the server's store sends it, goes to bench-results.
 */
async function benchHomeAtScale(store: Store, floorBodyFile: string, out: string): Promise<void> {
  await store.load(benchNetwork());
  const memberId = (username: string) => `u-bench-${username.slice('bench_'.length)}`;
  const writer = await store.open();
  let grown: { seconds: number };
  try {
    grown = await growToMillion(writer, HOME_READERS.map(({ follows, usernames }) => ({ follows, ids: usernames.map(memberId) })));
  } finally {
    await writer.close();
  }
  rows.push({ store: store.name, what: `Home at scale: ${SCALE_POSTS.toLocaleString('en')} posts by ${SCALE_MEMBERS.toLocaleString('en')} members written (SQL), vacuumed`, p50: Math.round(grown.seconds * 1000) });
  const server = await startServer(store);
  const p99s = new Map<number, number>();
  try {
    for (const { follows, usernames } of HOME_READERS) {
      const tokens = await loginAll(server.url, usernames);
      const label = `a member following ${follows.toLocaleString('en')}, ${PAGE_READERS_AT_SCALE} readers`;
      // Each reader's first page, and from it the address of their next.
      const nextPages: string[] = [];
      let firstBody: Buffer = Buffer.alloc(0);
      for (const token of tokens) {
        const { status, bytes } = await send(server.url, token, { method: 'GET', path: HOME_PAGE });
        const page = JSON.parse(bytes.toString('utf8')) as { posts?: unknown[]; nextCursor?: string | null };
        if (status !== 200 || page.posts?.length !== 20 || !page.nextCursor) throw new Error(`Home answered ${status}, not a page of 20 with a next one: ${bytes.toString('utf8').slice(0, 300)}`);
        nextPages.push(`${HOME_PAGE}&cursor=${encodeURIComponent(page.nextCursor)}`);
        firstBody = bytes;
      }
      for (const [what, addressOf] of [
        ['first page', () => HOME_PAGE],
        ['next page', (member: number) => nextPages[member] ?? HOME_PAGE],
      ] as const) {
        const step = (member: number) => ({ method: 'GET', path: addressOf(member) });
        const floor = await onFloor(firstBody, floorBodyFile, (url) => asMembers(url, tokens, step));
        // A second of the same readers first: one call at a time would open and warm one of the
        // pool's ten connections (each prepares its statements and keeps their plan after five
        // calls), leaving the others' first calls to the measured run.
        await asMembers(server.url, tokens, step, 1);
        const run = await asMembers(server.url, tokens, step);
        floorRows(store.name, `Home at ${SCALE_POSTS.toLocaleString('en')} posts: GET ${HOME_PAGE}, ${what}, ${label}`, floor, run, firstBody.length);
        p99s.set(follows, Math.max(p99s.get(follows) ?? 0, run.p99));
        // The same readers at a pace the machine has room for: what a page costs when it does not wait behind the others.
        const pacedFloor = await onFloor(firstBody, floorBodyFile, (url) => asMembers(url, tokens, step, SECONDS, HOME_PACED_PER_READER));
        const paced = await asMembers(server.url, tokens, step, SECONDS, HOME_PACED_PER_READER);
        floorRows(store.name, `Home at ${SCALE_POSTS.toLocaleString('en')} posts: GET ${HOME_PAGE}, ${what}, ${label}, paced at ${HOME_PACED_PER_READER} calls a second each`, pacedFloor, paced, firstBody.length);
      }
    }
  } finally {
    await server.stop();
  }
  // The first page's statement as the server's store sends it (the server stopped: PGlite has one holder), for a member following 1,000 and one following 5,000.
  const database = await store.open();
  try {
    const plans: string[] = [];
    for (const { follows, usernames } of HOME_READERS) plans.push(`-- Home's first page, a member following ${follows.toLocaleString('en')}\n${await explainHome(database, memberId(usernames[0] ?? ''))}`);
    const file = join(out, `home-at-scale-plans-${store.name}.txt`);
    writeFileSync(file, `${plans.join('\n\n')}\n`);
    console.log(`  Home's plans: ${file}`);
  } finally {
    await database.close();
  }
  const target = TARGETS.homeAtMillionP99Ms[store.name];
  const base = p99s.get(1_000) ?? 0;
  const more = p99s.get(5_000) ?? 0;
  if (base > target) misses.push(`${store.name}: Home at a million posts, following 1,000: p99 ${base.toFixed(1)} ms with ${PAGE_READERS_AT_SCALE} readers (target ${target} ms)`);
  if (more > base * TARGETS.homeFollowingMoreTimes) misses.push(`${store.name}: Home at a million posts, following 5,000: p99 ${more.toFixed(1)} ms, over ${TARGETS.homeFollowingMoreTimes}x the ${base.toFixed(1)} ms of following 1,000`);
}

/**
 * Post search over 100,000 posts by 1,000 members (searchPosts.ts): for each kind of search, 10
 * members search at once, each first page beside the floor answering the same bytes by the same
 * loader; the searches' plans, as the server's store sends them, go to bench-results.
 */
async function benchSearch(store: Store, floorBodyFile: string, out: string): Promise<void> {
  await store.load(benchNetwork());
  const writer = await store.open();
  let grown: { seconds: number };
  try {
    grown = await growForSearch(writer);
  } finally {
    await writer.close();
  }
  rows.push({ store: store.name, what: `Search: ${SEARCH_POSTS.toLocaleString('en')} posts by ${SEARCH_MEMBERS.toLocaleString('en')} members written (SQL), vacuumed`, p50: Math.round(grown.seconds * 1000) });
  const readers = BENCH_USERNAMES.slice(0, PAGE_READERS_AT_SCALE);
  const server = await startServer(store);
  let worst = 0;
  try {
    const tokens = await loginAll(server.url, readers);
    for (const { what, q } of SEARCHES) {
      const path = `/api/search/posts?q=${encodeURIComponent(q)}&limit=20`;
      const { status, bytes } = await send(server.url, tokens[0] ?? '', { method: 'GET', path });
      const page = JSON.parse(bytes.toString('utf8')) as { posts?: unknown[] };
      if (status !== 200 || !Array.isArray(page.posts)) throw new Error(`Search for ${q} answered ${status}: ${bytes.toString('utf8').slice(0, 300)}`);
      const step = () => ({ method: 'GET', path });
      const floor = await onFloor(bytes, floorBodyFile, (url) => asMembers(url, tokens, step));
      await sequentially(20, () => fetch(`${server.url}${path}`, { headers: { authorization: tokens[0] ?? '' } }));
      const run = await asMembers(server.url, tokens, step);
      floorRows(store.name, `Search ${SEARCH_POSTS.toLocaleString('en')} posts, ${what}: "${q}", ${page.posts.length} on the first page, ${PAGE_READERS_AT_SCALE} readers`, floor, run, bytes.length);
      worst = Math.max(worst, run.p99);
    }
  } finally {
    await server.stop();
  }
  const database = await store.open();
  try {
    const viewerId = `u-bench-${(readers[0] ?? 'bench_1').slice('bench_'.length)}`;
    const plans: string[] = [];
    for (const { q } of SEARCHES) plans.push(await explainSearch(database, q, viewerId));
    const file = join(out, `search-plans-${store.name}.txt`);
    writeFileSync(file, `${plans.join('\n\n')}\n`);
    console.log(`  Search's plans: ${file}`);
  } finally {
    await database.close();
  }
  const target = store.name === 'postgres' ? TARGETS.searchP99Ms.postgres : undefined;
  if (target !== undefined && worst > target) misses.push(`${store.name}: post search over ${SEARCH_POSTS.toLocaleString('en')} posts: p99 ${worst.toFixed(1)} ms at worst with ${PAGE_READERS_AT_SCALE} readers (target ${target} ms)`);
}

// ---- The moderators' queue ----

/** Open reports in the queue's bench, and the posts they are about (several reporters each). */
const QUEUE_REPORTS = 10_000;
const QUEUE_SUBJECTS = 2_500;
const REPORT_REASONS = ['spam', 'abuse', 'illegal', 'other'] as const;

/**
 * The bench network with 10,000 open reports about 2,500 posts (four reporters each, of the 50
 * bench members) and bench_1 a moderator: its first page (20 subjects, their reports, content and
 * each author's history), read by 10 of the moderator's devices at once, beside the floor answering
 * the same bytes by the same loader.
 */
function queueNetwork(): DbSnapshot {
  const network = networkWithPosts(QUEUE_SUBJECTS);
  for (let n = 1; n <= BENCH_MEMBERS; n += 1) {
    network.users.push(buildUser({ id: `u-bench-${n}`, username: `bench_${n}`, firstName: 'Bench', lastName: `Member ${n}`, password: SEED_PASSWORD }));
  }
  const moderator = network.users.find((user) => user.username === 'bench_1');
  if (moderator) moderator.role = 'moderator';
  const authors = new Map(network.users.map((user) => [user.id, user.username]));
  const perSubject = QUEUE_REPORTS / QUEUE_SUBJECTS;
  const start = Date.parse('2025-06-01T00:00:00.000Z');
  network.reports = Array.from({ length: QUEUE_REPORTS }, (_, i) => {
    const post = network.posts[i % QUEUE_SUBJECTS];
    if (!post) throw new Error('the queue bench needs a post for every subject');
    // Reporters 2 to 50 (bench_1 moderates), each subject's four different ones.
    const reporter = 2 + ((Math.floor(i / QUEUE_SUBJECTS) + (i % QUEUE_SUBJECTS) * perSubject) % (BENCH_MEMBERS - 1));
    return {
      id: `r-bench-${String(i).padStart(6, '0')}`, reporterId: `u-bench-${reporter}`, about: { kind: 'post' as const, id: post.id },
      reason: REPORT_REASONS[i % REPORT_REASONS.length] ?? 'spam', comment: i % 3 === 0 ? 'Please look at this one.' : '', status: 'open' as const,
      content: { kind: 'post' as const, authorId: post.authorId, username: authors.get(post.authorId) ?? '', text: post.content, images: post.postImage ? [post.postImage] : [], createdAt: post.createdAt },
      createdAt: new Date(start + i * 1_000).toISOString(),
    };
  });
  return network;
}

async function benchModerationQueue(store: Store, floorBodyFile: string): Promise<void> {
  await store.load(queueNetwork());
  const server = await startServer(store);
  try {
    const [token] = await loginAll(server.url, ['bench_1']);
    const tokens = Array.from({ length: PAGE_READERS_AT_SCALE }, () => token ?? '');
    const path = '/api/moderation/reports?status=open&limit=20';
    const { status, bytes } = await send(server.url, tokens[0] ?? '', { method: 'GET', path });
    const page = JSON.parse(bytes.toString('utf8')) as { entries?: unknown[]; openCount?: number };
    if (status !== 200 || page.entries?.length !== 20 || page.openCount !== QUEUE_REPORTS) throw new Error(`The queue answered ${status}: ${bytes.toString('utf8').slice(0, 300)}`);
    const step = () => ({ method: 'GET', path });
    const floor = await onFloor(bytes, floorBodyFile, (url) => asMembers(url, tokens, step));
    await sequentially(20, () => fetch(`${server.url}${path}`, { headers: { authorization: tokens[0] ?? '' } }));
    const run = await asMembers(server.url, tokens, step);
    floorRows(store.name, `Moderation queue, first page of ${QUEUE_REPORTS.toLocaleString('en')} open reports about ${QUEUE_SUBJECTS.toLocaleString('en')} posts, ${PAGE_READERS_AT_SCALE} devices`, floor, run, bytes.length);
  } finally {
    await server.stop();
  }
}

/** Members in the people rows, and how many of them the second reader follows. */
const PEOPLE_MEMBERS = 10_000;
const PEOPLE_FOLLOWED = 5_000;
/** The people search's rows: the text searched, and what it finds. */
const PEOPLE_SEARCHES = [
  ['a name few hold, `member 1234`', 'member%201234'],
  ['a name many hold, `member 12`', 'member%2012'],
  ['one letter, `m`', 'm'],
  ['a name nobody holds, `zzz`', 'zzz'],
] as const;

/**
 * The people search (`member-search`) and whom to follow (`suggestions`) with 10,000 members more
 * than the bench's: each row is ten devices of one member calling one after another, beside the
 * floor answering the same bytes. The suggestions for a member following a few, and for one
 * following 5,000.
 */
async function benchPeople(store: Store, floorBodyFile: string): Promise<void> {
  await store.load(benchNetwork());
  const writer = await store.open();
  try {
    await addMembers(writer, 'people', PEOPLE_MEMBERS);
    await writer.query(`INSERT INTO follows (follower_id, followee_id) SELECT 'u-bench-2', 'u-people-' || n FROM generate_series(1, $1::int) AS n`, [PEOPLE_FOLLOWED]);
    await writer.query('ANALYZE');
  } finally {
    await writer.close();
  }
  const server = await startServer(store);
  try {
    const [few, many] = await loginAll(server.url, ['bench_1', 'bench_2']);
    const calls: Array<[what: string, token: string, path: string]> = [
      ...PEOPLE_SEARCHES.map(([what, q]) => [`People search, ${what}`, few ?? '', `/api/users/search?q=${q}`] as [string, string, string]),
      ['Whom to follow, first 3, a member following 0', few ?? '', '/api/users/suggestions?limit=3'],
      [`Whom to follow, first 3, a member following ${PEOPLE_FOLLOWED.toLocaleString('en')}`, many ?? '', '/api/users/suggestions?limit=3'],
    ];
    for (const [what, token, path] of calls) {
      const { status, bytes } = await send(server.url, token, { method: 'GET', path });
      const found = JSON.parse(bytes.toString('utf8')) as { users?: unknown[]; total?: number };
      if (status !== 200 || !Array.isArray(found.users)) throw new Error(`${path} answered ${status}: ${bytes.toString('utf8').slice(0, 300)}`);
      const tokens = Array.from({ length: PAGE_READERS_AT_SCALE }, () => token);
      const step = () => ({ method: 'GET', path });
      const floor = await onFloor(bytes, floorBodyFile, (url) => asMembers(url, tokens, step));
      await sequentially(20, () => fetch(`${server.url}${path}`, { headers: { authorization: token } }));
      const run = await asMembers(server.url, tokens, step);
      floorRows(store.name, `${what} (${(found.total ?? 0).toLocaleString('en')} found), ${PAGE_READERS_AT_SCALE} devices`, floor, run, bytes.length);
    }
  } finally {
    await server.stop();
  }
}

// ---- Replies and notifications at size: each row beside a floor answering its bytes ----

/** Members reading a first page at once, and members liking and taking back. */
const PAGE_READERS = 10;
const NOTIFYING_LIKERS = 10;

/** `run` against the floor answering `body` to every call: the same loader, in the same run. */
async function onFloor<T>(body: Buffer, file: string, run: (url: string) => Promise<T>): Promise<T> {
  writeFileSync(file, body);
  const floor = await startChild(FLOOR, { FLOOR_BODY_FILE: file });
  try {
    return await run(floor.url);
  } finally {
    await floor.stop();
  }
}

const ratio = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(1)}x` : 'n/a');

/** The floor's row, then the row measured beside it with its ratio to the floor. */
function floorRows(store: string, what: string, floor: MemberRun, run: MemberRun, bytes: number): Row {
  memberRow(store, 'floor: the same bytes from memory, by the same loader (the next row)', floor).bytes = bytes;
  const row = memberRow(store, what, run);
  row.bytes = bytes;
  row.note = [`p50 ${ratio(run.p50, floor.p50)}, p99 ${ratio(run.p99, floor.p99)} the floor's`, row.note].filter(Boolean).join('; ');
  return row;
}

/**
 * On a network where one member has 10,000 notifications and one of her posts 1,000 replies: the
 * first page of each, read by 10 members' devices at once, and likes that notify her (10 members
 * who had liked none of her posts like and take back her 5 latest, two to a post, so each post's
 * notification grows and shrinks), each beside the floor answering the same bytes.
 */
async function benchNotifications(store: Store, floorBodyFile: string): Promise<void> {
  const network = buildNotifiedNetwork();
  await store.load(network.snapshot);
  const server = await startServer(store);
  try {
    const [reader] = await loginAll(server.url, [network.recipientUsername]);
    const readers = Array.from({ length: PAGE_READERS }, () => reader ?? '');
    const replies = `/api/posts/${network.busyPostId}/replies?limit=20`;
    const holdsReplies = (body: { replies?: unknown[]; replyCount?: number }) => body.replies?.length === 20 && body.replyCount === BUSY_POST_REPLIES;
    // Visitors: a read sent without a token, the same for every visitor.
    const visitors = Array.from({ length: PAGE_READERS }, () => '');
    const pages = [
      {
        // A public read by visitors: the answer cache holds it while nothing changes in the network.
        // (A member's read is answered for them, leaving out whom they mute or block: never kept.)
        what: `a post's page: GET /api/posts/:postId/replies?limit=20, first of ${BUSY_POST_REPLIES.toLocaleString('en')} replies, answer kept (visitors)`,
        path: replies,
        holds: holdsReplies,
        callers: visitors,
      },
      {
        // What a member's read costs, and a visitor's after any write.
        what: `a post's page: GET /api/posts/:postId/replies?limit=20, first of ${BUSY_POST_REPLIES.toLocaleString('en')} replies, computed each time (a member)`,
        path: replies,
        holds: holdsReplies,
        callers: readers,
      },
      {
        what: `GET /api/notifications?limit=20, first of ${NOTIFIED_TOTAL.toLocaleString('en')} for one member`,
        path: '/api/notifications?limit=20',
        holds: (body: { notifications?: unknown[]; unreadCount?: number }) => body.notifications?.length === 20 && body.unreadCount === 100,
        callers: readers,
      },
    ];
    for (const page of pages) {
      const [caller = ''] = page.callers;
      const { status, bytes: body } = await send(server.url, caller, { method: 'GET', path: page.path });
      if (status !== 200 || !page.holds(JSON.parse(body.toString('utf8')))) throw new Error(`${page.path} answered ${status}, not the page expected: ${body.toString('utf8').slice(0, 300)}`);
      const step = () => ({ method: 'GET', path: page.path });
      const floor = await onFloor(body, floorBodyFile, (url) => asMembers(url, page.callers, step));
      // Warm: a page comes from a server that has answered others before, on every connection of its
      // pool (each prepares its statements and keeps their plan after five calls).
      await asMembers(server.url, page.callers, step, 1);
      const run = await asMembers(server.url, page.callers, step);
      floorRows(store.name, page.what, floor, run, body.length);
      const target = store.name === 'postgres' ? TARGETS.firstPageP99Ms.postgres : undefined;
      if (target !== undefined && run.p99 > target) misses.push(`${store.name}: ${page.what}: p99 ${run.p99.toFixed(1)} ms with ${PAGE_READERS} readers (target ${target} ms)`);
    }

    const likers = await loginAll(server.url, network.idleUsernames.slice(0, NOTIFYING_LIKERS));
    const posts = network.latestPostIds;
    const like = (member: number, n: number) => ({
      method: 'POST', path: `/api/posts/${n % 2 === 0 ? 'like' : 'dislike'}/${posts[member % posts.length] ?? ''}`, headers: { prefer: 'return=minimal' },
    });
    // The floor answers a like's minimal answer, taken from one like (taken back at once).
    const likeBody = await firstAnswer(server.url, likers[0] ?? '', like(0, 0), like(0, 1));
    const floor = await onFloor(likeBody, floorBodyFile, (url) => asMembers(url, likers, like));
    const run = await asMembers(server.url, likers, like);
    floorRows(store.name, `a like that notifies: ${NOTIFYING_LIKERS} members like and take back her 5 latest posts, Prefer: return=minimal`, floor, run, likeBody.length);
  } finally {
    await server.stop();
  }

  // Afterwards: every post's notification names exactly its likers, and she still has 10,000.
  const database = await store.open();
  try {
    const [counts] = await database.query<{ told: number; off: number }>(`
      SELECT (SELECT count(*)::int FROM notifications WHERE recipient_id = $1) AS told,
             (SELECT count(*)::int FROM unnest($2::text[], $3::text[]) AS p(id, key)
               WHERE (SELECT count(*) FROM reactions r WHERE r.post_id = p.id AND r.kind = 'like')
                  <> (SELECT count(*) FROM notification_actors a JOIN notifications n ON n.id = a.notification_id WHERE n.recipient_id = $1 AND n.key = p.key)) AS off`,
    [network.recipientId, network.latestPostIds, network.latestPostIds.map((postId) => notificationKey({ kind: 'like', actorId: '', postId }))]);
    const problems = findInconsistencies(await createSqlStore(database, { publicDir: join(REPOSITORY_ROOT, 'public'), passwords: argon2Passwords }).snapshot());
    const hold = counts?.told === NOTIFIED_TOTAL && counts.off === 0 && problems.length === 0;
    rows.push({
      store: store.name, what: 'notifications after the likes (SQL, snapshot)',
      note: hold ? `hold: ${counts.told.toLocaleString('en')} for her, each post's notification names exactly its likers, the snapshot consistent` : `BROKEN: ${JSON.stringify(counts)}; ${problems.slice(0, 3).join('; ')}`,
    });
    if (!hold) misses.push(`${store.name}: notifications do not match the likes after the runs`);
  } finally {
    await database.close();
  }
}

// ---- The live stream: from a like's answer to the event at 1,000 open streams ----

const OPEN_STREAMS = 1_000;
const LIVE_LIKES = 40;

interface Reader {
  /** When each post-reacted event arrived (performance.now()). */
  arrivals: number[];
  close(): void;
}

/** Calls `onFrame` with each whole frame of an event stream's answer, and when its bytes arrived (performance.now()). */
function eachFrame(response: IncomingMessage, onFrame: (frame: string, arrived: number) => void): void {
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    const arrived = performance.now();
    buffer += chunk;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onFrame(frame, arrived);
    }
  });
}

/** One stream, read as a browser would, on its own connection; resolves once it is open. */
function openReader(url: string, token: string | undefined): Promise<Reader> {
  return new Promise((resolve, reject) => {
    const arrivals: number[] = [];
    const request = httpRequest(`${url}/api/events`, { agent: false, headers: { accept: 'text/event-stream', ...(token ? { authorization: token } : {}) } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`GET /api/events answered ${response.statusCode}`));
        return;
      }
      eachFrame(response, (frame, arrived) => {
        if (frame.includes('event: post-reacted')) arrivals.push(arrived);
      });
      resolve({ arrivals, close: () => request.destroy() });
    });
    request.on('error', reject);
    request.end();
  });
}

async function openReaders(url: string, tokens: Array<string | undefined>): Promise<Reader[]> {
  const readers: Reader[] = [];
  // In batches, as devices come: never a thousand connections in one instant.
  for (let first = 0; first < OPEN_STREAMS; first += 50) {
    readers.push(...await Promise.all(Array.from({ length: 50 }, (_, n) => openReader(url, tokens[(first + n) % tokens.length]))));
  }
  return readers;
}

/** The CPU time a process has used, in ms (Linux: utime + stime, in clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Likes and dislikes one after another on `likeUrl` (one member), each time measuring, at every
 * reader, the time from the like's answer to its event. The readers were opened on `streamUrl`.
 */
interface LiveRun {
  p50: number;
  p99: number;
  max: number;
  missed: number;
  /** From the like sent (rather than answered) to its event. */
  sentP50: number;
  sentP99: number;
  /** Events that came before their like's answer. */
  early: number;
}

async function likeToEvent(likeUrl: string, like: (n: number) => Promise<Response>, readers: Reader[]): Promise<LiveRun> {
  const delays: number[] = [];
  const sinceSent: number[] = [];
  let missed = 0;
  let early = 0;
  for (let n = 0; n < LIVE_LIKES; n += 1) {
    const sent = performance.now();
    const response = await like(n);
    await response.arrayBuffer();
    const answered = performance.now();
    if (response.status >= 300) throw new Error(`a like on ${likeUrl} answered ${response.status}`);
    const deadline = answered + 5_000;
    while (readers.some((reader) => reader.arrivals.length <= n) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    for (const reader of readers) {
      const arrived = reader.arrivals[n];
      if (arrived === undefined) {
        missed += 1;
        continue;
      }
      // An event may come before the answer does: that is no delay.
      if (arrived < answered) early += 1;
      delays.push(Math.max(0, arrived - answered));
      sinceSent.push(arrived - sent);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  delays.sort((a, b) => a - b);
  sinceSent.sort((a, b) => a - b);
  return { p50: percentile(delays, 50), p99: percentile(delays, 99), max: delays[delays.length - 1] ?? 0, missed, sentP50: percentile(sinceSent, 50), sentP99: percentile(sinceSent, 99), early };
}

function liveRow(store: string, what: string, run: LiveRun, checked = true): void {
  const samples = LIVE_LIKES * OPEN_STREAMS;
  const note = [
    `max ${Math.round(run.max)} ms`,
    `from the like sent: p50 ${run.sentP50.toFixed(1)} ms, p99 ${run.sentP99.toFixed(1)} ms`,
    `${Math.round((run.early / samples) * 100)}% before the answer`,
    run.missed > 0 ? `${run.missed} events not arrived within 5 s` : `all ${samples.toLocaleString('en')} arrived`,
  ].join('; ');
  rows.push({ store, what, p50: Math.round(run.p50 * 10) / 10, p99: Math.round(run.p99 * 10) / 10, note });
  if (checked && (run.p99 > TARGETS.likeToEventP99Ms || run.missed > 0)) misses.push(`${store}: ${what}: p99 ${Math.round(run.p99)} ms, ${run.missed} missed (target p99 ${TARGETS.likeToEventP99Ms} ms, none missed)`);
}

async function benchLive(store: Store): Promise<void> {
  // The floor: bare node:http fanning one frame out to as many streams.
  const floor = await startChild(FLOOR_STREAMS, {});
  const floorReaders = await openReaders(floor.url, [undefined]);
  liveRow(store.name, `floor: a POST fanned out to ${OPEN_STREAMS.toLocaleString('en')} streams by bare node:http`, await likeToEvent(floor.url, () => fetch(`${floor.url}/like`, { method: 'POST' }), floorReaders), false);
  floorReaders.forEach((reader) => reader.close());
  await floor.stop();

  await store.load(benchNetwork());
  const server = await startServer(store);
  const second = store.name === 'postgres' ? await startServer(store) : undefined;
  try {
    const tokens = await loginAll(server.url, BENCH_USERNAMES);
    const [liker] = await loginAll(server.url, ['demo_user']);
    const post = seedPostId(8);
    const like = (url: string) => (n: number) => fetch(`${url}/api/posts/${n % 2 === 0 ? 'like' : 'dislike'}/${post}`, { method: 'POST', headers: { authorization: liker ?? '', prefer: 'return=minimal' } });

    // Memory and CPU at rest: the server's resident memory before and after the streams open, and
    // its CPU over 20 s (a heartbeat included) with them open and nothing happening.
    const before = residentMb(server.process.pid) ?? 0;
    const readers = await openReaders(server.url, tokens);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = residentMb(server.process.pid) ?? 0;
    const perStream = ((after - before) * 1024 * 1024) / OPEN_STREAMS;
    const cpuBefore = cpuMs(server.process.pid);
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    const cpuShare = (cpuMs(server.process.pid) - cpuBefore) / 20_000;
    rows.push({ store: store.name, what: `${OPEN_STREAMS.toLocaleString('en')} idle streams: memory each, CPU at rest`, bytes: Math.round(perStream), note: `resident memory ${before} MB -> ${after} MB; CPU ${(cpuShare * 100).toFixed(1)}% of a core over 20 s` });
    if (perStream > TARGETS.idleStreamBytes) misses.push(`${store.name}: ${Math.round(perStream / 1024)} KB a idle stream (target ${TARGETS.idleStreamBytes / 1024} KB)`);

    liveRow(store.name, `like -> event, ${OPEN_STREAMS.toLocaleString('en')} streams on the same process`, await likeToEvent(server.url, like(server.url), readers));
    readers.forEach((reader) => reader.close());
    if (second) {
      const across = await openReaders(second.url, tokens);
      liveRow(store.name, `like -> event, ${OPEN_STREAMS.toLocaleString('en')} streams on another process`, await likeToEvent(server.url, like(server.url), across));
      across.forEach((reader) => reader.close());
    }
  } finally {
    await second?.stop();
    await server.stop();
  }
}

// ---- Ten thousand live readers: a post fanned out across three processes, and one of them dying ----

/** Followers of one member, each with one stream open, spread over the processes. */
const FAN_OUT_FOLLOWERS = 10_000;
const FAN_OUT_PROCESSES = 3;
/** Posts by the followed member, one after another, each waited for at every stream. */
const FAN_OUT_POSTS = 10;
/** How long the processes rest before their memory is read (V8 shrinks a heap grown while busy after some seconds idle). */
const FAN_OUT_IDLE_MS = 20_000;

/** One follower's stream, read as the app reads it: where it left off is kept across streams. */
interface FanReader {
  /** When each post's `post-created` event arrived, by post id (performance.now()). */
  arrivals: Map<string, number>;
  /** The last event id it was sent. */
  lastEventId?: string;
  /** Reset frames it was sent (a stream too far behind is told to load again). */
  resets: number;
  /** Where it is open now, if it is. */
  url?: string;
  token: string;
  /** Closed by the bench: its end is not a server's doing. */
  closed: boolean;
  close(): void;
}

function newFanReader(token: string): FanReader {
  return { arrivals: new Map(), resets: 0, token, closed: false, close: () => undefined };
}

/**
 * Opens a follower's stream on `url` (its own connection), saying where it left off; resolves
 * once it is open. `onDown` is told when the stream ends from the server's side.
 */
function openFanStream(reader: FanReader, url: string, onDown: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let open = false;
    const headers: Record<string, string> = { accept: 'text/event-stream', authorization: reader.token };
    if (reader.lastEventId) headers['last-event-id'] = reader.lastEventId;
    const request = httpRequest(`${url}/api/events`, { agent: false, headers }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`GET /api/events answered ${response.statusCode}`));
        return;
      }
      open = true;
      reader.url = url;
      reader.close = () => {
        reader.closed = true;
        request.destroy();
      };
      eachFrame(response, (frame, arrived) => {
        const id = /^id: (.*)$/m.exec(frame)?.[1];
        if (id) reader.lastEventId = id;
        if (frame.includes('event: post-created')) {
          const postId = /"postId":"([^"]+)"/.exec(frame)?.[1];
          if (postId && !reader.arrivals.has(postId)) reader.arrivals.set(postId, arrived);
        } else if (frame.includes(`event: ${RESET_EVENT}`)) {
          reader.resets += 1;
        }
      });
      response.once('close', () => {
        if (reader.url !== url) return;
        reader.url = undefined;
        if (!reader.closed) onDown();
      });
      resolve();
    });
    request.on('error', (error) => {
      if (!open) reject(error);
    });
    request.end();
  });
}

/**
 * 10,000 members who follow one member, each with a stream open, spread evenly over three processes
 * on one PostgreSQL. First memory: each process's resident memory before and after its streams
 * opened, summed, over 10,000. Then fan-out: the followed member posts 10 times, one after another,
 * each time measuring, at every stream, the time from the post's answer to its `post-created`
 * event. Then a process dies (SIGKILL): its streams open again on the two left, as the app's do
 * (eventReader's reconnectDelay: 1 s, jittered by ±30%, growing after each failure), each saying
 * where it left off; a post made while they are away must reach them on their return. Measured:
 * how the returns spread (the busiest 100 ms, against all at once without the jitter), how long each
 * took to be open again, and the time from that post's answer to its event at every stream.
 */
async function benchFanOut(store: Store): Promise<void> {
  await store.load(benchNetwork());
  const database = await store.open();
  try {
    await addMembers(database, 'fan', FAN_OUT_FOLLOWERS);
    await database.query(`INSERT INTO follows (follower_id, followee_id) SELECT 'u-fan-' || n, 'u-bench-1' FROM generate_series(1, $1::int) AS n`, [FAN_OUT_FOLLOWERS]);
    await database.query('VACUUM ANALYZE');
  } finally {
    await database.close();
  }
  // The followers' tokens, signed with the processes' secret (10,000 logins would time the password hash).
  const secret = randomBytes(48).toString('base64');
  const signer = createTokenService({ secret });
  const tokens = await Promise.all(Array.from({ length: FAN_OUT_FOLLOWERS }, (_, n) => signer.sign({ id: `u-fan-${n + 1}`, username: `fan_${n + 1}`, sessionVersion: 0 })));
  const servers: Child[] = [];
  for (let n = 0; n < FAN_OUT_PROCESSES; n += 1) {
    const profiling = CPU_PROFILES ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILES}`] : [];
    servers.push(await startChild(SERVER_MAIN, { ...store.env, PORT: '0', ...QUIET, JWT_SECRET: secret }, ['-r', PROBE, '--expose-gc', ...profiling]));
  }
  const readers = tokens.map(newFanReader);
  const label = `${FAN_OUT_FOLLOWERS.toLocaleString('en')} followers' streams on ${FAN_OUT_PROCESSES} processes`;
  let downs: (reader: FanReader) => void = () => undefined;
  try {
    const [author] = await loginAll(servers[0]?.url ?? '', ['bench_1']);
    const post = async (n: number): Promise<{ id: string; sent: number; answered: number }> => {
      const sent = performance.now();
      const response = await fetch(`${servers[0]?.url}/api/posts`, { method: 'POST', headers: { authorization: author ?? '', 'content-type': 'application/json', prefer: 'return=minimal' }, body: JSON.stringify({ postData: { text: `Post ${n} to ${FAN_OUT_FOLLOWERS.toLocaleString('en')} followers.` } }) });
      const body = (await response.json()) as PostResponse;
      const answered = performance.now();
      if (response.status !== 201) throw new Error(`a post answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
      return { id: body.post.id, sent, answered };
    };
    const waitForAll = async (postId: string, among: FanReader[], ms: number): Promise<void> => {
      const deadline = performance.now() + ms;
      while (among.some((reader) => !reader.arrivals.has(postId)) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    /** From the post's answer (0 when the event came first: the author's process hears its own write before its answer leaves) and from its request. */
    const delaysOf = (postId: string, { sent, answered }: { sent: number; answered: number }, among: FanReader[]) => {
      const delays: number[] = [];
      const fromSent: number[] = [];
      let first = 0;
      let missed = 0;
      for (const reader of among) {
        const arrived = reader.arrivals.get(postId);
        if (arrived === undefined) {
          missed += 1;
          continue;
        }
        delays.push(Math.max(0, arrived - answered));
        fromSent.push(arrived - sent);
        if (arrived < answered) first += 1;
      }
      return { delays, fromSent, first, missed };
    };
    const sentNote = (fromSent: number[], first: number, of: number) => {
      fromSent.sort((a, b) => a - b);
      const share = of === 0 ? 0 : Math.round((first / of) * 100);
      return `from the post sent: p50 ${(Math.round(percentile(fromSent, 50) * 10) / 10).toLocaleString('en')} ms, p99 ${(Math.round(percentile(fromSent, 99) * 10) / 10).toLocaleString('en')} ms; ${share}% came before the answer`;
    };

    // Memory: the streams opened in batches of 50, as devices come, each process's resident memory
    // before and after, each read once the process has been idle for a while (V8 gives back the heap
    // it grew while busy only then) and after a full collection; before, after 50 streams opened and
    // closed on each (what any first stream allocates). The same just after the last stream opened,
    // in the note.
    for (const server of servers) {
      const warming = tokens.slice(0, 50).map(newFanReader);
      await Promise.all(warming.map((reader) => openFanStream(reader, server.url, () => undefined)));
      for (const reader of warming) reader.close();
    }
    await new Promise((resolve) => setTimeout(resolve, FAN_OUT_IDLE_MS));
    const before = await Promise.all(servers.map(memoryOf));
    const opening: number[] = [];
    for (let first = 0; first < FAN_OUT_FOLLOWERS; first += 50) {
      await Promise.all(readers.slice(first, first + 50).map(async (reader, k) => {
        const started = performance.now();
        await openFanStream(reader, servers[(first + k) % FAN_OUT_PROCESSES]?.url ?? '', () => downs(reader));
        opening.push(performance.now() - started);
      }));
    }
    const opened = await Promise.all(servers.map(memoryOf));
    await new Promise((resolve) => setTimeout(resolve, FAN_OUT_IDLE_MS));
    const idle = await Promise.all(servers.map(memoryOf));
    const each = (after: Memory[], field: keyof Omit<Memory, 'collected'>) => after.reduce((sum, memory, n) => sum + memory[field] - (before[n]?.[field] ?? 0), 0) / FAN_OUT_FOLLOWERS;
    const perStream = each(idle, 'rss');
    const mb = (memory: Memory) => Math.round(memory.rss / 1024 / 1024);
    const bytes = (value: number) => Math.round(value).toLocaleString('en');
    opening.sort((a, b) => a - b);
    rows.push({ store: store.name, what: `${label}: memory each, idle, opened 50 at a time`, p50: Math.round(percentile(opening, 50) * 10) / 10, p99: Math.round(percentile(opening, 99) * 10) / 10, bytes: Math.round(perStream), note: `resident memory after ${FAN_OUT_IDLE_MS / 1000} s idle and a full collection ${before.map(mb).join(' + ')} MB -> ${idle.map(mb).join(' + ')} MB; of each stream's bytes, ${bytes(each(idle, 'heapUsed'))} in use on the JavaScript heap, ${bytes(each(idle, 'external'))} outside it${idle.every((memory) => memory.collected) ? '' : ' (no collection: started without --expose-gc)'}; just after the last opened, ${bytes(each(opened, 'rss'))} a stream (the heap grown ${bytes(each(opened, 'heapTotal'))}, in use ${bytes(each(opened, 'heapUsed'))}); p50/p99 from a stream's request to its answer` });
    if (perStream > TARGETS.idleStreamBytes) misses.push(`${store.name}: ${Math.round(perStream / 1024)} KB an idle stream with ${label} (target ${TARGETS.idleStreamBytes / 1024} KB)`);

    // Fan-out: each post waited for at every stream, then a pause.
    const fanned: number[] = [];
    const fannedFromSent: number[] = [];
    let fannedFirst = 0;
    let missedLive = 0;
    for (let n = 1; n <= FAN_OUT_POSTS; n += 1) {
      const made = await post(n);
      await waitForAll(made.id, readers, 10_000);
      const { delays, fromSent, first, missed } = delaysOf(made.id, made, readers);
      fanned.push(...delays);
      fannedFromSent.push(...fromSent);
      fannedFirst += first;
      missedLive += missed;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    fanned.sort((a, b) => a - b);
    const samples = FAN_OUT_POSTS * FAN_OUT_FOLLOWERS;
    rows.push({ store: store.name, what: `a post -> post-created at ${label}`, p50: Math.round(percentile(fanned, 50) * 10) / 10, p99: Math.round(percentile(fanned, 99) * 10) / 10, note: `${FAN_OUT_POSTS} posts by the member they follow; max ${Math.round(fanned[fanned.length - 1] ?? 0)} ms; ${sentNote(fannedFromSent, fannedFirst, fanned.length)}; ${missedLive > 0 ? `${missedLive} not arrived within 10 s` : `all ${samples.toLocaleString('en')} arrived`}` });
    // The target is held by the stricter figure: from the post sent, which includes its answer's own time.
    const fanP99 = percentile(fannedFromSent, 99);
    if (fanP99 > TARGETS.fanOutP99Ms || missedLive > 0) misses.push(`${store.name}: a post to ${label}: p99 ${Math.round(fanP99)} ms, ${missedLive} missed (target p99 ${TARGETS.fanOutP99Ms} ms, none missed)`);

    // A process dies: its streams open again on the others, each after the app's jittered wait.
    const dying = servers[FAN_OUT_PROCESSES - 1];
    const left = servers.slice(0, FAN_OUT_PROCESSES - 1);
    const orphans = readers.filter((reader) => reader.url === dying?.url);
    const returns: number[] = [];
    const returnedIn: number[] = [];
    let failures = 0;
    let turn = 0;
    const reconnect = (reader: FanReader, attempt: number, since: number): void => {
      setTimeout(() => {
        const url = left[turn++ % left.length]?.url ?? '';
        const started = performance.now();
        openFanStream(reader, url, () => downs(reader)).then(
          () => {
            returns.push(started);
            returnedIn.push(performance.now() - since);
          },
          () => {
            failures += 1;
            reconnect(reader, attempt + 1, since);
          },
        );
      }, reconnectDelay(attempt));
    };
    downs = (reader) => reconnect(reader, 0, performance.now());
    const killed = performance.now();
    dying?.process.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const away = await post(FAN_OUT_POSTS + 1);
    const returnDeadline = performance.now() + 30_000;
    while (returns.length < orphans.length && performance.now() < returnDeadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await waitForAll(away.id, readers, 10_000);
    returns.sort((a, b) => a - b);
    returnedIn.sort((a, b) => a - b);
    // The busiest 100 ms of returns.
    let busiest = 0;
    for (let first = 0, last = 0; last < returns.length; last += 1) {
      while ((returns[last] ?? 0) - (returns[first] ?? 0) >= 100) first += 1;
      busiest = Math.max(busiest, last - first + 1);
    }
    const spread = returns.length > 0 ? (returns[returns.length - 1] ?? 0) - (returns[0] ?? 0) : 0;
    rows.push({ store: store.name, what: `a process dies: its ${orphans.length.toLocaleString('en')} streams open again on the ${left.length} left`, p50: Math.round(percentile(returnedIn, 50) * 10) / 10, p99: Math.round(percentile(returnedIn, 99) * 10) / 10, note: `p50/p99 from the stream's end to open again; ${returns.length.toLocaleString('en')} back, ${failures} tries refused, over ${Math.round(spread)} ms from ${Math.round((returns[0] ?? killed) - killed)} ms after the kill; at most ${busiest} in 100 ms (all ${orphans.length.toLocaleString('en')} at once without the jitter)` });
    if (returns.length < orphans.length) misses.push(`${store.name}: ${orphans.length - returns.length} of a dead process's streams not open again within 30 s`);
    const stayers = readers.filter((reader) => !orphans.includes(reader));
    for (const [who, group] of [['on the dead process, caught up on return', orphans], ['on the processes left, live', stayers]] as const) {
      const { delays, fromSent, first, missed } = delaysOf(away.id, away, group);
      delays.sort((a, b) => a - b);
      const resets = group.reduce((sum, reader) => sum + reader.resets, 0);
      rows.push({ store: store.name, what: `a post made while a process is dead -> post-created at the streams ${who}`, p50: Math.round(percentile(delays, 50) * 10) / 10, p99: Math.round(percentile(delays, 99) * 10) / 10, note: `max ${Math.round(delays[delays.length - 1] ?? 0)} ms; ${sentNote(fromSent, first, delays.length)}; ${missed > 0 ? `${missed} not arrived` : `all ${delays.length.toLocaleString('en')} arrived`}; ${resets} told to load again` });
      if (missed > 0) misses.push(`${store.name}: a post made while a process was dead: ${missed} streams ${who} never had it`);
    }
  } finally {
    downs = () => undefined;
    for (const reader of readers) reader.close();
    for (const server of servers) {
      if (server.process.exitCode === null && server.process.signalCode === null) await server.stop();
    }
  }
}

// ---- The answer cache's version check: the same reads with it and without it ----

/**
 * How many times network_state has been read, by any statement (PostgreSQL's own counters). A
 * backend adds its reads to them when it exits, if not before: read once the server has stopped.
 */
async function networkStateReads(database: Database): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const [row] = await database.query('SELECT seq_scan + coalesce(idx_scan, 0) AS reads FROM pg_stat_user_tables WHERE relname = $1', ['network_state']);
  return Number(row?.reads ?? 0);
}

const VERSION_CHECK_ROUNDS = 3;
/** Calls one at a time for each variant's latency (autocannon counts whole milliseconds). */
const VERSION_CHECK_ONE_AT_A_TIME = 1_000;

/**
 * What the answer cache's version check (one read of network_state on every hit) costs a read: one
 * process on PostgreSQL, straight (no HAProxy), answering the seed feed and one post from memory,
 * with the check and with it answered from what the process heard (versionFromMemory.cjs, bench
 * only), alternately, twice each; autocannon for the rate (10 connections) and calls one at a time
 * for the latency. Each row says how often PostgreSQL's counters saw network_state read, so the
 * check is shown to be on or off. Then the check's statement alone, 10 at a time from a pool.
 */
async function benchVersionCheck(store: Store): Promise<void> {
  const reads: Array<[string, string]> = [['GET /api/posts, seed (20 posts)', '/api/posts'], ['GET /api/posts/:postId, one seed post', `/api/posts/${seedPostId(1)}`]];
  const database = await store.open();
  try {
    for (const [what, path] of reads) {
      const rates = { on: [] as number[], off: [] as number[] };
      const p50s = { on: [] as number[], off: [] as number[] };
      for (let round = 1; round <= VERSION_CHECK_ROUNDS; round += 1) {
        for (const check of ['on', 'off'] as const) {
          const readsBefore = await networkStateReads(database);
          const server = await startServer(store, check === 'off' ? ['-r', VERSION_FROM_MEMORY] : []);
          let result: Result;
          let alone: Timed;
          let bytes: number;
          try {
            // The answer is kept from the first call on.
            bytes = (await answerBytes(`${server.url}${path}`)).bytes;
            result = await load({ url: `${server.url}${path}` });
            alone = await sequentially(VERSION_CHECK_ONE_AT_A_TIME, () => fetch(`${server.url}${path}`));
          } finally {
            await server.stop();
          }
          const calls = 1 + result.requests.total + VERSION_CHECK_ONE_AT_A_TIME;
          const perCall = (await networkStateReads(database) - readsBefore) / calls;
          rates[check].push(result.requests.average);
          p50s[check].push(alone.p50);
          summarise(store.name, `${what}, one process straight, version check ${check === 'on' ? 'on' : 'off (bench only)'}, round ${round}`, result, {
            bytes,
            note: `one at a time: p50 ${alone.p50.toFixed(2)} ms, p99 ${alone.p99.toFixed(2)} ms; network_state read ${perCall.toFixed(2)} times a call`,
          });
        }
      }
      // The middle round of each: one round disturbed by other work on the machine moves it least.
      const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      const [on, off] = [median(rates.on), median(rates.off)];
      const [p50On, p50Off] = [median(p50s.on), median(p50s.off)];
      rows.push({
        store: store.name,
        what: `${what}: what the version check costs a read (medians of the rounds above)`,
        note: `${Math.round(on).toLocaleString('en')} req/s with it, ${Math.round(off).toLocaleString('en')} without (${off > 0 ? Math.round((on / off) * 100) : 0}%), `
          + `so ${on > 0 && off > 0 ? Math.round((1 / on - 1 / off) * 1e6) : 'n/a'} µs more of the machine a read at saturation; `
          + `one at a time, p50 ${(p50On - p50Off).toFixed(2)} ms more (${p50On.toFixed(2)} against ${p50Off.toFixed(2)})`,
      });
    }

    // The check's statement alone, from a pool of 10 connections, 10 at a time.
    const pool = await openPostgres({ connectionString: store.env.DATABASE_URL ?? '', max: 10 });
    try {
      const latencies: number[] = [];
      const until = performance.now() + SECONDS * 1_000;
      await Promise.all(Array.from({ length: 10 }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          await pool.query('SELECT version FROM network_state');
          latencies.push(performance.now() - started);
        }
      }));
      latencies.sort((a, b) => a - b);
      rows.push({ store: store.name, what: 'the version check\'s statement alone (SELECT version FROM network_state), 10 at a time from a pool', reqPerSec: Math.round(latencies.length / SECONDS), p50: Math.round(percentile(latencies, 50) * 100) / 100, p99: Math.round(percentile(latencies, 99) * 100) / 100 });
    } finally {
      await pool.close();
    }
  } finally {
    await database.close();
  }
}

// ---- Writes by 50 members beside the like floor ----

/** What a run of do/undo pairs measured, with the statements and the server's CPU it cost. */
interface PairRun {
  result: Result;
  calls: number;
  statements?: number;
  /** The database's connections, by what they were doing, on average over samples every 10 ms. */
  waits?: string;
  cpuMs?: number;
}

/**
 * Each member's pair of calls (`first`, then `second`), over and over, by autocannon: one connection
 * a member, closed loop. A member is lent to a connection for one pair and given back when the
 * second call is answered, so no member has two calls under way. A pair cut short by the run's end
 * is undone afterwards, so the next run starts where this one did.
 */
async function memberPairs(url: string, tokens: string[], first: (member: number) => MemberCall, second: (member: number) => MemberCall, counter?: StatementCounter, pid?: number, seconds = SECONDS): Promise<PairRun> {
  const free = tokens.map((_, member) => member);
  const lent = new Set<number>();
  const request = (call: (member: number) => MemberCall, take: boolean) => ({
    setupRequest: (req: autocannon.Request, context: Record<string, unknown>) => {
      if (take) {
        const member = free.shift();
        if (member === undefined) throw new Error('no member free: more connections than members');
        lent.add(member);
        context.member = member;
      }
      const member = Number(context.member);
      const { method, path, headers } = call(member);
      return { ...req, method, path, headers: { ...headers, authorization: tokens[member] ?? '' } };
    },
    ...(take ? {} : {
      onResponse: (_status: number, _body: string, context: Record<string, unknown>) => {
        const member = Number(context.member);
        lent.delete(member);
        free.push(member);
      },
    }),
  });
  await counter?.vacuum();
  await counter?.reset();
  const cpuBefore = pid === undefined ? 0 : cpuMs(pid);
  const tally = new Map<string, number>();
  let samples = 0;
  let loading = true;
  const sampling = (async () => {
    while (counter && loading) {
      for (const { what, n } of await counter.waits()) tally.set(what, (tally.get(what) ?? 0) + n);
      samples += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const result = await autocannon({ url, duration: seconds, connections: tokens.length, requests: [request(first, true), request(second, false)] as autocannon.Request[] });
  loading = false;
  await sampling;
  const waits = samples === 0 ? undefined : [...tally].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([what, n]) => `${what} ${(n / samples).toFixed(1)}`).join(', ');
  const cpu = pid === undefined ? undefined : cpuMs(pid) - cpuBefore;
  const statements = await counter?.count();
  const calls = result.requests.total;
  await Promise.all([...lent].map((member) => send(url, tokens[member] ?? '', second(member))));
  return { result, calls, statements, cpuMs: cpu, waits };
}

function pairRow(store: string, what: string, run: PairRun, floor: PairRun | undefined, bytes: number): Row {
  const { result } = run;
  const errors = result.non2xx + result.errors + result.timeouts;
  const perCall = (value: number | undefined) => (value === undefined || run.calls === 0 ? undefined : value / run.calls);
  const statements = perCall(run.statements);
  const cpu = perCall(run.cpuMs);
  const share = floor ? result.requests.average / floor.result.requests.average : undefined;
  const p99Times = floor && floor.result.latency.p99 > 0 ? result.latency.p99 / floor.result.latency.p99 : undefined;
  const row: Row = {
    store, what, reqPerSec: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, bytes,
    note: [
      share === undefined ? '' : `${share.toFixed(2)} of the floor's req/s, p99 ${p99Times?.toFixed(2)}x the floor's`,
      // Below one: calls on one row taken together, a statement for several (server/store/sqlStore.ts batchedByRow).
      statements === undefined ? '' : statements >= 0.95 ? `${statements.toFixed(1)} statements a call` : `${statements.toFixed(2)} statements a call (one for ${(1 / statements).toFixed(1)} calls)`,
      cpu === undefined ? '' : `server CPU ${cpu.toFixed(2)} ms a call`,
      run.waits === undefined ? '' : `connections (of the pool's 10): ${run.waits}`,
      errors > 0 ? `${errors} answers not 2xx` : '',
    ].filter(Boolean).join('; ') || undefined,
  };
  rows.push(row);
  return row;
}

/**
 * Where the store's WAL stands (bytes from its start), its settings that decide checkpoints, and its
 * last checkpoint's time: PGlite alone, read while no server holds it.
 */
async function walPosition(store: Store): Promise<{ lsn: number; maxWalSize: string; fsync: string; checkpointAt: string } | undefined> {
  if (store.name !== 'pglite') return undefined;
  const database = await store.open();
  try {
    const [row] = await database.query<{ lsn: string; max_wal_size: string; fsync: string; checkpoint_time: string }>(
      `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS lsn, current_setting('max_wal_size') AS max_wal_size, current_setting('fsync') AS fsync, checkpoint_time
       FROM pg_control_checkpoint()`,
    );
    if (!row) return undefined;
    return { lsn: Number(row.lsn), maxWalSize: row.max_wal_size, fsync: row.fsync, checkpointAt: new Date(row.checkpoint_time).toISOString() };
  } finally {
    await database.close();
  }
}

/** The answer to `call`, made once by the member, then undone by `undo`. */
async function firstAnswer(url: string, token: string, call: MemberCall, undo: MemberCall): Promise<Buffer> {
  const { bytes } = await send(url, token, call);
  await send(url, token, undo);
  return bytes;
}

/**
 * A like, a dislike, a bookmark and a follow by 50 members (closed loop, one connection each),
 * beside the like floor: bare Fastify with the same token check and the same pool, one SQL
 * statement a like (scripts/benchServer/likeFloor.cjs). Each row is judged as a share of the
 * floor's likes a second and a multiple of its p99, in the same run.
 */
async function benchWrites(store: Store, floorBodyFile: string): Promise<void> {
  await store.load(benchNetwork());
  const counter = await store.statements?.();
  const post = seedPostId(8);
  const minimal = { prefer: 'return=minimal' };
  // A like's minimal answer: its counts and the member's reaction (the reaction-counts extension).
  const counts = { prefer: 'return=minimal, reaction-counts' };
  const changeCounts = { prefer: 'return=minimal, change-counts' };
  const like = (): MemberCall => ({ method: 'POST', path: `/api/posts/like/${post}`, headers: counts });
  const dislike = (): MemberCall => ({ method: 'POST', path: `/api/posts/dislike/${post}`, headers: counts });
  try {
    // The tokens and a like's minimal answer, from the server; the floor answers the same bytes.
    let server = await startServer(store);
    const tokens = await loginAll(server.url, BENCH_USERNAMES);
    const [demo] = await loginAll(server.url, ['demo_user']);
    const likeBody = await firstAnswer(server.url, demo ?? '', like(), dislike());
    const followed = 'u-ava-reed';
    await server.stop();

    writeFileSync(floorBodyFile, likeBody);
    const floor = await startChild(LIKE_FLOOR, { ...store.env, FLOOR_BODY_FILE: floorBodyFile });
    let floorRun: PairRun;
    try {
      // Warmed as the server's second like row is: its first seconds unmeasured.
      await memberPairs(floor.url, tokens, like, dislike, counter, floor.process.pid, FLOOR_WARM_UP_SECONDS);
      floorRun = await memberPairs(floor.url, tokens, like, dislike, counter, floor.process.pid);
    } finally {
      await floor.stop();
    }
    pairRow(store.name, `floor: like/dislike pairs, ${BENCH_MEMBERS} members, one post, one statement a call (bare Fastify, the same token check and pool)`, floorRun, undefined, likeBody.length);

    const walBefore = await walPosition(store);
    server = await startServer(store);
    try {
      const likes = await memberPairs(server.url, tokens, like, dislike, counter, server.process.pid);
      const check = (what: string, run: PairRun, bytes: number, judged: 'share and p99' | 'p99 alone' = 'share and p99') => {
        const row = pairRow(store.name, what, run, floorRun, bytes);
        if (judged === 'p99 alone') {
          if (store.name === 'pglite' && run.result.latency.p99 > TARGETS.writeP99Ms.pglite) misses.push(`pglite: ${what}: p99 ${run.result.latency.p99} ms (target ${TARGETS.writeP99Ms.pglite} ms)`);
          return row;
        }
        const share = run.result.requests.average / floorRun.result.requests.average;
        const p99Times = run.result.latency.p99 / Math.max(1, floorRun.result.latency.p99);
        if (store.name === 'postgres' && (share < TARGETS.writeFloorShare || p99Times > TARGETS.writeFloorP99Times)) {
          misses.push(`postgres: ${what}: ${share.toFixed(2)} of the like floor's req/s, p99 ${p99Times.toFixed(2)}x its p99 (targets ${TARGETS.writeFloorShare}, ${TARGETS.writeFloorP99Times}x)`);
        }
        if (store.name === 'pglite' && run.result.latency.p99 > TARGETS.writeP99Ms.pglite) misses.push(`pglite: ${what}: p99 ${run.result.latency.p99} ms (target ${TARGETS.writeP99Ms.pglite} ms)`);
        return row;
      };
      // A fresh server's first seconds: its code and the database's not yet warm. Recorded beside
      // the warm floor, and judged on PGlite's p99 alone (its warm-up's target); the share of the
      // floor is judged on the row after it, the same server warm, as the floor is measured warm.
      check(`like/dislike pairs, ${BENCH_MEMBERS} members, one post, a fresh server, Prefer: return=minimal, reaction-counts`, likes, likeBody.length, 'p99 alone');
      check(`like/dislike pairs again, the same server warm, Prefer: return=minimal, reaction-counts`, await memberPairs(server.url, tokens, like, dislike, counter, server.process.pid), likeBody.length);
      // A bookmark and a follow, each answered the older way (the post; both members) and with the
      // change and its counts alone (the change-counts extension). Bytes: a first call's answer.
      for (const [name, headers] of [['return=minimal', minimal], ['return=minimal, change-counts', changeCounts]] as const) {
        const bookmark = (): MemberCall => ({ method: 'POST', path: `/api/users/bookmark/${post}`, headers });
        const unbookmark = (): MemberCall => ({ method: 'POST', path: `/api/users/remove-bookmark/${post}`, headers });
        const bookmarkBytes = (await firstAnswer(server.url, tokens[0] ?? '', bookmark(), unbookmark())).length;
        check(`bookmark/remove pairs, ${BENCH_MEMBERS} members, one post, Prefer: ${name}`, await memberPairs(server.url, tokens, bookmark, unbookmark, counter, server.process.pid), bookmarkBytes);
      }
      for (const [name, headers] of [['none (both members)', {}], ['return=minimal, change-counts', changeCounts]] as const) {
        const follow = (): MemberCall => ({ method: 'POST', path: `/api/users/follow/${followed}`, headers });
        const unfollow = (): MemberCall => ({ method: 'POST', path: `/api/users/unfollow/${followed}`, headers });
        const followBytes = (await firstAnswer(server.url, tokens[0] ?? '', follow(), unfollow())).length;
        check(`follow/unfollow pairs, ${BENCH_MEMBERS} members, one member, Prefer: ${name}`, await memberPairs(server.url, tokens, follow, unfollow, counter, server.process.pid), followBytes);
      }
    } finally {
      await server.stop();
    }
    const walAfter = await walPosition(store);
    if (walBefore && walAfter) {
      console.log(`${store.name}: the writes rows wrote ${((walAfter.lsn - walBefore.lsn) / 2 ** 20).toFixed(1)} MB of WAL (max_wal_size ${walAfter.maxWalSize}, fsync ${walAfter.fsync}); last checkpoint ${walBefore.checkpointAt} before, ${walAfter.checkpointAt} after (the server's stop makes one).`);
    }
    await likeAnswerSizes(store, post);
  } finally {
    await counter?.close();
  }
}

/**
 * A like's answer, with its counts alone and with the post, on a post that 50 and then 10,000
 * members liked (the members and their likes written in SQL: 10,000 passwords are not hashed).
 */
async function likeAnswerSizes(store: Store, post: string): Promise<void> {
  for (const likers of [50, 10_000]) {
    const database = await store.open();
    try {
      await database.query("DELETE FROM reactions WHERE post_id = $1", [post]);
      await database.query(`INSERT INTO members (id, username, first_name, last_name, password_hash, created_at, updated_at)
        SELECT 'u-liker-' || n, 'liker_' || n, 'Liker', 'Member ' || n, 'not-a-hash', now(), now() FROM generate_series(1, $1::int) AS n
        ON CONFLICT (id) DO NOTHING`, [likers]);
      await database.query(`INSERT INTO reactions (post_id, member_id, kind) SELECT $1, 'u-liker-' || n, 'like' FROM generate_series(1, $2::int) AS n`, [post, likers]);
    } finally {
      await database.close();
    }
    const server = await startServer(store);
    try {
      const [demo] = await loginAll(server.url, ['demo_user']);
      const react = (kind: 'like' | 'dislike', prefer: string) => fetch(`${server.url}/api/posts/${kind}/${post}`, { method: 'POST', headers: { authorization: demo ?? '', prefer } });
      const countsOnly = await sequentially(20, (n) => react(n % 2 === 0 ? 'like' : 'dislike', 'return=minimal, reaction-counts'));
      timedRow(store.name, `like's answer, Prefer: return=minimal, reaction-counts, ${likers.toLocaleString('en')} members liked the post`, countsOnly);
      if (countsOnly.bytes >= 1024) misses.push(`${store.name}: a like's counts answer is ${countsOnly.bytes} bytes at ${likers} likes (target under 1 KB)`);
      timedRow(store.name, `like's answer, Prefer: return=minimal (the post), ${likers.toLocaleString('en')} members liked the post`, await sequentially(4, (n) => react(n % 2 === 0 ? 'like' : 'dislike', 'return=minimal')));
    } finally {
      await server.stop();
    }
  }
}

// ---- Through HAProxy: the seed feed and likes with 1, 2 and 3 processes ----

const CLUSTER_SIZES = [1, 2, 3];
/** The posts the members like and take back, one each in turn (ten rows to lock, not one). */
const CLUSTER_LIKED_POSTS = 10;
const BENCH_SECRET = 'bench-cluster-secret-0123456789-abcdefghijklmnop';

function startBenchCluster(store: Store, processes: number, haproxyBin: string, port: number, env: Record<string, string> = {}): Promise<RunningCluster> {
  return startServerCluster({
    command: process.execPath,
    args: [SERVER_MAIN],
    env: { ...store.env, JWT_SECRET: BENCH_SECRET, ...QUIET, ...env },
    processes,
    host: '127.0.0.1',
    port,
    proxiesInFront: 0,
    haproxyBin,
  });
}

function floorShare(run: number, floor: number): string {
  return floor > 0 ? `${Math.round((run / floor) * 100)}% of the floor's req/s` : 'no floor';
}

/**
 * The seed feed and like/dislike pairs through HAProxy (server/cluster.ts, as `npm run cluster`
 * starts it) with 1, 2 and 3 processes on one PostgreSQL, and the seed feed straight to one process,
 * each beside a floor of the same loader in the same run: what the balancer (a connection of its own
 * to a process for every call) costs (the answer cache's version check, in every one of these rows,
 * is set apart by benchVersionCheck). Recorded, not judged.
 */
async function benchCluster(store: Store, floorBodyFile: string): Promise<void> {
  const haproxyBin = findHaproxy(process.env.HAPROXY_BIN);
  if (!haproxyBin) throw new Error(HAPROXY_INSTALL_HINT);
  const where = `${store.name}, HAProxy`;
  await store.load(benchNetwork());
  const postOf = (member: number) => seedPostId(1 + (member % CLUSTER_LIKED_POSTS));
  const lastCall = new Map<number, number>();
  const like = (member: number, n: number) => {
    lastCall.set(member, n);
    return { method: 'POST', path: `/api/posts/${n % 2 === 0 ? 'like' : 'dislike'}/${postOf(member)}`, headers: { prefer: 'return=minimal' } };
  };

  await benchVersionCheck(store);

  // The floors: the seed feed's bytes by autocannon, a like's minimal answer by the members' loader.
  const first = await startBenchCluster(store, 1, haproxyBin, await freePort());
  let feedFloor: Result;
  let likeFloor: MemberRun;
  let feed: Buffer;
  let likeBody: Buffer;
  try {
    feed = (await answerBytes(`${first.url}/api/posts`)).body;
    const [token] = await loginAll(first.url, BENCH_USERNAMES.slice(0, 1));
    likeBody = await firstAnswer(first.url, token ?? '', like(0, 0), like(0, 1));
    // Straight to the one process, without HAProxy.
    const straight = await load({ url: `${first.servers[0]?.url ?? ''}/api/posts` });
    feedFloor = await onFloor(feed, floorBodyFile, (url) => load({ url: `${url}/api/posts` }));
    summarise(store.name, 'floor: the seed feed\'s bytes from memory (autocannon)', feedFloor, { bytes: feed.length });
    summarise(store.name, 'GET /api/posts, seed, straight to one process (no HAProxy)', straight, { bytes: feed.length, note: floorShare(straight.requests.average, feedFloor.requests.average) });
    const tokens = await loginAll(first.url, BENCH_USERNAMES);
    likeFloor = await onFloor(likeBody, floorBodyFile, (url) => asMembers(url, tokens, like));
    memberRow(store.name, `floor: a like's minimal answer from memory (${BENCH_MEMBERS} members' loader)`, likeFloor).bytes = likeBody.length;
  } finally {
    await first.close();
  }

  for (const processes of CLUSTER_SIZES) {
    const cluster = await startBenchCluster(store, processes, haproxyBin, await freePort());
    try {
      const label = `${processes} process${processes > 1 ? 'es' : ''}`;
      // Every process has answered the feed once: each keeps its own answer cache.
      await sequentially(processes * 4, () => fetch(`${cluster.url}/api/posts`));
      const reads = await load({ url: `${cluster.url}/api/posts` });
      summarise(where, `GET /api/posts, seed, ${label}`, reads, { bytes: feed.length, note: floorShare(reads.requests.average, feedFloor.requests.average) });

      const tokens = await loginAll(cluster.url, BENCH_USERNAMES);
      lastCall.clear();
      const run = await asMembers(cluster.url, tokens, like);
      const row = memberRow(where, `like/dislike pairs, ${BENCH_MEMBERS} members on ${CLUSTER_LIKED_POSTS} posts, Prefer: return=minimal, ${label}`, run);
      row.bytes = likeBody.length;
      row.note = [floorShare(run.reqPerSec, likeFloor.reqPerSec), `p50 ${ratio(run.p50, likeFloor.p50)}, p99 ${ratio(run.p99, likeFloor.p99)} the floor's`, row.note].filter(Boolean).join('; ');
      // A member whose last call was a like takes it back: the next size starts where this one did.
      await Promise.all([...lastCall].filter(([, n]) => n % 2 === 0).map(([member]) => send(cluster.url, tokens[member] ?? '', like(member, 1))));
    } finally {
      await cluster.close();
    }
  }
}

/**
 * The feed and a post page through HAProxy with 1, 2 and 3 processes, without and with a streaming
 * replica (DATABASE_REPLICA_URLS), read by the members' loader (a member's read is never kept, so
 * each goes to the database: the primary, or the replica), beside the floor answering the same bytes
 * to the same loader in the same run. Then the visitors' feed (kept answers) with 3 processes under
 * READ_CONSISTENCY=session (the default) and strict, beside its floor: what the stricter rule costs.
 * Recorded, not judged.
 */
async function benchReplicas(store: Store, floorBodyFile: string): Promise<void> {
  const haproxyBin = findHaproxy(process.env.HAPROXY_BIN);
  if (!haproxyBin) throw new Error(HAPROXY_INSTALL_HINT);
  if (!store.replica) return;
  const where = `${store.name}, HAProxy`;
  await store.load(benchNetwork());
  const pages = [
    { what: 'GET /api/posts (the feed), as members', path: '/api/posts' },
    { what: `GET /api/posts/${seedPostId(1)} (a post page), as members`, path: `/api/posts/${seedPostId(1)}` },
  ];
  const floors = new Map<string, { bytes: Buffer; run: MemberRun }>();
  const first = await startBenchCluster(store, 1, haproxyBin, await freePort());
  try {
    const tokens = await loginAll(first.url, BENCH_USERNAMES);
    for (const page of pages) {
      const bytes = (await send(first.url, tokens[0] ?? '', { method: 'GET', path: page.path })).bytes;
      const run = await onFloor(bytes, floorBodyFile, (url) => asMembers(url, tokens, () => ({ method: 'GET', path: page.path })));
      memberRow(store.name, `floor: ${page.what.replace(', as members', '')}'s bytes from memory (${BENCH_MEMBERS} members' loader)`, run).bytes = bytes.length;
      floors.set(page.path, { bytes, run });
    }
  } finally {
    await first.close();
  }
  const replica = await store.replica();
  try {
    for (const replicas of [0, 1]) {
      for (const processes of CLUSTER_SIZES) {
        const cluster = await startBenchCluster(store, processes, haproxyBin, await freePort(), replicas > 0 ? { DATABASE_REPLICA_URLS: replica.url } : {});
        try {
          const label = `${processes} process${processes > 1 ? 'es' : ''}, ${replicas > 0 ? 'a replica' : 'no replica'}`;
          const tokens = await loginAll(cluster.url, BENCH_USERNAMES);
          for (const page of pages) {
            const floor = floors.get(page.path);
            await sequentially(processes * 4, () => fetch(`${cluster.url}${page.path}`, { headers: { authorization: tokens[0] ?? '' } }));
            const run = await asMembers(cluster.url, tokens, () => ({ method: 'GET', path: page.path }));
            const row = memberRow(where, `${page.what}, ${label}`, run);
            row.bytes = floor?.bytes.length;
            if (floor) row.note = [floorShare(run.reqPerSec, floor.run.reqPerSec), `p50 ${ratio(run.p50, floor.run.p50)}, p99 ${ratio(run.p99, floor.run.p99)} the floor's`, row.note].filter(Boolean).join('; ');
          }
        } finally {
          await cluster.close();
        }
      }
    }
  } finally {
    replica.stop();
  }
  // The visitors' feed, kept in each process's memory: session consistency asks PostgreSQL nothing on a hit, strict once.
  const feed = floors.get('/api/posts')?.bytes ?? Buffer.alloc(0);
  const feedFloor = await onFloor(feed, floorBodyFile, (url) => load({ url: `${url}/api/posts` }));
  summarise(store.name, 'floor: the seed feed\'s bytes from memory (autocannon)', feedFloor, { bytes: feed.length });
  for (const consistency of ['session', 'strict']) {
    const cluster = await startBenchCluster(store, 3, haproxyBin, await freePort(), { READ_CONSISTENCY: consistency });
    try {
      await sequentially(12, () => fetch(`${cluster.url}/api/posts`));
      const reads = await load({ url: `${cluster.url}/api/posts` });
      summarise(where, `GET /api/posts, seed, visitors (kept answers), 3 processes, READ_CONSISTENCY=${consistency}`, reads, { bytes: feed.length, note: floorShare(reads.requests.average, feedFloor.requests.average) });
    } finally {
      await cluster.close();
    }
  }
}

// ---- How soon the others' writes reach readers: three processes and a replica, otherwise quiet ----

/** The writer's edits; after each, its readers read until they see it. */
const REACH_WRITES = 300;
/** Each reader's reads after an edit's answer, this far apart, until one shows it. */
const REACH_STEP_MS = 5;

/** A reader as the app calls: sending back the highest network version its answers said. */
function versionedCaller(url: string, token: string | undefined) {
  let seen = 0;
  return async (method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = token;
    if (seen > 0) headers[NETWORK_VERSION_HEADER] = String(seen);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}/api${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const version = Number(response.headers.get(NETWORK_VERSION_HEADER) ?? Number.NaN);
    if (Number.isFinite(version) && version > seen) seen = version;
    return { status: response.status, json: await response.json() };
  };
}

/**
 * A writer edits one post `REACH_WRITES` times, one edit every 50 ms or so; right after each edit's
 * answer, six readers (three members, read from the replica or the primary, and three visitors,
 * answered from each process's memory too), each sending back what it has seen, read the post every
 * `REACH_STEP_MS` until it shows the edit. Each reader's delay is from the edit's answer to the
 * answer of its first read showing it (what a reader waits), and to that read's sending (the
 * network's own part: a read sent then shows it). Nothing else runs: the readers stop once they see
 * the edit, so the cluster is quiet but for them.
 */
async function benchReach(store: Store): Promise<void> {
  const haproxyBin = findHaproxy(process.env.HAPROXY_BIN);
  if (!haproxyBin) throw new Error(HAPROXY_INSTALL_HINT);
  if (!store.replica) return;
  await store.load(benchNetwork());
  const replica = await store.replica();
  try {
    const cluster = await startBenchCluster(store, 3, haproxyBin, await freePort(), { DATABASE_REPLICA_URLS: replica.url });
    try {
      const [writerToken, ...memberTokens] = await loginAll(cluster.url, BENCH_USERNAMES.slice(0, 4));
      const writer = versionedCaller(cluster.url, writerToken);
      const made = await writer('POST', '/posts', { postData: { text: 'reach try -1' } });
      const postId = (made.json as PostsResponse).posts.find((post) => post.content === 'reach try -1')?.id;
      if (made.status !== 201 || !postId) throw new Error(`the writer's post answered ${made.status}`);
      const tryOf = (json: unknown): number => Number(/try (-?\d+)$/.exec((json as PostResponse).post?.content ?? '')?.[1] ?? Number.NaN);
      const readers = [...memberTokens, undefined, undefined, undefined].map((token) => ({ member: token !== undefined, call: versionedCaller(cluster.url, token) }));
      // Every reader holds the post before the first edit (the replica has replayed it).
      for (const reader of readers) {
        const deadline = performance.now() + 10_000;
        while (tryOf((await reader.call('GET', `/posts/${postId}`)).json) !== -1) {
          if (performance.now() > deadline) throw new Error('the readers never saw the new post');
          await new Promise((resolve) => setTimeout(resolve, REACH_STEP_MS));
        }
      }
      const waited = { member: [] as number[], visitor: [] as number[] };
      const sentAfter = { member: [] as number[], visitor: [] as number[] };
      let older = 0;
      let missed = 0;
      for (let n = 0; n < REACH_WRITES; n += 1) {
        const edit = await writer('POST', `/posts/edit/${postId}`, { postData: { text: `reach try ${n}` } });
        const answered = performance.now();
        if (edit.status !== 201) throw new Error(`edit ${n} answered ${edit.status}`);
        await Promise.all(readers.map(async (reader) => {
          const kind = reader.member ? 'member' : 'visitor';
          for (;;) {
            const sent = performance.now();
            const read = await reader.call('GET', `/posts/${postId}`);
            const shown = tryOf(read.json);
            if (!(shown >= n - 1)) older += 1;
            if (shown >= n) {
              waited[kind].push(performance.now() - answered);
              sentAfter[kind].push(sent - answered);
              return;
            }
            if (performance.now() - answered > 5_000) {
              missed += 1;
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, REACH_STEP_MS));
          }
        }));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const all = [...waited.member, ...waited.visitor].sort((a, b) => a - b);
      for (const kind of ['member', 'visitor'] as const) {
        const times = waited[kind].sort((a, b) => a - b);
        const sends = sentAfter[kind].sort((a, b) => a - b);
        rows.push({
          store: `${store.name}, HAProxy`,
          what: `another's write seen by ${kind === 'member' ? 'members (the replica or the primary)' : 'visitors (kept answers too)'}, 3 processes, a replica, quiet`,
          p50: Math.round(percentile(times, 50) * 10) / 10,
          p99: Math.round(percentile(times, 99) * 10) / 10,
          note: `${times.length} reads showing one of ${REACH_WRITES} edits; the read showing it sent after p50 ${percentile(sends, 50).toFixed(1)} ms, p99 ${percentile(sends, 99).toFixed(1)} ms, max ${(sends.at(-1) ?? 0).toFixed(1)} ms; ${older} older than seen, ${missed} not seen within 5 s`,
        });
      }
      const p99 = percentile(all, 99);
      if (p99 > TARGETS.othersWritesP99Ms || older > 0 || missed > 0) misses.push(`${store.name}: another's write seen by readers: p99 ${Math.round(p99)} ms, ${older} older, ${missed} missed (target p99 ${TARGETS.othersWritesP99Ms} ms, none older or missed)`);
    } finally {
      await cluster.close();
    }
  } finally {
    replica.stop();
  }
}

/** The server compiled when older than its sources: npm run server's own step, an ES module, so in a process of its own. */
function buildServerIfStale(): void {
  const builder = pathToFileURL(join(REPOSITORY_ROOT, 'scripts', 'buildForServer.mjs')).href;
  execFileSync(process.execPath, ['--input-type=module', '-e', `import { buildServer } from ${JSON.stringify(builder)}; buildServer();`], { stdio: 'inherit' });
}

function format(value: number | undefined, digits = 0): string {
  return value === undefined ? '' : value.toLocaleString('en', { maximumFractionDigits: digits });
}

function printTable(): void {
  const header = ['store', 'what', 'req/s', 'p50 ms', 'p99 ms', 'bytes', 'note'];
  const lines = rows.map((row) => [row.store, row.what, format(row.reqPerSec), format(row.p50, 1), format(row.p99, 1), format(row.bytes), row.note ?? '']);
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}

async function main(): Promise<void> {
  buildServerIfStale();
  const out = join(REPOSITORY_ROOT, 'bench-results');
  mkdirSync(out, { recursive: true });
  console.log(`Server benchmark: ${SECONDS} s a run, loopback, rate limits off; Node ${process.version}, ${cpus().length} cores.`);
  // The cluster serves PostgreSQL alone (PGlite serves one process).
  for (const name of STORES.filter((store) => (ONLY !== 'cluster' && ONLY !== 'replicas' && ONLY !== 'reach' && ONLY !== 'fanout') || store === 'postgres')) {
    const store = name === 'postgres' ? await postgresStore() : await pgliteStore();
    try {
      if (ONLY === undefined) await benchStore(store, join(out, `floor-${name}.json`));
      if (ONLY === undefined || ONLY === 'notifications') await benchNotifications(store, join(out, `floor-${name}.json`));
      if (ONLY === undefined || ONLY === 'live') await benchLive(store);
      if ((ONLY === undefined || ONLY === 'fanout') && store.name === 'postgres') await benchFanOut(store);
      if (ONLY === undefined || ONLY === 'writes') await benchWrites(store, join(out, `floor-${name}.json`));
      if ((ONLY === undefined || ONLY === 'cluster') && store.name === 'postgres') await benchCluster(store, join(out, `floor-${name}.json`));
      if ((ONLY === undefined || ONLY === 'replicas') && store.name === 'postgres') await benchReplicas(store, join(out, `floor-${name}.json`));
      if ((ONLY === undefined || ONLY === 'replicas' || ONLY === 'reach') && store.name === 'postgres') await benchReach(store);
      if (ONLY === undefined || ONLY === 'search') await benchSearch(store, join(out, `floor-${name}.json`), out);
      if (ONLY === undefined || ONLY === 'moderation') await benchModerationQueue(store, join(out, `floor-${name}.json`));
      if (ONLY === undefined || ONLY === 'people') await benchPeople(store, join(out, `floor-${name}.json`));
      // Last: it leaves a million posts in the store.
      if (ONLY === undefined || ONLY === 'home') await benchHomeAtScale(store, join(out, `floor-${name}.json`), out);
    } finally {
      await store.close();
    }
  }
  loaderAgent.destroy();
  printTable();
  writeFileSync(join(out, 'server.json'), `${JSON.stringify({ when: new Date().toISOString(), seconds: SECONDS, rows, misses }, null, 2)}\n`);
  if (misses.length > 0) {
    console.log(`\nTargets missed:\n${misses.map((miss) => `- ${miss}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('\nEvery target met.');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
