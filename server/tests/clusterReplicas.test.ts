/**
 * Three server processes behind HAProxy on one PostgreSQL and a streaming replica of it
 * (DATABASE_REPLICA_URLS), with the default READ_CONSISTENCY (session), all on loopback: every
 * answer says the network version it reflects (X-Network-Version) and every call sends back the
 * highest its member has seen, as the app does. A writer and 20 readers: none reads an older
 * network than they have seen, the writer always reads their own last write, and the others' writes
 * reach the readers within a bound measured here. The replica paused (pg_wal_replay_pause()): still
 * none reads older than they have seen, the replica leaves the reads past REPLICA_LAG_MAX_MS with
 * one line from each process, and its share of the reads returns once it replays again. The replica
 * stopped while left out for its lag: each process says in one line that it does not answer, and
 * every read is answered by the primary.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { LoginResponse, PostResponse, PostsResponse } from '../../contract/api';
import { NETWORK_VERSION_HEADER } from '../../contract/networkVersion';
import { SEED_PASSWORD, SEED_USER_IDS } from '../../contract/seed/default';
import { sized } from '../../contract/tests/size';
import { createTokenService } from '../../contract/tokens';
import { findHaproxy, HAPROXY_INSTALL_HINT, startServerCluster, type RunningCluster } from '../cluster';
import { REPOSITORY_ROOT } from '../config';
import { compiledEntry } from '../testing/compiledServer';
import { startCluster, startReplica, type Cluster, type Replica } from '../testing/postgresCluster';
import { freePortsInARow } from '../testing/freePorts';
import { steadyPort } from '../testing/steadyPort';
import { until } from '../testing/until';

jest.setTimeout(60_000);

const SECRET = 'cluster-replica-test-secret-0123456789-abcdefghij';
const LAG_MAX_MS = 300;
/**
 * The writer's tries beside 20 readers. A try is about 45 calls (the writer's edit and read, the
 * readers' reads meanwhile) and takes about 0.2 s with the machine otherwise idle, more than 0.3 s
 * beside the other suites of a run: 300 keep the default run well inside its bound, `--full` runs 1,000.
 */
const TRIES = sized(300, 1_000);
/** The case's bound; its tries stop 20 s before it, so that it fails saying how far it got and leaves no calls running into the next case. */
const TRIES_BOUND_MS = sized(300_000, 900_000);
const MEMBERS = [['ava', 'demo_user'], ['liam', 'liam_chen'], ['maya', 'maya_patel'], ['noah', 'noah_kim'], ['zoe', 'zoe_martin']] as const;

let primary: Cluster;
let replica: Replica;
let cluster: RunningCluster;
let metricsPort: number;
const tokens: string[] = [];
/** Each process's log lines. */
const output = new Map<string, string[]>();

beforeAll(async () => {
  const haproxyBin = findHaproxy(process.env.HAPROXY_BIN);
  if (!haproxyBin) throw new Error(HAPROXY_INSTALL_HINT);
  primary = await startCluster();
  replica = await startReplica(primary);
  metricsPort = await freePortsInARow(3);
  cluster = await startServerCluster({
    command: process.execPath,
    args: [compiledEntry('main')],
    env: {
      DATABASE_URL: primary.url,
      DATABASE_REPLICA_URLS: replica.url,
      REPLICA_LAG_MAX_MS: String(LAG_MAX_MS),
      JWT_SECRET: SECRET,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      STATIC_DIR: join(REPOSITORY_ROOT, 'server', 'no-app-here'),
      METRICS_PORT: String(metricsPort),
    },
    processes: 3,
    host: '127.0.0.1',
    port: await steadyPort(),
    proxiesInFront: 0,
    haproxyBin,
    drainMs: 1_000,
    onOutput: (name, line) => output.set(name, [...(output.get(name) ?? []), line]),
  });
  const service = createTokenService({ secret: SECRET });
  for (const [member, username] of MEMBERS) tokens.push(await service.sign({ id: SEED_USER_IDS[member], username, sessionVersion: 0 }));
}, 120_000);

afterAll(async () => {
  await cluster?.close();
  replica?.stop();
  primary?.stop();
}, 60_000);

/** A member (or a visitor) as the app calls: sending back the highest network version its answers said. */
class Caller {
  seen = 0;

  constructor(readonly token: string | undefined) {}

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; version: number; json: unknown }> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = this.token;
    if (this.seen > 0) headers[NETWORK_VERSION_HEADER] = String(this.seen);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${cluster.url}/api${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const version = Number(response.headers.get(NETWORK_VERSION_HEADER) ?? Number.NaN);
    const json: unknown = await response.json();
    if (Number.isFinite(version) && version > this.seen) this.seen = version;
    return { status: response.status, version, json };
  }
}

