/**
 * The numbers an operator watches, in Prometheus's text format (prom-client), served at /metrics on
 * a port of their own (METRICS_PORT, on METRICS_HOST: loopback unless told otherwise), never on the
 * public one: the calls answered by route and status with their durations, the live streams open
 * and the events written to them, the rate limits' refusals, the database's connections and the waits for one (PostgreSQL's pool), mail to members, whether the change
 * channel is heard and how long its heartbeat takes, and the process's own (memory, CPU, event loop).
 */
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the app tells the numbers (server/app.ts). */
export interface AppMetrics {
  /** A call answered: its method, its route as declared ('/api/posts/:postId'), its status, how long it took. */
  answered(method: string, route: string, status: number, seconds: number): void;
  /** How many live streams this process holds open, read at each scrape. */
  countStreams(count: () => number): void;
  /** An event written to a live stream (a heartbeat's comment is none). */
  eventSent(): void;
  /** A read answered from this process's memory, a read replica, or the primary (server/readReplicas.ts). */
  readFrom?(where: 'memory' | 'replica' | 'primary'): void;
}

export interface ServerMetrics extends AppMetrics {
  registry: Registry;
  /** A heartbeat of the change channel answered after this many seconds (changeFeed.ts). */
  channelRoundTrip(seconds: number): void;
  /** A call waited this many seconds for a connection from PostgreSQL's pool (db/database.ts). */
  poolWait(seconds: number): void;
  /** A mail to a member was sent, written to a file, or failed (mail.ts). */
  mailed(outcome: 'sent' | 'written' | 'failed'): void;
}

/** What the process knows of its database and change channel, read at each scrape. */
export interface MetricsSources {
  /** PostgreSQL's pool: connections open, idle, and calls waiting for one; undefined on PGlite. */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  /** Whether the change channel is heard now (caching on). */
  channelHeard: () => boolean;
  /** The read replicas now: how far behind each is, and whether reads go to it; none without DATABASE_REPLICA_URLS. */
  replicas?: () => Array<{ name: string; lagSeconds: number; inRotation: boolean }>;
  /** How many mails to members are being sent now. */
  mailPending?: () => number;
}

/** A wait for a pool's connection, in seconds: none to speak of (half a millisecond) up to the pool's own limit (5 s). */
const POOL_WAIT_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];

/** Call durations' buckets, in seconds: from a kept answer (a millisecond) to a statement's timeout (5 s). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createMetrics(sources: MetricsSources): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'socialconnect_' });
  const durations = new Histogram({
    name: 'socialconnect_http_request_duration_seconds',
    help: 'Calls answered, by method, route and status, and how long each took.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'socialconnect_rate_limit_refusals_total',
    help: 'Calls refused 429 (a rate limit, or too many live streams for one session), by route.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const events = new Counter({
    name: 'socialconnect_live_events_sent_total',
    help: 'Events written to live streams (each stream counts its own: one write to 10 readers is 10).',
    registers: [registry],
  });
  /** A gauge without labels, whose value `read` gives when Prometheus asks. */
  const gaugeOf = (name: string, help: string, read: () => number) => new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
  let streams: () => number = () => 0;
  gaugeOf('socialconnect_live_streams', 'Live streams (/api/events) this process holds open.', () => streams());
  gaugeOf('socialconnect_change_channel_heard', 'Whether this process hears the change channel now (1), or not (0: kept answers are off).', () => (sources.channelHeard() ? 1 : 0));
  const roundTrips = new Histogram({
    name: 'socialconnect_change_channel_round_trip_seconds',
    help: "The change channel's heartbeat, asked on the connection that hears the other processes' commits: how long each took to answer (PostgreSQL only). A commit is heard within about this much.",
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const reads = new Counter({
    name: 'socialconnect_reads_total',
    help: 'Reads answered, by where from: this process\'s memory (a kept answer), a read replica, or the primary.',
    labelNames: ['from'] as const,
    registers: [registry],
  });
  const { replicas } = sources;
  if (replicas) {
    new Gauge({
      name: 'socialconnect_replica_lag_seconds',
      help: 'How long each read replica has been behind the network as this process knows it (0: caught up).',
      labelNames: ['replica'] as const,
      registers: [registry],
      collect() {
        for (const replica of replicas()) this.set({ replica: replica.name }, replica.lagSeconds);
      },
    });
    new Gauge({
      name: 'socialconnect_replica_in_rotation',
      help: 'Whether reads go to each read replica now (1), or it is left out (0: unreachable, or lagging past REPLICA_LAG_MAX_MS).',
      labelNames: ['replica'] as const,
      registers: [registry],
      collect() {
        for (const replica of replicas()) this.set({ replica: replica.name }, replica.inRotation ? 1 : 0);
      },
    });
  }
  const { pool, mailPending } = sources;
  const poolWaits = pool ? new Histogram({
    name: 'socialconnect_database_pool_wait_seconds',
    help: "How long calls waited for a connection from PostgreSQL's pool.",
    buckets: POOL_WAIT_BUCKETS,
    registers: [registry],
  }) : undefined;
  const mails = new Counter({
    name: 'socialconnect_mail_total',
    help: 'Mails to members by what became of them: sent to the SMTP server, written to a file (no SMTP_URL), or failed.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  if (mailPending) gaugeOf('socialconnect_mail_pending', 'Mails to members being sent or written now.', mailPending);
  if (pool) {
    new Gauge({
      name: 'socialconnect_database_connections',
      help: "PostgreSQL's pool: connections open (total), of them idle, calls waiting for one, and the most it opens (max).",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const now = pool();
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, now[state]);
      },
    });
  }
  return {
    registry,
    answered(method, route, status, seconds) {
      durations.observe({ method, route, status: String(status) }, seconds);
      if (status === 429) refusals.inc({ route });
    },
    countStreams(count) {
      streams = count;
    },
    eventSent() {
      events.inc();
    },
    readFrom(where) {
      reads.inc({ from: where });
    },
    channelRoundTrip(seconds) {
      roundTrips.observe(seconds);
    },
    poolWait(seconds) {
      poolWaits?.observe(seconds);
    },
    mailed(outcome) {
      mails.inc({ outcome });
    },
  };
}

/** Serves the registry at GET /metrics on host:port, and nothing else; resolves once it listens. */
export async function serveMetrics(registry: Registry, host: string, port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Only GET /metrics answers here.\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : text),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The numbers could not be read.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
