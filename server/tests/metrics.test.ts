/**
 * The operator's numbers (server/metrics.ts): with METRICS_PORT, /metrics answers on that port, in
 * Prometheus's format, the calls answered by route and status, the live streams open, the refusals
 * 429, the change channel, the reads by where they came from and, on PostgreSQL, the pool; the public port answers /metrics 404 with
 * no numbers; without the setting, nothing listens.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoginResponse } from '../../contract/api';
import { DEMO_CREDENTIALS, seedPostId } from '../../contract/seed/default';
import { openStream } from '../../contract/tests/streams';
import { readConfig } from '../config';
import { startServer, type RunningServer } from '../start';
import { newDataDir } from '../testing/pgliteTemplate';
import { startCluster, type Cluster } from '../testing/postgresCluster';
import { until } from '../testing/until';
import { steadyPort } from '../testing/steadyPort';

/** One sample of a scrape: its name, its labels, its value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of Prometheus's text format (comment lines left out). */
function samples(text: string): Sample[] {
  return text.split('\n').filter((line) => line !== '' && !line.startsWith('#')).map((line) => {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name = '', value = ''] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[name] = value;
    return { name: match[1] ?? '', labels, value: Number(match[3]) };
  });
}

/** The value of the sample named so with these labels (among others), or undefined when there is none. */
function valueOf(all: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return all.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value;
}

async function scrape(server: RunningServer): Promise<Sample[]> {
  if (!server.metricsUrl) throw new Error('no metrics');
  const response = await fetch(server.metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return samples(await response.text());
}

async function demoToken(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CREDENTIALS),
  });
  return ((await response.json()) as LoginResponse).encodedToken;
}

describe('a server with METRICS_PORT, on PGlite', () => {
  let dataDir: string;
  let server: RunningServer;
  let metricsPort: number;

  beforeAll(async () => {
    dataDir = await newDataDir('socialconnect-metrics-');
    // A built app: the public port answers its pages, and a path that is none of them 404.
    const staticDir = join(dataDir, 'app');
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>SocialConnect</title>');
    metricsPort = await steadyPort();
    server = await startServer(readConfig({ PORT: '0', DATA_DIR: dataDir, STATIC_DIR: staticDir, METRICS_PORT: String(metricsPort), STREAMS_PER_SESSION: '1' }));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says where /metrics answers: on loopback, on its own port', () => {
    expect(server.metricsUrl).toBe(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(server.summary).toContain(`  metrics: http://127.0.0.1:${metricsPort}/metrics`);
  });

  it('counts the calls answered by method, route as declared, and status, with their durations', async () => {
    const before = await scrape(server);
    const count = (all: Sample[], method: string, route: string, status: string) => valueOf(all, 'socialconnect_http_request_duration_seconds_count', { method, route, status }) ?? 0;
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${server.url}/api/posts/${seedPostId(1)}`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/posts/no-such-post`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);

    const after = await scrape(server);
    expect(count(after, 'GET', '/api/posts/:postId', '200') - count(before, 'GET', '/api/posts/:postId', '200')).toBe(3);
    expect(count(after, 'GET', '/api/posts/:postId', '404') - count(before, 'GET', '/api/posts/:postId', '404')).toBe(1);
    expect(count(after, 'POST', '/api/posts', '401') - count(before, 'POST', '/api/posts', '401')).toBe(1);
    // Each answer's duration falls in a bucket: the slowest (+Inf) holds them all.
    expect(valueOf(after, 'socialconnect_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/posts/:postId', status: '200', le: '+Inf' }))
      .toBe(count(after, 'GET', '/api/posts/:postId', '200'));
    expect(valueOf(after, 'socialconnect_http_request_duration_seconds_sum', { method: 'GET', route: '/api/posts/:postId', status: '200' })).toBeGreaterThan(0);
    // No call's own path (an id) becomes a label.
    expect(after.filter((sample) => sample.labels.route?.includes('no-such-post'))).toEqual([]);
  });

  it('counts the live streams open and the events written to them, and a stream refused 429 among the refusals', async () => {
    const token = await demoToken(server);
    const stream = await openStream(token, undefined, `${server.url}/api`);
    try {
      expect(valueOf(await scrape(server), 'socialconnect_live_streams')).toBe(1);
      const sentBefore = valueOf(await scrape(server), 'socialconnect_live_events_sent_total') ?? 0;
      const posted = await fetch(`${server.url}/api/posts`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify({ postData: { text: 'Counted once on my stream' } }) });
      expect(posted.status).toBe(201);
      await stream.until(1);
      // Each event the stream received, counted once (any still on its way counted once it lands).
      const sent = async () => (valueOf(await scrape(server), 'socialconnect_live_events_sent_total') ?? 0) - sentBefore;
      await until(async () => (await sent()) === stream.received.length, 'the events counted as received', 5_000);
      expect(await sent()).toBeGreaterThanOrEqual(1);
      // STREAMS_PER_SESSION=1: the session's second stream is refused.
      const refused = await fetch(`${server.url}/api/events`, { headers: { authorization: token } });
      expect(refused.status).toBe(429);
      await refused.arrayBuffer();
      const all = await scrape(server);
      expect(valueOf(all, 'socialconnect_rate_limit_refusals_total', { route: '/api/events' })).toBe(1);
    } finally {
      stream.close();
    }
    await until(async () => valueOf(await scrape(server), 'socialconnect_live_streams') === 0, 'the stream closed', 5_000);
  });

  it('counts reads by where they were answered from: a kept answer from memory, a member\'s from the primary; no replica numbers without replicas', async () => {
    const token = await demoToken(server);
    const before = await scrape(server);
    const path = `${server.url}/api/posts/${seedPostId(2)}`;
    const answers = [await fetch(path), await fetch(path), await fetch(path, { headers: { authorization: token } })];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // Every answer says the network version it reflects, the kept one too.
    expect(answers.every((answer) => /^\d+$/.test(answer.headers.get('x-network-version') ?? ''))).toBe(true);
    const all = await scrape(server);
    const grew = (from: string) => (valueOf(all, 'socialconnect_reads_total', { from }) ?? 0) - (valueOf(before, 'socialconnect_reads_total', { from }) ?? 0);
    expect({ memory: grew('memory'), primary: grew('primary'), replica: grew('replica') }).toEqual({ memory: 1, primary: 2, replica: 0 });
    expect(all.filter((sample) => sample.name.startsWith('socialconnect_replica_'))).toEqual([]);
  });

  it('counts the mail to members by what became of it, and the mail being sent', async () => {
    const token = await demoToken(server);
    const before = valueOf(await scrape(server), 'socialconnect_mail_total', { outcome: 'written' }) ?? 0;
    // No SMTP_URL: the confirmation of a new address is written to a file.
    const asked = await fetch(`${server.url}/api/account/email`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ava@example.com' }) });
    expect(asked.status).toBe(201);
    await until(async () => (valueOf(await scrape(server), 'socialconnect_mail_total', { outcome: 'written' }) ?? 0) === before + 1, 'the mail counted as written', 5_000);
    const all = await scrape(server);
    expect(valueOf(all, 'socialconnect_mail_pending')).toBe(0);
    expect(valueOf(all, 'socialconnect_mail_total', { outcome: 'failed' })).toBeUndefined();
  });

  it("says the change channel is heard, and gives the process's own numbers", async () => {
    const all = await scrape(server);
    expect(valueOf(all, 'socialconnect_change_channel_heard')).toBe(1);
    expect(valueOf(all, 'socialconnect_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(all, 'socialconnect_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    // PGlite has no pool, and no channel to wait on.
    expect(all.filter((sample) => sample.name === 'socialconnect_database_connections' || sample.name.startsWith('socialconnect_database_pool_wait'))).toEqual([]);
    expect(valueOf(all, 'socialconnect_change_channel_round_trip_seconds_count')).toBe(0);
  });

  it("answers nothing else on the metrics port, and /metrics on the public port is 404 (the app's not-found page), no numbers", async () => {
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await fetch(server.metricsUrl ?? '', { method: 'POST' })).status).toBe(404);
    const page = await fetch(`${server.url}/explore`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>SocialConnect</title>');
    const metrics = await fetch(`${server.url}/metrics`);
    expect(metrics.status).toBe(404);
    expect(await metrics.text()).not.toContain('socialconnect_');
  });
});

