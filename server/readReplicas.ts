/**
 * Read replicas (DATABASE_REPLICA_URLS): PostgreSQL streaming replicas that answer reads. Each is
 * asked every `pollMs` how far it has replayed, as the network version it holds (network_state is
 * raised in every write's transaction, and a replica replays commits in their order, so holding
 * version V means holding every write up to V) and as its WAL position. A read goes to a replica
 * that holds at least the version its reader has seen, else to the primary. A replica behind the
 * network for longer than `lagMaxMs`, or unreachable, is left out until it has caught up, with one
 * log line each way, one more when one left out for its lag stops answering, and one when it
 * answers again still behind (an operator's first question: is it slow, or down?). Writes, and the
 * live stream's catch-up, never come here.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { openPostgres, type Database } from './db/database';

export interface ReplicaLog {
  warn(message: string): void;
}

/** One replica as the router sees it. */
export interface ReplicaState {
  name: string;
  /** The network version it had replayed when last asked (0 before it answered). */
  version: number;
  /** Its last replayed WAL position (pg_last_wal_replay_lsn()), as PostgreSQL writes it. */
  lsn: string | undefined;
  /** How long it has been behind the network as this process knows it, in seconds (0: caught up). */
  lagSeconds: number;
  /** Whether reads may go to it: reachable, and not lagging past the bound. */
  inRotation: boolean;
}

export interface ReadReplicas {
  /** A replica in the rotation that holds at least `needs`, and the version it held when last asked; undefined: the primary. */
  pick(needs: number): { database: Database; name: string; version: number } | undefined;
  states(): ReplicaState[];
  reportTo(log: ReplicaLog): void;
  close(): Promise<void>;
}

export interface ReadReplicaOptions {
  urls: readonly string[];
  /** The highest network version this process knows committed (the change channel's). */
  knownNetwork: () => number;
  /** A replica behind the network longer than this is left out of the rotation until it catches up. */
  lagMaxMs: number;
  /** How often each replica is asked how far it has replayed. */
  pollMs?: number;
  /** Connections in each replica's pool. */
  max?: number;
  /** Whether each replica's connections keep the store's statements prepared (DATABASE_PREPARED_STATEMENTS). */
  preparedStatements?: boolean;
}

/** How many new network versions (one a poll at most) are kept to tell how long a replica has been behind. */
const KNOWN_KEPT = 10_000;

/** A replica's name in the log and in /metrics: its host, port and database, never its password. */
export function replicaName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

/** A WAL position (hex/hex) as a number of bytes. */
export function lsnBytes(lsn: string): number {
  const [high = '0', low = '0'] = lsn.split('/');
  return Number.parseInt(high, 16) * 2 ** 32 + Number.parseInt(low, 16);
}

