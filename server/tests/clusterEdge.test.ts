/**
 * What HAProxy does at the edge of a cluster (server/cluster.ts): under `npm run cluster`, HAProxy
 * that keeps dying is started again a few times, each said in one line, then the cluster exits 1
 * naming it; in front of stand-in processes that answer who Fastify takes the client to be
 * (server/testing/clusterEcho.ts), behind proxies named by TRUST_PROXY (a number, or addresses), the
 * processes see the client and the scheme the nearest trusted proxy saw, and a caller that is no
 * trusted proxy is believed for nothing; a call whose process closed the connection with no answer is
 * sent again when that cannot store it twice (a read, a create with an Idempotency-Key) and answered
 * 502 otherwise; what HAProxy answers itself is the contract's error shape; a JSON answer goes
 * gzipped to a client that takes it, and the live stream as it is.
 * The cluster suite (cluster.test.ts) runs three real server processes behind it under load.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { errorBody } from '../../contract/errors';
import { ROUTES } from '../../contract/routes';
import { findHaproxy, HAPROXY_ERRORS, HAPROXY_INSTALL_HINT, HAPROXY_RESTARTS, haproxyConfig, haproxyErrorFile, KEYED_CREATE_PATHS, startServerCluster, type ProxiesInFront, type RunningCluster } from '../cluster';
import { REPOSITORY_ROOT } from '../config';
import { compiledEntry } from '../testing/compiledServer';
import { createTestDatabase } from '../testing/serverTarget';
import { until } from '../testing/until';
import { steadyPort } from '../testing/steadyPort';

const haproxyBin = findHaproxy(process.env.HAPROXY_BIN) ?? '';

/** A cluster of one stand-in process behind HAProxy. */
async function echoCluster(proxiesInFront: ProxiesInFront): Promise<{ cluster: RunningCluster }> {
  if (!haproxyBin) throw new Error(HAPROXY_INSTALL_HINT);
  const cluster = await startServerCluster({
    command: process.execPath,
    args: [compiledEntry('testing/clusterEcho')],
    env: { PATH: process.env.PATH ?? '' },
    processes: 1,
    host: '127.0.0.1',
    port: await steadyPort(),
    proxiesInFront,
    haproxyBin,
    drainMs: 0,
  });
  return { cluster };
}

/** One echo cluster (no proxies in front) for the tests of a describe block: started before them, closed after. */
function echoClusterForEach(): () => RunningCluster {
  let cluster: RunningCluster | undefined;
  beforeAll(async () => {
    ({ cluster } = await echoCluster(0));
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
  });
  return () => {
    if (!cluster) throw new Error('The echo cluster did not start.');
    return cluster;
  };
}

/** Every process under `pid`, read from /proc (Linux). */
function descendants(pid: number): number[] {
  let children: string[];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean));
  } catch {
    return [];
  }
  return children.map(Number).flatMap((child) => [child, ...descendants(child)]);
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

