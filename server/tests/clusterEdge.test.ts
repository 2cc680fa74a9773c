/**
 * What HAProxy does at the edge of a cluster (server/cluster.ts): under `npm run cluster`, HAProxy
 * that keeps dying is started again a few times, each said in one line, then the cluster exits 1
 * naming it; in front of stand-in processes that answer who Fastify takes the client to be
 * (server/testing/clusterEcho.ts), behind proxies named by TRUST_PROXY (a number, or addresses), the
 * processes see the client and the scheme the nearest trusted proxy saw, and a caller that is no
 * trusted proxy is believed for nothing; what HAProxy answers itself is the contract's error shape.
 * The cluster suite (cluster.test.ts) runs three real server processes behind it under load.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorBody } from '../../contract/errors';
import { findHaproxy, freePort, HAPROXY_ERRORS, HAPROXY_INSTALL_HINT, HAPROXY_RESTARTS, haproxyConfig, haproxyErrorFile, startServerCluster, type ProxiesInFront, type RunningCluster } from '../cluster';
import { REPOSITORY_ROOT } from '../config';
import { compiledEntry } from '../testing/compiledServer';
import { createTestDatabase } from '../testing/serverTarget';
import { until } from '../testing/until';

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
    port: await freePort(),
    proxiesInFront,
    haproxyBin,
    drainMs: 0,
  });
  return { cluster };
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
    const port = await freePort();
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
      expect(await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running 20 s after'), 20_000))])).toBe(1);
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
