/**
 * Several server processes on one PostgreSQL behind HAProxy, on one machine: each process listens
 * on a loopback port of its own, and HAProxy on the cluster's address checks their health
 * (GET /api/health), spreads the calls over the healthy ones, retries a call only when it could
 * not be sent (or, for a read, when the connection closed before any answer), and never retries a
 * write. HAProxy is the edge: it says who the client is (X-Forwarded-For) and how it came
 * (X-Forwarded-Proto) itself, from its own connection to the processes' one address that they
 * believe, and answers what it generates itself in the contract's error shape. A process that exits
 * on its own is started again on its port, and so is HAProxy (a few times a minute at most).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import { errorBody } from '../contract/errors';
import { HEARTBEAT_MS } from '../contract/events';
import { MESSAGE_STATUS, type MessageKey } from '../contract/messages';
import { REQUEST_ID } from './app';

/** Debian's HAProxy, when HAPROXY_BIN names none. */
export const HAPROXY_DEFAULT = 'haproxy';

export const HAPROXY_INSTALL_HINT = 'HAProxy is not installed. On Debian or Ubuntu: sudo apt-get install -y haproxy (or set HAPROXY_BIN to its binary).';

/** How HAProxy watches the processes: a process failing two checks in a row leaves the rotation. */
export const HEALTH_CHECKS = { interMs: 1_000, fastInterMs: 250, fall: 2, rise: 2, timeoutMs: 1_000 } as const;

/**
 * The loopback address HAProxy connects to the processes from. The processes believe
 * X-Forwarded-For and X-Forwarded-Proto from it alone: a client that reaches a process's own port
 * (from 127.0.0.1, or from anywhere else) is counted by its own address, whatever it writes.
 */
export const BALANCER_ADDRESS = '127.0.0.2';

/** HAProxy dying this often is not a mishap: the cluster stops, saying so, rather than start it again. */
export const HAPROXY_RESTARTS = { max: 3, withinMs: 60_000 } as const;

/** Where a soft-stopped HAProxy is given time to pass on what it accepted before the processes close. */
const HANDOVER_MS = 1_000;

/**
 * The proxies in front of HAProxy, as the cluster's TRUST_PROXY names them: how many (0 for none), or
 * their addresses (named ranges such as `loopback` too).
 */
export type ProxiesInFront = number | readonly string[];

