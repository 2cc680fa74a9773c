/**
 * Several server processes on one PostgreSQL behind HAProxy, on one machine: each process listens
 * on a loopback port of its own, and HAProxy on the cluster's address checks their health
 * (GET /api/health), spreads the calls over the healthy ones, retries a call only when it could
 * not be sent (or, for a read, when the connection closed before any answer), and never retries a
 * write. A process that exits on its own is started again on its port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import { HEARTBEAT_MS } from '../contract/events';
import { errorCode, MESSAGES } from '../contract/messages';

/** Debian's HAProxy, when HAPROXY_BIN names none. */
export const HAPROXY_DEFAULT = 'haproxy';

export const HAPROXY_INSTALL_HINT = 'HAProxy is not installed. On Debian or Ubuntu: sudo apt-get install -y haproxy (or set HAPROXY_BIN to its binary).';

/** How HAProxy watches the processes: a process failing two checks in a row leaves the rotation. */
export const HEALTH_CHECKS = { interMs: 1_000, fastInterMs: 250, fall: 2, rise: 2, timeoutMs: 1_000 } as const;

export interface ClusterOptions {
  /** How one server process is started (server/main.js, or main.ts through ts-node). */
  command: string;
  args: readonly string[];
  /** The settings of every process (DATABASE_URL, JWT_SECRET, ...): PORT, HOST and TRUST_PROXY are the cluster's. */
  env: Readonly<Record<string, string>>;
  processes: number;
  /** Where HAProxy listens. */
  host: string;
  port: number;
  /** The proxies in front of HAProxy (a number; 0 for none): the processes believe one hop more. */
  proxiesInFront: number;
  haproxyBin: string;
  /** What each process and HAProxy print, line by line (`name` is s1, s2, ... or haproxy). */
  onOutput?: (name: string, line: string) => void;
  /** How long a process may take to start. */
  readyWithinMs?: number;
  /** HAProxy's client and server timeouts: how long a connection may stay silent (60 s by default). */
  idleTimeoutMs?: number;
}

export interface ClusterProcess {
  name: string;
  /** http://127.0.0.1:<port>, straight to the process. */
  url: string;
  port: number;
  /** The process now on that port (a new one after a restart). */
  current(): ChildProcess;
}

export interface RunningCluster {
  /** http://host:port, through HAProxy. */
  url: string;
  servers: ClusterProcess[];
  haproxy: ChildProcess;
  /** Stops every process (each drains as on SIGTERM), then HAProxy. */
  close(): Promise<void>;
}

/** The binary HAProxy runs from: HAPROXY_BIN, or Debian's haproxy on the PATH; undefined when missing. */
export function findHaproxy(given: string | undefined, path = process.env.PATH ?? ''): string | undefined {
  if (given) return existsSync(given) ? given : undefined;
  const dirs = [...path.split(delimiter), '/usr/sbin', '/usr/local/sbin'].filter((dir) => isAbsolute(dir));
  return dirs.map((dir) => join(dir, HAPROXY_DEFAULT)).find((file) => existsSync(file));
}

/** How long HAProxy lets a connection stay silent, unless told otherwise. */
export const IDLE_TIMEOUT_MS = 60_000;

/** The body HAProxy answers when no process can take a call. */
const UNAVAILABLE_BODY = JSON.stringify({ errors: [MESSAGES.serviceUnavailable], code: errorCode('serviceUnavailable') });