/** The number a post's text `try N` ends with. */
function tryOf(json: unknown): number {
  return Number(/try (-?\d+)$/.exec((json as PostResponse).post.content)?.[1] ?? Number.NaN);
}

/** Reads answered by the replica, summed over the three processes' /metrics. */
async function replicaReads(): Promise<number> {
  let total = 0;
  for (let index = 0; index < 3; index += 1) {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort + index}/metrics`)).text();
    total += Number(/^socialconnect_reads_total\{from="replica"\} (\d+)/m.exec(text)?.[1] ?? 0);
  }
  return total;
}

/** The processes' lines that say `words` about the replica (since `mark`, when given: from `said()`). */
function replicaLines(words: string, mark = new Map<string, number>()): string[] {
  return [...output].filter(([name]) => name !== 'haproxy' && name !== 'cluster')
    .flatMap(([name, lines]) => lines.slice(mark.get(name) ?? 0).filter((line) => line.includes('Read replica') && line.includes(words)));
}

/** When a process logged `line` (its log's `time`, ms since the epoch); undefined for a line not of its log. */
function loggedAt(line: string): number | undefined {
  try {
    const { time } = JSON.parse(line) as { time?: unknown };
    return typeof time === 'number' ? time : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Each process's lines that say `words` about the replica, logged at `since` or later, process by
 * process. By when a line was logged, not when it reached this process: a line written just before
 * a mark (a process leaving the replica out as the test's wait for it ended) can arrive after it.
 */
function replicaLinesLoggedSince(words: string, since: number): string[][] {
  return [...output].filter(([name]) => name !== 'haproxy' && name !== 'cluster').sort(([a], [b]) => a.localeCompare(b))
    .map(([, lines]) => lines.filter((line) => line.includes('Read replica') && line.includes(words) && (loggedAt(line) ?? Number.NEGATIVE_INFINITY) >= since));
}

/** Whether each of the three processes sends reads to the replica now, from their /metrics. */
async function replicaInRotation(): Promise<boolean[]> {
  const answers: boolean[] = [];
  for (let index = 0; index < 3; index += 1) {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort + index}/metrics`)).text();
    answers.push(/^socialconnect_replica_in_rotation\{[^}]*\} 1$/m.test(text));
  }
  return answers;
}

/** How many lines each process has said so far. */
function said(): Map<string, number> {
  return new Map([...output].map(([name, lines]) => [name, lines.length]));
}

/** A new post of the writer's, its text `try -1`: its id. */
async function newPost(writer: Caller): Promise<string> {
  const marker = randomUUID();
  const made = await writer.call('POST', '/posts', { postData: { text: `${marker} try -1` } });
  expect(made.status).toBe(201);
  const id = (made.json as PostsResponse).posts.find((post) => post.content.startsWith(marker))?.id;
  if (!id) throw new Error('the new post is not in the answer');
  return id;
}

/**
 * Readers reading `postId` until `stop` says so, each sending back what it has seen, from
 * `linkSeen` on (the writer's version when the post was made: its link came from the writer): answers
 * the reads made and those that showed an older network (a lower try, or a lower version, or no post)
 * than that reader had seen, and when each reader first saw each try.
 */