export interface ClusterOptions {
  /** How one server process is started (server/main.js, or main.ts through ts-node). */
  command: string;
  args: readonly string[];
  /**
   * The settings of every process (DATABASE_URL, JWT_SECRET, ...): PORT, HOST, TRUST_PROXY and
   * DRAIN_SECONDS are the cluster's; METRICS_PORT is the first process's, each next one's the next port.
   */
  env: Readonly<Record<string, string>>;
  processes: number;
  /** Where HAProxy listens. */
  host: string;
  port: number;
  proxiesInFront: ProxiesInFront;
  haproxyBin: string;
  /** What each process and HAProxy print, line by line (`name` is s1, s2, ..., haproxy, or cluster for the cluster's own). */
  onOutput?: (name: string, line: string) => void;
  /** How long a process may take to start. */
  readyWithinMs?: number;
  /** HAProxy's client and server timeouts: how long a connection may stay silent (60 s by default). */
  idleTimeoutMs?: number;
  /** How long the cluster keeps answering after SIGTERM while balancers in front stop sending (DRAIN_SECONDS in env, else 5 s). */
  drainMs?: number;
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
  /** HAProxy now (a new one after a restart). */
  readonly haproxy: ChildProcess;
  /** Settles when the cluster cannot go on (HAProxy keeps dying, or cannot start again), with why. */
  failed: Promise<Error>;
  /**
   * Stops the cluster: the processes drain together, kept in HAProxy's rotation, while HAProxy
   * accepts calls; HAProxy then stops accepting, and the processes finish what they hold and exit.
   */
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

/** The statuses HAProxy answers itself, each in the contract's error shape. */
/**
 * The paths of the creates that read an Idempotency-Key (contract/routes.ts), as a regular
 * expression HAProxy reads (no spaces, no backslashes).
 */
export const KEYED_CREATE_PATHS = '^/api/(auth/signup|posts|posts/[^/]+/replies)$';

export const HAPROXY_ERRORS: Readonly<Record<number, MessageKey>> = {
  400: 'badRequest',
  408: 'requestTimeout',
  500: 'serverError',
  502: 'badGateway',
  503: 'serviceUnavailable',
  504: 'gatewayTimeout',
};

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request', 408: 'Request Timeout', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

/** HAProxy's errorfile for a status: a whole HTTP answer whose body is the error shape, as a process answers. */
export function haproxyErrorFile(status: number): string {
  const key = HAPROXY_ERRORS[status];
  if (!key || MESSAGE_STATUS[key] !== status) throw new Error(`HAProxy has no error answer for ${status}.`);
  const body = JSON.stringify(errorBody(key));
  return [
    `HTTP/1.1 ${status} ${REASONS[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    // A request HAProxy could not read leaves nothing to keep the connection for.
    ...(status === 400 || status === 408 ? ['Connection: close'] : []),
    '',
    body,
  ].join('\r\n');
}

/** TRUST_PROXY's named ranges, as HAProxy's `src` takes them. */
const NAMED_RANGES: Readonly<Record<string, string>> = {
  loopback: '127.0.0.0/8 ::1',
  linklocal: '169.254.0.0/16 fe80::/10',
  uniquelocal: '10.0.0.0/8 172.16.0.0/12 192.168.0.0/16 fc00::/7',
};

/** The TRUST_PROXY of every process: HAProxy's address, and the proxies in front of it when named. */
export function processTrustProxy(proxiesInFront: ProxiesInFront): string {
  return [BALANCER_ADDRESS, ...(typeof proxiesInFront === 'number' ? [] : proxiesInFront)].join(',');
}

/**
 * How HAProxy says who the client is and how it came. With a number of proxies in front, the client
 * is the address the farthest of them saw (that many entries from the end of X-Forwarded-For), or
 * the connection's when fewer are there; X-Forwarded-For carries that one address on. With their
 * addresses, what they sent is kept (and the processes walk it, believing those addresses), and a
 * call from anywhere else is believed for nothing. With none, HAProxy sees the client itself.
 */
function clientRules(proxiesInFront: ProxiesInFront): string[] {
  const edge = [
    // No TLS ends in this HAProxy: a call that came to it straight came over plain HTTP.
    '  http-request set-header X-Forwarded-Proto http',
    '  http-request del-header X-Forwarded-Host',
  ];
  if (typeof proxiesInFront !== 'number') {
    const trusted = proxiesInFront.map((address) => NAMED_RANGES[address] ?? address).join(' ');
    return [
      `  acl from_trusted_proxy src ${trusted}`,
      '  http-request set-var(txn.client) src',
      ...edge.map((rule) => `${rule} unless from_trusted_proxy`),
      '  option forwardfor',
    ];
  }
  const hops = proxiesInFront;
  return [
    '  http-request set-var(txn.client) src',
    ...(hops > 0 ? [`  http-request set-var(txn.client) req.hdr_ip(x-forwarded-for,-${hops}) if { req.hdr_ip(x-forwarded-for,-${hops}) -m found }`] : []),
    '  http-request set-header X-Forwarded-For %[var(txn.client)]',
    // Behind proxies that HAProxy cannot tell from clients by address, the nearest one's word on the scheme is kept.
    ...(hops > 0 ? [] : edge),
  ];
}

/** HAProxy's configuration for the cluster; its error answers and runtime socket are in `dir`. */
export function haproxyConfig({ host, port, servers, dir, proxiesInFront = 0, idleTimeoutMs = IDLE_TIMEOUT_MS }: {
  host: string;
  port: number;
  servers: ReadonlyArray<{ name: string; port: number }>;
  dir: string;
  proxiesInFront?: ProxiesInFront;
  idleTimeoutMs?: number;
}): string {
  // A live stream is silent for up to HEARTBEAT_MS between its comments: a shorter timeout would cut it.
  if (!(idleTimeoutMs > HEARTBEAT_MS)) throw new Error(`HAProxy's idle timeout (${idleTimeoutMs} ms) must be longer than the live stream's heartbeat (${HEARTBEAT_MS} ms).`);
  const bind = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  const { interMs, fastInterMs, fall, rise, timeoutMs } = HEALTH_CHECKS;
  return [
    'global',
    '  maxconn 4096',
    // A port another program holds is refused, not shared (HAProxy would otherwise bind it beside it).
    '  noreuseport',
    // The cluster's own line to HAProxy: at a stop, the processes stay in the rotation while they drain.
    `  stats socket ${join(dir, 'haproxy.sock')} mode 600 level admin`,
    '',
    'defaults',
    '  mode http',
    '  option dontlognull',
    '  timeout connect 2s',
    '  timeout http-request 10s',
    `  timeout client ${idleTimeoutMs}ms`,
    `  timeout server ${idleTimeoutMs}ms`,
    // Longer than the clients' own idle limit (Node's fetch: 4 s): a client closes an idle connection
    // before HAProxy does, so none sends a call on a connection closing under it (a write sent so is lost).
    '  timeout http-keep-alive 10s',
    `  timeout check ${timeoutMs}ms`,
    // What HAProxy answers itself (no process in the rotation, a process that died holding a call,
    // one too slow) is in the contract's error shape, as a process would answer, not its HTML page.
    ...Object.keys(HAPROXY_ERRORS).map((status) => `  errorfile ${status} ${join(dir, `${status}.http`)}`),
    '',
    'frontend socialconnect',
    `  bind ${bind}`,
    // The access log: one line per call on stdout (client, request id, method, path, status, bytes,
    // milliseconds, process, how it ended). HAProxy's notices (a process down or up) are its own
    // lines on stderr, once each: only this frontend logs.
    '  log stdout format raw local0 info',
    '  log-format "%[var(txn.client)] %[var(txn.request_id)] %HM %HPO %ST %B %Ta %s %tsc"',
    // The request id: the client's when the processes would keep it, else one of HAProxy's own, so
    // this line, the process's and the answer all carry the same.
    `  http-request set-var(txn.request_id) req.fhdr(x-request-id) if { req.fhdr(x-request-id) -m reg ${REQUEST_ID.source} }`,
    '  http-request set-var(txn.request_id) uuid() unless { var(txn.request_id) -m found }',
    '  http-request set-header X-Request-Id %[var(txn.request_id)]',
    '  http-after-response set-header X-Request-Id %[var(txn.request_id)] if { var(txn.request_id) -m found }',
    ...clientRules(proxiesInFront),
    // The API's answers, compressed for a client that takes gzip (libslz: fast, about gzip's lowest
    // level): the members list or a page of posts is mostly repeated keys. The app's own files come
    // compressed already (their build's copies), and the live stream (text/event-stream) is left as
    // it is, each event reaching its reader when written.
    '  compression algo gzip',
    '  compression type application/json',
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
    // within two quick checks, not two full intervals. Its connections come from the one address the
    // processes believe.
    `  default-server check inter ${interMs}ms fastinter ${fastInterMs}ms downinter ${fastInterMs}ms fall ${fall} rise ${rise} source ${BALANCER_ADDRESS}`,
    // A call that could not be sent goes to another process; a read also when the connection
    // closed before any answer (a process killed holding it), and so does a create sent with an
    // Idempotency-Key, which is stored once however often it comes. Any other write is never sent
    // twice: it may have been stored. A call is kept whole before it is sent, so it can be sent again.
    '  option http-buffer-request',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    `  acl keyed_create path -m reg ${KEYED_CREATE_PATHS}`,
    '  acl keyed_create_sent req.hdr(idempotency-key) -m found',
    '  http-request disable-l7-retry unless METH_GET || METH_HEAD || METH_POST keyed_create keyed_create_sent',
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
export function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Whether this machine lets a connection start from BALANCER_ADDRESS (Linux routes all of 127.0.0.0/8 to loopback). */
function balancerAddressUsable(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(0, BALANCER_ADDRESS, () => probe.close(() => resolve(true)));
  });
}

/** One command on HAProxy's runtime socket (several separated by `;`): what it answered. */
function haproxyCommand(socketPath: string, command: string, withinMs = 2_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let answer = '';
    socket.setTimeout(withinMs, () => socket.destroy(new Error(`HAProxy did not answer "${command}" within ${withinMs} ms.`)));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
    });
    socket.once('error', reject);
    socket.once('close', () => resolve(answer));
    socket.end(`${command}\n`);
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

/** How a process ended, in a word: its exit code or the signal that ended it. */
function howEnded(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ?? `exit code ${code}`;
}

export async function startServerCluster(options: ClusterOptions): Promise<RunningCluster> {
  const { processes, host, port, haproxyBin, onOutput = () => undefined, readyWithinMs = 120_000, idleTimeoutMs, proxiesInFront } = options;
  // Given, or the processes' own setting, or the server's default.
  const drainMs = options.drainMs ?? (options.env.DRAIN_SECONDS ? Number(options.env.DRAIN_SECONDS) * 1_000 : 5_000);
  if (!(await balancerAddressUsable())) {
    throw new Error(`HAProxy connects to the processes from ${BALANCER_ADDRESS}, which this machine does not have. On macOS: sudo ifconfig lo0 alias ${BALANCER_ADDRESS}`);
  }
  let closing: Promise<void> | undefined;
  const children: ChildProcess[] = [];

  const launch = (index: number, name: string, serverPort: number): Promise<ChildProcess> => {
    const child = spawn(options.command, [...options.args], {
      env: {
        ...process.env,
        ...options.env,
        HOST: '127.0.0.1',
        PORT: String(serverPort),
        TRUST_PROXY: processTrustProxy(proxiesInFront),
        DRAIN_SECONDS: String(drainMs / 1_000),
        // Each process's numbers on a port of its own: METRICS_PORT for the first, the next ports for the others.
        ...(options.env.METRICS_PORT ? { METRICS_PORT: String(Number(options.env.METRICS_PORT) + index) } : {}),
      },
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
  const configFile = join(dir, 'haproxy.cfg');
  const socketPath = join(dir, 'haproxy.sock');
  let haproxy: ChildProcess | undefined;
  let fail: (error: Error) => void = () => undefined;
  const failed = new Promise<Error>((resolve) => {
    fail = resolve;
  });

  // Whatever ends this process (but kill -9) ends what it started.
  const leftBehind = (): void => {
    [...children, haproxy].forEach((child) => child?.kill('SIGKILL'));
  };
  process.once('exit', leftBehind);

  /** Starts HAProxy and waits until it accepts connections on host:port. */
  const startHaproxy = async (): Promise<ChildProcess> => {
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
      if (started.exitCode !== null || started.signalCode !== null || Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(`HAProxy did not start on ${host}:${port}:\n${printed}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    started.once('exit', (code, signal) => restartHaproxy(howEnded(code, signal)));
    return started;
  };

  /** When HAProxy died on its own: started again, said in one line; past the bound, the cluster fails. */
  const deaths: number[] = [];
  const restartHaproxy = (how: string): void => {
    if (closing) return;
    const now = Date.now();
    deaths.push(now);
    while ((deaths[0] ?? now) <= now - HAPROXY_RESTARTS.withinMs) deaths.shift();
    if (deaths.length > HAPROXY_RESTARTS.max) {
      fail(new Error(`HAProxy exited ${deaths.length} times within ${HAPROXY_RESTARTS.withinMs / 1_000} s (the last: ${how}); the cluster stops.`));
      return;
    }
    const restart = deaths.length;
    startHaproxy().then(
      () => onOutput('cluster', `HAProxy exited (${how}); started again on ${host}:${port} (restart ${restart} of at most ${HAPROXY_RESTARTS.max} in ${HAPROXY_RESTARTS.withinMs / 1_000} s).`),
      (error: Error) => fail(new Error(`HAProxy exited (${how}) and could not start again: ${error.message}`)),
    );
  };

  const close = (): Promise<void> => {
    closing ??= (async () => {
      process.off('exit', leftBehind);
      const balancer = haproxy && haproxy.exitCode === null && haproxy.signalCode === null ? haproxy : undefined;
      // The processes drain together (their health answering 503, every other call served), kept in
      // the rotation meanwhile: HAProxy goes on sending them calls, and passes their 503 health on to
      // a balancer in front, which stops sending.
      if (balancer) {
        await haproxyCommand(socketPath, servers.map((server) => `disable health servers/${server.name}`).join('; '))
          .catch((error: Error) => onOutput('cluster', `HAProxy did not keep the processes in its rotation: ${error.message}`));
      }
      const draining = children.map((child) => {
        child.kill('SIGTERM');
        return exited(child);
      });
      const processesExited = Promise.all(draining);
      // HAProxy stops accepting a moment before the processes do, so what it accepted reaches one.
      const handover = Math.min(HANDOVER_MS, drainMs / 2);
      let handoverAt: NodeJS.Timeout | undefined;
      await Promise.race([new Promise((resolve) => (handoverAt = setTimeout(resolve, drainMs - handover))), processesExited]);
      clearTimeout(handoverAt);
      if (balancer) {
        onOutput('cluster', `HAProxy stops accepting connections on ${host}:${port}; the processes finish what they hold.`);
        // A soft stop: the connections it holds finish first.
        balancer.kill('SIGUSR1');
      }
      await processesExited;
      if (balancer) {
        const hard = setTimeout(() => balancer.kill('SIGKILL'), 5_000);
        await exited(balancer);
        clearTimeout(hard);
      }
      rmSync(dir, { recursive: true, force: true });
    })();
    return closing;
  };

  try {
    // Together: migrations and the seed wait for a lock each in the database, so one applies them.
    await Promise.all(servers.map((server, index) => launch(index, server.name, server.port)));
    for (const status of Object.keys(HAPROXY_ERRORS)) writeFileSync(join(dir, `${status}.http`), haproxyErrorFile(Number(status)));
    writeFileSync(configFile, haproxyConfig({ host, port, servers, dir, proxiesInFront, idleTimeoutMs }));
    await startHaproxy();
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    servers,
    get haproxy() {
      return haproxy as ChildProcess;
    },
    failed,
    close,
  };
}