describe('npm run cluster when HAProxy keeps dying', () => {
  it(`starts it again ${HAPROXY_RESTARTS.max} times a minute, saying so each time; the next time it stops and exits 1, naming HAProxy`, async () => {
    if (!haproxyBin) throw new Error(HAPROXY_INSTALL_HINT);
    const database = await createTestDatabase();
    const port = await steadyPort();
    const cluster = spawn(process.execPath, [compiledEntry('clusterMain')], {
      cwd: REPOSITORY_ROOT,
      env: {
        PATH: process.env.PATH ?? '', DATABASE_URL: database.url, JWT_SECRET: 'cluster-edge-secret-0123456789-abcdefghijklmnop', HAPROXY_BIN: haproxyBin,
        HOST: '127.0.0.1', PORT: String(port), CLUSTER_PROCESSES: '1', DRAIN_SECONDS: '0', LOG_LEVEL: 'warn', SEED: 'off',
        STATIC_DIR: join(REPOSITORY_ROOT, 'server', 'no-app-here'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    cluster.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    cluster.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => cluster.on('exit', (code) => resolve(code)));
    const under = new Set<number>();
    try {
      await until(() => stdout.includes('SocialConnect cluster listening on'), 'the cluster to listen', 60_000);
      for (let death = 1; death <= HAPROXY_RESTARTS.max + 1; death += 1) {
        descendants(cluster.pid ?? 0).forEach((pid) => under.add(pid));
        const haproxy = descendants(cluster.pid ?? 0).find((pid) => commandOf(pid) === 'haproxy');
        if (!haproxy) throw new Error(`no HAProxy under the cluster:\n${stdout}${stderr}`);
        process.kill(haproxy, 'SIGKILL');
        if (death <= HAPROXY_RESTARTS.max) {
          await until(() => stdout.includes(`cluster: HAProxy exited (SIGKILL); started again on 127.0.0.1:${port} (restart ${death} of at most 3 in 60 s).`), `HAProxy started again (${death})`, 10_000);
          expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
        }
      }
      let giveUp: NodeJS.Timeout | undefined;
      const stillRunning = new Promise((resolve) => (giveUp = setTimeout(() => resolve('still running 20 s after'), 20_000)));
      expect(await Promise.race([exited, stillRunning]).finally(() => clearTimeout(giveUp))).toBe(1);
      expect(stderr).toBe('SocialConnect cluster: HAProxy exited 4 times within 60 s (the last: SIGKILL); the cluster stops.\n');
      // Its server process went with it.
      expect([...under].filter((pid) => commandOf(pid) !== '')).toEqual([]);
    } finally {
      if (cluster.exitCode === null) cluster.kill('SIGKILL');
      for (const pid of under) if (commandOf(pid) !== '') process.kill(pid, 'SIGKILL');
      await database.drop();
    }
  }, 120_000);
});

describe('who the client is, behind the proxies TRUST_PROXY names', () => {
  /** What the process saw of a call sent to HAProxy with these headers (from 127.0.0.1). */
  async function seen(cluster: RunningCluster, headers: Record<string, string>): Promise<unknown> {
    const response = await fetch(`${cluster.url}/anything`, { headers });
    return response.json();
  }

  const forged = { 'x-forwarded-for': '6.6.6.6, 203.0.113.9', 'x-forwarded-proto': 'https' };

  it.each<[string, ProxiesInFront, unknown]>([
    // None: HAProxy is the edge, and says itself who called and how.
    ['none (off)', 0, { ip: '127.0.0.1', protocol: 'http', forwardedFor: '127.0.0.1' }],
    // One in front (this test acting as it): the address it saw, and its word on the scheme.
    ['one, by number', 1, { ip: '203.0.113.9', protocol: 'https', forwardedFor: '203.0.113.9' }],
    // By address, this test's 127.0.0.1 among them: believed likewise, the processes walking the hops.
    ['by address, this caller among them', ['10.0.0.5', 'loopback'], { ip: '203.0.113.9', protocol: 'https', forwardedFor: '6.6.6.6, 203.0.113.9, 127.0.0.1' }],
    // By address, this caller not among them: nothing it wrote is believed.
    ['by address, this caller not among them', ['10.0.0.5'], { ip: '127.0.0.1', protocol: 'http', forwardedFor: '6.6.6.6, 203.0.113.9, 127.0.0.1' }],
  ])('%s', async (_what, proxiesInFront, expected) => {
    const { cluster } = await echoCluster(proxiesInFront);
    try {
      expect(await seen(cluster, forged)).toEqual(expected);
    } finally {
      await cluster.close();
    }
  }, 60_000);
});

describe('what HAProxy compresses', () => {
  const cluster = echoClusterForEach();

  /** A call as a browser sends it (`accept-encoding` or not): the answer's headers and its bytes as they came. */
  function raw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(`${cluster().url}${path}`, { agent: false, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
  }

  const words = { words: Array.from({ length: 5_000 }, () => 'word') };

  it('sends a JSON answer gzipped to a client that takes gzip, the same JSON once unzipped', async () => {
    const answer = await raw('/api/anything', { 'x-repeat': '5000', 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({ 'content-encoding': 'gzip', vary: expect.stringMatching(/accept-encoding/i) });
    const plain = gunzipSync(answer.bytes);
    expect(JSON.parse(plain.toString('utf8'))).toEqual(words);
    expect(answer.bytes.length).toBeLessThan(plain.length / 10);
  }, 30_000);

  it('sends it as it is to a client that does not say it takes gzip', async () => {
    const answer = await raw('/api/anything', { 'x-repeat': '5000' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual(words);
  }, 30_000);

  it('leaves the live stream as it is, each event readable as written', async () => {
    const answer = await raw('/api/events', { 'x-repeat': '3', 'accept-encoding': 'gzip' });
    expect(answer.headers).toMatchObject({ 'content-type': 'text/event-stream' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.bytes.toString('utf8')).toBe('event: echo\ndata: {"n":0}\n\nevent: echo\ndata: {"n":1}\n\nevent: echo\ndata: {"n":2}\n\n');
  }, 30_000);
});

describe('a call whose process closed the connection with no answer', () => {
  const cluster = echoClusterForEach();

  /** A call on a connection of its own, the first process it reaches closing it unanswered. */
  function dropped(method: string, path: string, headers: Record<string, string>, mark: string): Promise<{ status: number; body: unknown }> {
    const body = method === 'GET' ? undefined : JSON.stringify({ postData: { text: 'Sent once?' } });
    return new Promise((resolve, reject) => {
      const request = httpRequest(`${cluster().url}${path}`, {
        method,
        agent: false,
        headers: { ...headers, 'x-drop-first': mark, ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}) },
      }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  const key = { 'idempotency-key': 'f3b1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d' };
  it.each<[string, string, string, Record<string, string>]>([
    ['a read', 'GET', '/api/posts/p1', {}],
    ['a post with an Idempotency-Key', 'POST', '/api/posts', key],
    ['a reply with an Idempotency-Key', 'POST', '/api/posts/p1/replies', key],
    ['a signup with an Idempotency-Key', 'POST', '/api/auth/signup', key],
  ])('%s is sent again, and answered', async (_what, method, path, headers) => {
    expect(await dropped(method, path, headers, randomUUID())).toEqual({ status: 200, body: { calls: 2 } });
  }, 30_000);

  it.each<[string, string, string, Record<string, string>]>([
    ['a post with no Idempotency-Key', 'POST', '/api/posts', {}],
    ['a like, which reads no Idempotency-Key', 'POST', '/api/posts/like/p1', key],
    ['a delete', 'DELETE', '/api/posts/p1', key],
  ])('%s is not sent again: 502, in the error shape', async (_what, method, path, headers) => {
    const mark = randomUUID();
    expect(await dropped(method, path, headers, mark)).toEqual({ status: 502, body: errorBody('badGateway') });
    // Sent again by the caller, it is the process's second: HAProxy had sent it once.
    expect(await dropped(method, path, headers, mark)).toEqual({ status: 200, body: { calls: 2 } });
  }, 30_000);

  it('HAProxy knows every create that reads an Idempotency-Key, and only those', () => {
    const keyed = new RegExp(KEYED_CREATE_PATHS);
    const routes = ROUTES.map((spec) => `${spec.method.toUpperCase()} /api${spec.path.replace(/:[A-Za-z]+/g, 'p1')}`);
    expect(routes.filter((route) => route.startsWith('POST ') && keyed.test(route.slice(5))))
      .toEqual(ROUTES.filter((spec) => spec.idempotent).map((spec) => `POST /api${spec.path.replace(/:[A-Za-z]+/g, 'p1')}`));
  });
});

describe("HAProxy's own answers", () => {
  it.each(Object.entries(HAPROXY_ERRORS))('%s is the error shape, with its length, and HAProxy takes it', (status, key) => {
    const file = haproxyErrorFile(Number(status));
    const [head = '', body = ''] = file.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${status} [A-Z]`));
    expect(head).toContain('\r\nContent-Type: application/json; charset=utf-8\r\n');
    expect(head).toContain(`\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`);
    expect(head).toContain('\r\nX-Content-Type-Options: nosniff');
    expect(JSON.parse(body)).toEqual(errorBody(key));
  });

  it.each<[string, ProxiesInFront]>([['no proxy', 0], ['two by number', 2], ['by address', ['10.0.0.5', 'uniquelocal']]])('the configuration holds for %s (haproxy -c)', (_what, proxiesInFront) => {
    if (!haproxyBin) throw new Error(HAPROXY_INSTALL_HINT);
    const dir = mkdtempSync(join(tmpdir(), 'socialconnect-haproxy-check-'));
    try {
      for (const status of Object.keys(HAPROXY_ERRORS)) writeFileSync(join(dir, `${status}.http`), haproxyErrorFile(Number(status)));
      writeFileSync(join(dir, 'haproxy.cfg'), haproxyConfig({ host: '127.0.0.1', port: 1, servers: [{ name: 's1', port: 2 }], dir, proxiesInFront }));
      // Throws, with HAProxy's complaint, when it is not valid.
      expect(execFileSync(haproxyBin, ['-c', '-f', join(dir, 'haproxy.cfg')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).toContain('Configuration file is valid');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
