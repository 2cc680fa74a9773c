/**
 * The change feed: every committed write, as every server process hears of it, in the order of the
 * commits. Each write's transaction notifies its version and events (PostgreSQL's NOTIFY, sent at
 * commit; PGlite's in its one process), and the feed tells the live streams (their events) and the
 * answer cache (that what it holds may be stale: answerCache.ts). The PostgreSQL channel has a
 * heartbeat: while it is stalled or down, the feed says it cannot hear, and nothing is served from
 * memory.
 */
import pg from 'pg';
import { readCommittedWrite } from '../contract/eventSchemas';
import type { Committed, EventHub } from '../contract/stream';
import type { Database, Sql } from './db/database';
import { readNetworkVersion, type CommittedWrite } from './store/events';

/** The channel every server notifies after a committed write (its version and events) and listens on. */
export const CHANGES_CHANNEL = 'socialconnect_changes';

/** How the listening connection names itself in pg_stat_activity. */
export const CHANGES_APPLICATION_NAME = 'socialconnect-changes';

/**
 * Where the channel says it stalled, failed or came back (the server's logger). Each is a warning,
 * the return too: a log read from its warnings shows the end of every outage it shows. A write heard
 * that is not one (a malformed event from a SQL function) is an error.
 */
export interface ChangeLog {
  warn(message: string): void;
  error(message: string): void;
}

/** Every committed write, as every server process hears of it: the answer cache and the live streams. */
export interface ChangeFeed extends EventHub {
  /**
   * What this process has heard: a number that moves with every write it hears of (and whenever
   * the channel comes back); undefined while it cannot hear (the channel stalled or down: caching off).
   */
  version(): number | undefined;
  /**
   * The network's version as the database holds it now (PostgreSQL: one read of network_state), or
   * as this process knows it when it is the database's only user (PGlite).
   */
  networkVersion(): Promise<number>;
  /**
   * The highest network version this process knows committed: from the writes it heard, and from
   * the versions it read (0 until it knows one). Never more than the database's version.
   */
  heardNetwork(): number;
  /** A network version read from the database: known committed from now on. */
  knowNetwork(version: number): void;
  /** This process committed a write (its answers are out of date at once, before the notification). */
  changed(): void;
  /** Where the channel reports its state from now on (the server's log once it has one). */
  reportTo(log: ChangeLog): void;
  /**
   * Where each heartbeat's round trip goes, in seconds (PostgreSQL; PGlite has no channel to wait on):
   * notifications come on the same connection, in order, so a round trip bounds how late this
   * process hears another's commit.
   */
  reportRoundTripsTo(observe: (seconds: number) => void): void;
  close(): Promise<void>;
}

const SILENT: ChangeLog = { warn: () => undefined, error: () => undefined };

/** A notification's payload as a committed write, checked against the contract's event schemas. */
function readHeard(payload: string): { write: CommittedWrite } | { refused: string } {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return { refused: 'not JSON' };
  }
  return readCommittedWrite(value);
}

/**
 * What the listening connection hears, told to the streams in the order of the commits: a write's
 * events (none for a write that told nothing), or a reset where some may have been missed (a
 * notification that never came while the connection was down) or the network was replaced (a load).
 */
