/**
 * Public reads answered from memory while nothing has changed. Every committed write moves the
 * network to a new version; an answer is kept with the version it was computed from and served only
 * while that is still the version. Several servers on one PostgreSQL learn of each other's writes
 * through LISTEN/NOTIFY; while that channel is down, nothing is served from memory.
 */
import pg from 'pg';
import type { Committed, EventHub } from '../contract/stream';
import type { Database } from './db/database';
import type { CommittedWrite } from './store/events';

/** The channel every server notifies after a committed write (its version and events) and listens on. */
export const CHANGES_CHANNEL = 'socialconnect_changes';

/** Every committed write, as every server process hears of it: the answer cache and the live streams. */
export interface ChangeFeed extends EventHub {
  /** The network's version as this process knows it; undefined while it cannot know (caching off). */
  version(): number | undefined;
  /** This process committed a write (its answers are out of date at once, before the notification). */
  changed(): void;
  close(): Promise<void>;
}

/**
 * What the listening connection hears, told to the streams in the order of the commits: a write's
 * events, or a reset where some may have been missed (a write without events, a notification that
 * never came while the connection was down).
 */
function changeFeed(): ChangeFeed & { heard(payload: string): void; lost(): void; back(): void } {
  const listeners = new Set<(committed: Committed) => void>();
  let version = 0;
  let listening = false;
  /** The network's version after the last write heard; undefined when what came before is unknown. */
  let heardVersion: number | undefined;
  const publish = (committed: Committed): void => listeners.forEach((listener) => listener(committed));
  return {
    version: () => (listening ? version : undefined),
    changed: () => {
      version += 1;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    heard(payload) {
      version += 1;
      const write = JSON.parse(payload) as CommittedWrite;
      const first = write.events[0];
      const contiguous = first !== undefined && (heardVersion === undefined || first.id === heardVersion + 1);
      heardVersion = write.version;
      publish(contiguous ? { events: write.events } : { reset: true });
    },
    lost() {
      listening = false;
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

/** One process alone on its store (PGlite): it hears its own commits. */
export async function pgliteChanges(database: Database): Promise<ChangeFeed> {
  const feed = changeFeed();
  await database.listen?.(CHANGES_CHANNEL, (payload) => feed.heard(payload));
  feed.back();
  return feed;
}

/**
 * Writes by any server on the database, heard over a connection of its own that LISTENs on the
 * channel. When it drops, the version is unknown until it is back (and then everything is stale).
 */
export async function postgresChanges(connectionString: string, retryMs = 1_000): Promise<ChangeFeed> {
  const feed = changeFeed();
  let closed = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    let gone = false;
    // Called once per connection, however many ways it fails: one retry each, never a growing crowd.
    const lost = (): void => {
      if (gone) return;
      gone = true;
      feed.lost();
      next.removeAllListeners();
      // A dying connection may report more than one failure: the later ones are expected.
      next.on('error', () => undefined);
      next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), retryMs);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', ({ payload }) => feed.heard(payload ?? ''));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      lost();
      throw error;
    }
    if (closed) {
      lost();
      return;
    }
    client = next;
    feed.back();
  };

  try {
    await connect();
  } catch (error) {
    // Start-up fails: no retries behind the caller's back.
    closed = true;
    if (retry) clearTimeout(retry);
    throw error;
  }
  return {
    ...feed,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await feed.close();
      client?.removeAllListeners();
      client?.on('error', () => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}

interface Entry {
  version: number;
  body: Buffer;
}

export interface AnswerCache {
  /** The answer kept for `key`, if it was computed at the current version. */
  get(key: string): Buffer | undefined;
  /** The version to tag an answer with: read it before computing the answer. */
  version(): number | undefined;
  set(key: string, version: number | undefined, body: Buffer): void;
}

/** At most `maxBytes` of answers, the least recently used leaving first. */
export function createAnswerCache(changes: ChangeFeed, maxBytes = 64 * 1024 * 1024): AnswerCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string): void => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };
  return {
    get(key) {
      const entry = entries.get(key);
      const current = changes.version();
      if (!entry) return undefined;
      if (current === undefined || entry.version !== current) {
        drop(key);
        return undefined;
      }
      // Recently used: to the end of the line.
      entries.delete(key);
      entries.set(key, entry);
      return entry.body;
    },
    version: () => changes.version(),
    set(key, version, body) {
      if (version === undefined || version !== changes.version() || body.length > maxBytes) return;
      drop(key);
      entries.set(key, { version, body });
      bytes += body.length;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
  };
}