export async function openReadReplicas({ urls, knownNetwork, lagMaxMs, pollMs = 20, max = 10, preparedStatements = true }: ReadReplicaOptions): Promise<ReadReplicas> {
  let log: ReplicaLog = { warn: () => undefined };
  let closed = false;
  /** When each network version past the slowest replica's became known here: how long a replica has been behind. */
  const knownAt: Array<{ version: number; at: number }> = [];
  const replicas = await Promise.all(urls.map(async (url) => ({
    name: replicaName(url),
    database: await openPostgres({ connectionString: url, max, preparedStatements }),
    version: 0,
    lsn: undefined as string | undefined,
    lagMs: 0,
    asking: false,
    /** Whether reads go to it, as last said (one line each way; none before the first answer). */
    state: 'unknown' as 'unknown' | 'in' | 'out',
    /** Whether its last question went unanswered. */
    unreachable: false,
  })));
  let next = 0;

  const noteKnown = (now: number): void => {
    const known = knownNetwork();
    if (known > (knownAt.at(-1)?.version ?? 0)) knownAt.push({ version: known, at: now });
    const slowest = Math.min(...replicas.map((replica) => replica.version));
    while (knownAt.length > 1 && (knownAt[1]?.version ?? 0) <= slowest) knownAt.shift();
    // A replica that stays unreachable holds the line back: at most a few minutes of it are kept.
    if (knownAt.length > KNOWN_KEPT) knownAt.splice(0, knownAt.length - KNOWN_KEPT);
  };
  /** Since when the network has held a version past `version`, as this process knows it (undefined: it does not). */
  const behindSince = (version: number): number | undefined => knownAt.find((known) => known.version > version)?.at;

  /** Puts the replica in the rotation (`out` undefined) or leaves it out, saying why (`unreachable`: it did not answer). */
  const settle = (replica: (typeof replicas)[number], out: string | undefined, unreachable = false): void => {
    const was = replica.state;
    const wasUnreachable = replica.unreachable;
    replica.state = out === undefined ? 'in' : 'out';
    replica.unreachable = unreachable;
    if (out !== undefined && was !== 'out') {
      log.warn(`Read replica ${replica.name} is left out of the reads: ${out}. Its reads go to the primary or another replica until it catches up.`);
    } else if (out !== undefined && unreachable && !wasUnreachable) {
      log.warn(`Read replica ${replica.name}, left out of the reads for its lag, now ${out}. Its reads still go to the primary or another replica.`);
    } else if (out !== undefined && !unreachable && wasUnreachable) {
      // Said not to answer, it answers again but is still behind: said, or the log would leave it down.
      log.warn(`Read replica ${replica.name} answers again, ${Math.round(replica.lagMs)} ms behind the network: still left out of the reads until it catches up.`);
    } else if (out === undefined && was === 'out') {
      log.warn(`Read replica ${replica.name} has caught up (network version ${replica.version}): reads go to it again.`);
    }
  };

  const ask = async (replica: (typeof replicas)[number]): Promise<void> => {
    if (replica.asking || closed) return;
    replica.asking = true;
    try {
      // What the network held as the question was sent: the replica's answer reflects at least that moment.
      const sentAt = performance.now();
      noteKnown(sentAt);
      const knownWhenSent = knownNetwork();
      const [row] = await replica.database.query('SELECT (SELECT version FROM network_state) AS version, pg_last_wal_replay_lsn()::text AS lsn');
      replica.version = Math.max(replica.version, Number(row?.version ?? 0));
      replica.lsn = typeof row?.lsn === 'string' ? row.lsn : undefined;
      const since = behindSince(replica.version);
      replica.lagMs = since === undefined ? 0 : Math.max(0, sentAt - since);
      noteKnown(performance.now());
      if (replica.lagMs > lagMaxMs) {
        settle(replica, `it is ${Math.round(replica.lagMs)} ms behind the network, past REPLICA_LAG_MAX_MS (${lagMaxMs} ms)`);
      } else if (replica.state !== 'out' || replica.version >= knownWhenSent) {
        // Back only once it holds all the network held when asked: not in and out again at the bound.
        settle(replica, undefined);
      } else {
        // Within the bound, not yet holding all it was asked for: still out, and answering.
        replica.unreachable = false;
      }
    } catch (error) {
      settle(replica, `it does not answer (${error instanceof Error ? error.message : String(error)})`, true);
    } finally {
      replica.asking = false;
    }
  };

  await Promise.all(replicas.map((replica) => ask(replica)));
  const poll = setInterval(() => replicas.forEach((replica) => void ask(replica)), pollMs);
  poll.unref();

  return {
    pick(needs) {
      for (let tried = 0; tried < replicas.length; tried += 1) {
        const replica = replicas[(next + tried) % replicas.length];
        if (replica && replica.state === 'in' && replica.version >= needs) {
          next = (next + tried + 1) % replicas.length;
          return { database: replica.database, name: replica.name, version: replica.version };
        }
      }
      return undefined;
    },
    states: () => replicas.map((replica) => ({
      name: replica.name, version: replica.version, lsn: replica.lsn, lagSeconds: replica.lagMs / 1_000, inRotation: replica.state === 'in',
    })),
    reportTo(next) {
      log = next;
      // What was found before there was a log to say it in.
      for (const replica of replicas) if (replica.state === 'out') log.warn(`Read replica ${replica.name} is left out of the reads: it did not answer at start. Its reads go to the primary or another replica until it answers.`);
    },
    async close() {
      closed = true;
      clearInterval(poll);
      await Promise.all(replicas.map((replica) => replica.database.close()));
    },
  };
}

/** Where the store's reads of the call being answered go (a replica), when not to the primary. */
const readingFrom = new AsyncLocalStorage<Database>();

/** Runs `work` with the store's reads going to `database`. */
export function readFrom<T>(database: Database | undefined, work: () => T): T {
  return database ? readingFrom.run(database, work) : work();
}

/** The database the store's reads of the current call go to, when not the primary. */
export function currentReadDatabase(): Database | undefined {
  return readingFrom.getStore();
}