describe('a server without METRICS_PORT', () => {
  it('serves no numbers, and says none', async () => {
    const dataDir = await newDataDir('socialconnect-no-metrics-');
    const server = await startServer(readConfig({ PORT: '0', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-app') }));
    try {
      expect(server.metricsUrl).toBeUndefined();
      expect(server.summary).not.toContain('metrics:');
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a server with METRICS_PORT, on PostgreSQL', () => {
  let postgres: Cluster;
  let server: RunningServer;

  beforeAll(async () => {
    postgres = await startCluster();
    server = await startServer(readConfig({ PORT: '0', DATABASE_URL: postgres.url, JWT_SECRET: 'metrics-test-secret-0123456789-abcdefghijklm', STATIC_DIR: '/nowhere', METRICS_PORT: String(await steadyPort()) }));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    postgres?.stop();
  });

  it("gives the pool's connections: open, idle, waiting, and the most it opens", async () => {
    expect((await fetch(`${server.url}/api/posts/${seedPostId(1)}`)).status).toBe(200);
    const all = await scrape(server);
    expect(valueOf(all, 'socialconnect_database_connections', { state: 'max' })).toBe(10);
    expect(valueOf(all, 'socialconnect_database_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(all, 'socialconnect_database_connections', { state: 'waiting' })).toBe(0);
    expect(valueOf(all, 'socialconnect_change_channel_heard')).toBe(1);
  });

  it('times the waits for a connection from the pool: every wait counted, each within the buckets', async () => {
    const before = valueOf(await scrape(server), 'socialconnect_database_pool_wait_seconds_count') ?? 0;
    // A visitor's read no process holds yet, then a burst of them at once (10 connections at most).
    const reads = await Promise.all(Array.from({ length: 20 }, (_, i) => fetch(`${server.url}/api/posts/${seedPostId((i % 12) + 1)}?wait=${i}`)));
    expect(reads.map((read) => read.status)).toEqual(Array<number>(20).fill(200));
    const all = await scrape(server);
    const count = valueOf(all, 'socialconnect_database_pool_wait_seconds_count') ?? 0;
    expect(count - before).toBeGreaterThanOrEqual(20);
    expect(valueOf(all, 'socialconnect_database_pool_wait_seconds_bucket', { le: '+Inf' })).toBe(count);
    expect(valueOf(all, 'socialconnect_database_pool_wait_seconds_sum')).toBeGreaterThan(0);
  });

  it("times the change channel's heartbeat: every answer counted, each within the buckets", async () => {
    // A heartbeat every 200 ms: a few have come and gone within a second.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const all = await scrape(server);
    const count = valueOf(all, 'socialconnect_change_channel_round_trip_seconds_count') ?? 0;
    expect(count).toBeGreaterThanOrEqual(2);
    expect(valueOf(all, 'socialconnect_change_channel_round_trip_seconds_bucket', { le: '+Inf' })).toBe(count);
    expect(valueOf(all, 'socialconnect_change_channel_round_trip_seconds_sum')).toBeGreaterThan(0);
  });
});