function changeFeed(networkVersion: (local: number) => Promise<number>) {
  const listeners = new Set<(committed: Committed) => void>();
  let version = 0;
  let listening = false;
  let stalled = false;
  let log = SILENT;
  let roundTrips: ((seconds: number) => void) | undefined;
  /** The network's version after the last write heard; undefined when what came before is unknown. */
  let heardVersion: number | undefined;
  /** The highest network version known committed (heard, or read). */
  let known = 0;
  const publish = (committed: Committed): void => listeners.forEach((listener) => listener(committed));
  return {
    version: () => (listening && !stalled ? version : undefined),
    networkVersion: () => networkVersion(version),
    heardNetwork: () => known,
    knowNetwork: (network: number) => {
      if (network > known) known = network;
    },
    changed: () => {
      version += 1;
    },
    reportTo(next: ChangeLog) {
      log = next;
    },
    log: (): ChangeLog => log,
    reportRoundTripsTo(observe: (seconds: number) => void) {
      roundTrips = observe;
    },
    roundTrip(seconds: number) {
      roundTrips?.(seconds);
    },
    subscribe(listener: (committed: Committed) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    heard(payload: string) {
      version += 1;
      const heard = readHeard(payload);
      if ('refused' in heard) {
        // Never passed on: the streams load again instead, and the log says what came.
        log.error(`A committed write's notification is not one the contract knows (${heard.refused}); the live streams load again. It was: ${payload.slice(0, 500)}`);
        heardVersion = undefined;
        publish({ reset: true });
        return;
      }
      const { write } = heard;
      if (write.version > known) known = write.version;
      // The versions it took follow the last write heard (one of its own when it told nothing):
      // otherwise a write was missed, and the streams load again.
      const contiguous = heardVersion === undefined || write.version - Math.max(1, write.events.length) === heardVersion;
      heardVersion = write.version;
      publish(contiguous && !write.reset ? { events: write.events } : { reset: true, version: write.version });
    },
    /** The connection is there but has not answered for a while: nothing from memory until it does. */
    stall() {
      stalled = true;
    },
    /** It answered again: nothing was missed (notifications arrive in order), but start afresh anyway. */
    unstall() {
      version += 1;
      stalled = false;
    },
    lost() {
      listening = false;
      stalled = false;
      heardVersion = undefined;
    },
    back() {
      // Whatever happened while nobody listened is unknown: a new version, and the streams load again.
      version += 1;
      const wasListening = listening;
      listening = true;
      if (!wasListening) publish({ reset: true });
    },
    async close() {
      listening = false;
      listeners.clear();
    },
  };
}

/** One process alone on its store (PGlite): it hears its own commits, so what it heard is the version. */
export async function pgliteChanges(database: Database): Promise<ChangeFeed> {
  const feed = changeFeed(async (local) => local);
  await database.listen?.(CHANGES_CHANNEL, (payload) => feed.heard(payload));
  feed.back();
  return feed;
}

export interface PostgresChangesOptions {
  /** Where the network's version is read (the server's pool): never the listening connection. */
  database: Sql;
  /** The pause before connecting again after the connection dropped. */
  retryMs?: number;
  /** How often the listening connection is asked a trivial question. */
  heartbeatMs?: number;
  /** Unanswered this long, the channel counts as stalled: nothing is served from memory. */
  stalledAfterMs?: number;
  /** Unanswered this long, the connection is dropped and opened again. */
  droppedAfterMs?: number;
}

/** The channel's heartbeat: a stalled channel turns caching off within a second. */
export const HEARTBEAT = { heartbeatMs: 200, stalledAfterMs: 600, droppedAfterMs: 5_000, checkEveryMs: 50 } as const;

/**
 * Writes by any server on the database, heard over a connection of its own that LISTENs on the
 * channel, with a heartbeat: a `SELECT 1` every `heartbeatMs`. Unanswered for `stalledAfterMs`,
 * caching is off until it answers; unanswered for `droppedAfterMs`, or failed, the connection is
 * dropped and opened again (and then everything is stale, and every stream loads again).
 */
export async function postgresChanges(connectionString: string, {
  database, retryMs = 1_000, heartbeatMs = HEARTBEAT.heartbeatMs, stalledAfterMs = HEARTBEAT.stalledAfterMs, droppedAfterMs = HEARTBEAT.droppedAfterMs,
}: PostgresChangesOptions): Promise<ChangeFeed> {
  const feed = changeFeed(() => readNetworkVersion(database));
  let closed = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let drop: ((reason: string) => void) | undefined;
  /** Whether the last loss was reported: one line per outage, not one per attempt to reconnect. */
  let down = false;

  // The heartbeat: one question at a time on the current connection.
  let askedAt: number | undefined;
  let answeredAt = performance.now();
  let tickedAt = performance.now();
  let stalled = false;
  const beat = setInterval(() => {
    const now = performance.now();
    // A tick that comes late means this process was busy: the answer may be waiting to be read.
    const late = now - tickedAt > stalledAfterMs / 2;
    tickedAt = now;
    const current = client;
    if (!current || late) return;
    if (askedAt === undefined && now - answeredAt >= heartbeatMs) {
      askedAt = now;
      current.query('SELECT 1').then(() => {
        if (client !== current) return;
        askedAt = undefined;
        answeredAt = performance.now();
        feed.roundTrip((answeredAt - now) / 1000);
        if (stalled) {
          stalled = false;
          feed.unstall();
          feed.log().warn('The change channel to PostgreSQL answers again: public reads are kept in memory again.');
        }
      }, () => undefined);
      return;
    }
    const waited = now - answeredAt;
    if (waited >= droppedAfterMs) {
      drop?.(`it has not answered for ${Math.round(waited)} ms`);
    } else if (waited >= stalledAfterMs && !stalled) {
      stalled = true;
      feed.stall();
      feed.log().warn(`The change channel to PostgreSQL has not answered for ${Math.round(waited)} ms: public reads are computed afresh until it does.`);
    }
  }, HEARTBEAT.checkEveryMs);
  beat.unref();

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: CHANGES_APPLICATION_NAME, keepAlive: true });
    let gone = false;
    // Called once per connection, however many ways it fails: one retry each, never a growing crowd.
    const lost = (reason: string): void => {
      if (gone) return;
      gone = true;
      if (client === next) client = undefined;
      stalled = false;
      askedAt = undefined;
      feed.lost();
      if (!closed && !down) {
        down = true;
        feed.log().warn(`The change channel to PostgreSQL is down (${reason}): public reads are computed afresh, connecting again every ${retryMs} ms.`);
      }
      next.removeAllListeners();
      // A dying connection may report more than one failure: the later ones are expected.
      next.on('error', () => undefined);
      // With a question unanswered (a stalled peer), pg destroys the socket rather than wait on it.
      next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), retryMs);
    };
    next.on('error', (error) => lost(error.message));
    next.on('end', () => lost('the connection ended'));
    next.on('notification', ({ payload }) => feed.heard(payload ?? ''));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      lost(error instanceof Error ? error.message : String(error));
      throw error;
    }
    if (closed) {
      lost('closing');
      return;
    }
    client = next;
    drop = (reason) => lost(reason);
    askedAt = undefined;
    answeredAt = performance.now();
    feed.back();
    if (down) {
      down = false;
      feed.log().warn('The change channel to PostgreSQL is back: public reads are kept in memory again.');
    }
  };

  try {
    await connect();
  } catch (error) {
    // Start-up fails: no retries behind the caller's back.
    closed = true;
    clearInterval(beat);
    if (retry) clearTimeout(retry);
    throw error;
  }
  return {
    version: feed.version,
    networkVersion: async () => {
      const network = await feed.networkVersion();
      feed.knowNetwork(network);
      return network;
    },
    heardNetwork: feed.heardNetwork,
    knowNetwork: feed.knowNetwork,
    changed: feed.changed,
    reportTo: feed.reportTo,
    reportRoundTripsTo: feed.reportRoundTripsTo,
    subscribe: feed.subscribe,
    async close() {
      closed = true;
      clearInterval(beat);
      if (retry) clearTimeout(retry);
      await feed.close();
      const last = client;
      client = undefined;
      last?.removeAllListeners();
      last?.on('error', () => undefined);
      await last?.end().catch(() => undefined);
    },
  };
}