function readers(count: number, postId: string, stop: () => boolean, linkSeen: number): Promise<{ reads: number; older: string[]; firstSeen: Array<{ tryNumber: number; at: number; visitor: boolean }> }> {
  const older: string[] = [];
  const firstSeen: Array<{ tryNumber: number; at: number; visitor: boolean }> = [];
  let reads = 0;
  return Promise.all(Array.from({ length: count }, async (_, r) => {
    // Half of them members (read from the database: a replica or the primary), half visitors (kept answers too).
    const reader = new Caller(r % 2 === 0 ? tokens[r % tokens.length] : undefined);
    // Each has the writer's link to the post, sent once it was made: they have seen it.
    reader.seen = linkSeen;
    let last = -1;
    while (!stop()) {
      const sent = reader.seen;
      const read = await reader.call('GET', `/posts/${postId}`);
      reads += 1;
      const number = read.status === 200 ? tryOf(read.json) : Number.NaN;
      if (read.status !== 200 || !(number >= last) || !(read.version >= sent)) older.push(`reader ${r}: status ${read.status}, try ${number} (version ${read.version}) after try ${last} (version ${sent})`);
      if (number > last) firstSeen.push({ tryNumber: number, at: performance.now(), visitor: r % 2 === 1 });
      last = Math.max(last, number);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })).then(() => ({ reads, older, firstSeen }));
}

it(`shows a writer their own last write and no reader an older network than they have seen, with a writer and 20 readers across three processes and a replica: 0 in ${TRIES.toLocaleString('en')} tries`, async () => {
  const writer = new Caller(tokens[0]);
  const postId = await newPost(writer);
  const before = await replicaReads();
  const answeredAt: number[] = [];
  const own: string[] = [];
  let done = false;
  const reading = readers(20, postId, () => done, writer.seen);
  const started = performance.now();
  let tried = 0;
  try {
    for (; tried < TRIES && performance.now() - started < TRIES_BOUND_MS - 20_000; tried += 1) {
      const i = tried;
      const edit = await writer.call('POST', `/posts/edit/${postId}`, { postData: { text: `try ${i}` } });
      answeredAt[i] = performance.now();
      if (edit.status !== 201) own.push(`try ${i}: edit answered ${edit.status}`);
      const read = await writer.call('GET', `/posts/${postId}`);
      if (tryOf(read.json) !== i) own.push(`try ${i}: read try ${tryOf(read.json)}`);
    }
  } finally {
    done = true;
  }
  const { reads, older, firstSeen } = await reading;
  expect(`${tried} tries in ${((performance.now() - started) / 1_000).toFixed(0)} s`).toMatch(new RegExp(`^${TRIES} tries`));
  // The others' writes reach the readers within: from the edit's answer to the first read showing it (or a later one).
  const delaysOf = (seen: typeof firstSeen): number[] => seen.map(({ tryNumber, at }) => Math.max(0, at - (answeredAt[tryNumber] ?? at))).sort((a, b) => a - b);
  const within = (delays: number[]): string => `p50 ${(delays[Math.floor(delays.length / 2)] ?? 0).toFixed(1)} ms, p99 ${(delays[Math.ceil(0.99 * delays.length) - 1] ?? 0).toFixed(1)} ms`;
  console.log(`session consistency: ${reads} reads by 20 readers beside ${TRIES.toLocaleString('en')} writes; ${(await replicaReads()) - before} from the replica; others' writes seen within ${within(delaysOf(firstSeen))} (members ${within(delaysOf(firstSeen.filter(({ visitor }) => !visitor)))}, visitors ${within(delaysOf(firstSeen.filter(({ visitor }) => visitor)))})`);
  expect({ own, older }).toEqual({ own: [], older: [] });
  expect(reads).toBeGreaterThan(TRIES);
  expect((await replicaReads()) - before).toBeGreaterThan(0);
}, TRIES_BOUND_MS);

it('reads no older network than a member has seen while the replica is paused, leaves it out past REPLICA_LAG_MAX_MS with one line from each process, and gives it its share again once it replays', async () => {
  const writer = new Caller(tokens[0]);
  const reader = new Caller(tokens[1]);
  const postId = await newPost(writer);
  /** Reads by a member who has seen the writer's versions: how many the replica answered. */
  const shareOf = async (reads: number): Promise<number> => {
    // The reader has seen the post (a link the writer sent): no copy without it answers them.
    reader.seen = Math.max(reader.seen, writer.seen);
    const before = await replicaReads();
    for (let i = 0; i < reads; i += 1) expect((await reader.call('GET', `/posts/${postId}`)).status).toBe(200);
    return (await replicaReads()) - before;
  };
  await until(async () => (await shareOf(30)) > 0, 'the replica to answer reads', 10_000);
  // Every process reads from it again (the last case's load may have left it out for a moment), so each says when it leaves it out.
  await until(async () => (await replicaInRotation()).every(Boolean), 'each process to read from the replica', 10_000);

  const mark = said();
  await replica.pause();
  let done = false;
  const reading = readers(6, postId, () => done, writer.seen);
  const own: string[] = [];
  try {
    for (let i = 0; i < 40; i += 1) {
      await writer.call('POST', `/posts/edit/${postId}`, { postData: { text: `try ${i}` } });
      const read = await writer.call('GET', `/posts/${postId}`);
      if (tryOf(read.json) !== i) own.push(`try ${i}: read try ${tryOf(read.json)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Past the bound, each process says once that it leaves the replica out.
    await until(() => replicaLines('is left out', mark).length >= 3, 'each process to leave the paused replica out', 10_000);
  } finally {
    done = true;
  }
  const paused = await reading;
  expect({ own, older: paused.older }).toEqual({ own: [], older: [] });
  expect(replicaLines('is left out', mark)).toHaveLength(3);
  // None is sent there now, whatever they have seen.
  expect(await shareOf(60)).toBe(0);
  const answered = await reader.call('GET', `/posts/${postId}`);
  expect(tryOf(answered.json)).toBe(39);

  await replica.resume();
  await until(() => replicaLines('has caught up', mark).length >= 3, 'each process to take the replica back', 10_000);
  expect(replicaLines('has caught up', mark)).toHaveLength(3);
  expect(replicaLines('is left out', mark)).toHaveLength(3);
  expect(await shareOf(60)).toBeGreaterThan(0);
}, 120_000);

it("shows visitors another member's write once the replica that missed it is left out, with no write after it", async () => {
  const writer = new Caller(tokens[0]);
  const postId = await newPost(writer);
  const visitor = new Caller(undefined);
  // The replica has the new post, and every process reads from it.
  await until(async () => (await visitor.call('GET', `/posts/${postId}`)).status === 200, 'the replica to hold the new post', 10_000);
  await until(async () => (await replicaInRotation()).every(Boolean), 'each process to read from the replica', 10_000);
  const mark = said();
  await replica.pause();
  try {
    expect((await writer.call('POST', `/posts/edit/${postId}`, { postData: { text: 'try 0' } })).status).toBe(201);
    // Read at once, every process's first visitors' read after the write goes to the paused replica,
    // which has not replayed it; once each has left it out for its lag, the primary answers them.
    const seen: number[] = [];
    for (let i = 0; i < 6; i += 1) seen.push(tryOf((await visitor.call('GET', `/posts/${postId}`)).json));
    await until(() => replicaLines('is left out', mark).length >= 3, 'each process to leave the paused replica out', 10_000);
    for (let i = 0; i < 12; i += 1) seen.push(tryOf((await visitor.call('GET', `/posts/${postId}`)).json));
    // The last twelve, sent after every process had left the replica out: the edit, from each of them.
    expect(seen.slice(6)).toEqual(Array.from({ length: 12 }, () => 0));
  } finally {
    await replica.resume();
  }
  await until(() => replicaLines('has caught up', mark).length >= 3, 'each process to take the replica back', 10_000);
}, 60_000);

it('refuses a token the moment it is ended, even in a read a lagging replica answers: the token is checked on the primary', async () => {
  // A read sent within the lag bound of the pause goes to the replica; tried again (a new token each
  // time) only when the replica had already been left out, so that the replica's answer is what is checked.
  const tries: string[] = [];
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const login = await fetch(`${cluster.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'zoe_martin', password: SEED_PASSWORD }) });
    expect(login.status).toBe(200);
    const { encodedToken } = (await login.json()) as LoginResponse;
    const member = new Caller(encodedToken);
    // The replica has the new session: a read with it answers there.
    await until(async () => {
      const before = await replicaReads();
      expect((await member.call('GET', '/users/bookmark')).status).toBe(200);
      return (await replicaReads()) > before;
    }, 'the replica to answer the new token', 10_000);
    await replica.pause();
    try {
      expect((await member.call('POST', '/auth/logout')).status).toBe(200);
      const before = await replicaReads();
      // The member's own list, which needs the token (a public read takes an ended one as a visitor's),
      // sent as a tab that has seen nothing yet: any replica in the rotation may answer it.
      const after = await new Caller(encodedToken).call('GET', '/users/bookmark');
      const fromReplica = (await replicaReads()) > before;
      tries.push(`status ${after.status} from the ${fromReplica ? 'replica' : 'primary'}`);
      if (fromReplica) break;
    } finally {
      await replica.resume();
    }
  }
  expect(tries.at(-1)).toBe('status 401 from the replica');
}, 120_000);