/** HAProxy's configuration for the cluster. */
export function haproxyConfig({ host, port, servers, idleTimeoutMs = IDLE_TIMEOUT_MS }: { host: string; port: number; servers: ReadonlyArray<{ name: string; port: number }>; idleTimeoutMs?: number }): string {
  // A live stream is silent for up to HEARTBEAT_MS between its comments: a shorter timeout would cut it.
  if (!(idleTimeoutMs > HEARTBEAT_MS)) throw new Error(`HAProxy's idle timeout (${idleTimeoutMs} ms) must be longer than the live stream's heartbeat (${HEARTBEAT_MS} ms).`);
  const bind = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  const { interMs, fastInterMs, fall, rise, timeoutMs } = HEALTH_CHECKS;
  return [
    'global',
    '  maxconn 4096',
    '  log stderr format raw local0 notice',
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option dontlognull',
    '  timeout connect 2s',
    '  timeout http-request 10s',
    `  timeout client ${idleTimeoutMs}ms`,
    `  timeout server ${idleTimeoutMs}ms`,
    '  timeout http-keep-alive 4s',
    `  timeout check ${timeoutMs}ms`,
    // With no process in the rotation (PostgreSQL restarting fails every health check), HAProxy
    // answers itself: in the contract's error shape, as a process would, not with its HTML page.
    `  http-error status 503 content-type "application/json; charset=utf-8" hdr X-Content-Type-Options nosniff string '${UNAVAILABLE_BODY}'`,
    '',
    'frontend socialconnect',
    `  bind ${bind}`,
    // The client's address for the processes' rate limits: appended to whatever the client sent.
    '  option forwardfor',
    '  default_backend servers',
    '',
    'backend servers',
    '  balance roundrobin',
    // Each call on a connection of its own to a process: none is ever idle there when the process
    // closes it (a kept-alive connection closing under a call resets the call).
    '  option http-server-close',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    // A process out of the rotation is checked often: once its database is back it serves again
    // within two quick checks, not two full intervals.
    `  default-server check inter ${interMs}ms fastinter ${fastInterMs}ms downinter ${fastInterMs}ms fall ${fall} rise ${rise}`,
    // A call that could not be sent goes to another process; a read also when the connection
    // closed before any answer. A write is never sent twice: it may have been stored.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    '  http-request disable-l7-retry unless METH_GET || METH_HEAD',
    ...servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port}`),
    '',
  ].join('\n');
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Calls `onLine` with each whole line a stream prints. */
function eachLine(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  let rest = '';
  stream?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    lines.forEach(onLine);
  });
  stream?.on('end', () => {
    if (rest) onLine(rest);
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startServerCluster(options: ClusterOptions): Promise<RunningCluster> {
  const { processes, host, port, haproxyBin, onOutput = () => undefined, readyWithinMs = 120_000, idleTimeoutMs } = options;
  let closing = false;
  const children: ChildProcess[] = [];

  const launch = (index: number, name: string, serverPort: number): Promise<ChildProcess> => {
    const child = spawn(options.command, [...options.args], {
      env: { ...process.env, ...options.env, HOST: '127.0.0.1', PORT: String(serverPort), TRUST_PROXY: String(options.proxiesInFront + 1) },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Signals reach it from the cluster alone: a terminal's Ctrl-C, sent to the whole group,
      // would otherwise reach it twice (and a second signal ends the drain).
      detached: true,
    });
    children[index] = child;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`Server process ${name} did not start within ${readyWithinMs / 1000} s.`));
      }, readyWithinMs);
      const take = (line: string): void => {
        onOutput(name, line);
        if (line.startsWith('SocialConnect server listening on')) {
          clearTimeout(timer);
          resolve(child);
        }
      };
      eachLine(child.stdout, take);
      eachLine(child.stderr, take);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`Server process ${name} exited (${code ?? signal}) before it listened.`));
        if (closing) return;
        // Started again on its port: HAProxy's checks take it back once it answers.
        onOutput('cluster', `Server process ${name} exited (${code ?? signal}); starting it again.`);
        setTimeout(() => {
          if (!closing) launch(index, name, serverPort).catch((error: Error) => onOutput('cluster', error.message));
        }, 1_000).unref();
      });
    });
  };

  const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
  const servers: ClusterProcess[] = ports.map((serverPort, index) => ({
    name: `s${index + 1}`,
    url: `http://127.0.0.1:${serverPort}`,
    port: serverPort,
    current: () => children[index] as ChildProcess,
  }));
  const dir = mkdtempSync(join(tmpdir(), 'socialconnect-cluster-'));
  let haproxy: ChildProcess | undefined;

  // Whatever ends this process (but kill -9) ends what it started.
  const leftBehind = (): void => {
    [...children, haproxy].forEach((child) => child?.kill('SIGKILL'));
  };
  process.once('exit', leftBehind);

  const close = async (): Promise<void> => {
    closing = true;
    process.off('exit', leftBehind);
    await Promise.all(children.map((child) => {
      child.kill('SIGTERM');
      return exited(child);
    }));
    if (haproxy) {
      // A soft stop: the connections it holds finish first.
      haproxy.kill('SIGUSR1');
      const hard = setTimeout(() => haproxy?.kill('SIGKILL'), 5_000);
      await exited(haproxy);
      clearTimeout(hard);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // Together: migrations and the seed take turns in the database (a lock each), so one applies them.
    await Promise.all(servers.map((server, index) => launch(index, server.name, server.port)));

    const configFile = join(dir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig({ host, port, servers, idleTimeoutMs }));
    // In a group of its own too: on the group's SIGINT, HAProxy would stop at once, before the processes.
    const started = spawn(haproxyBin, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    haproxy = started;
    let printed = '';
    const take = (line: string): void => {
      printed += `${line}\n`;
      onOutput('haproxy', line);
    };
    eachLine(started.stdout, take);
    eachLine(started.stderr, take);
    const deadline = Date.now() + 10_000;
    while (!(await accepts(host, port))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        throw new Error(`HAProxy did not start on ${host}:${port}:\n${printed}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    servers,
    haproxy,
    close,
  };
}