it('fails no read when the replica stops, though left out for its lag already: each process says once that it does not answer, and the primary answers', async () => {
  const writer = new Caller(tokens[0]);
  const postId = await newPost(writer);
  // Paused and behind the network past the bound: every process leaves it out for its lag.
  await replica.pause();
  await until(async () => {
    await writer.call('POST', `/posts/edit/${postId}`, { postData: { text: 'try 0' } });
    return (await replicaInRotation()).every((inRotation) => !inRotation);
  }, 'each process to leave the paused replica out', 10_000);
  const mark = said();
  const stoppedFrom = Date.now();
  replica.stop();
  // One line from each process says the replica is now down, not merely behind.
  await until(() => replicaLines('does not answer', mark).length >= 3, 'each process to say the stopped replica does not answer', 10_000);
  const reader = new Caller(tokens[1]);
  reader.seen = writer.seen;
  const before = await replicaReads();
  const statuses = [];
  for (let i = 0; i < 30; i += 1) statuses.push((await reader.call('GET', `/posts/${postId}`)).status);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  expect((await replicaReads()) - before).toBe(0);
  const lines = replicaLinesLoggedSince('does not answer', stoppedFrom);
  expect({ counts: lines.map((mine) => mine.length), lines }).toEqual({ counts: [1, 1, 1], lines });
}, 60_000);
