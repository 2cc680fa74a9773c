/**
 * Public reads answered from memory while nothing has changed. Every committed write moves the
 * network to a new version; an answer is kept with the version it was computed from and served only
 * while that is still the version. Several servers on one PostgreSQL learn of each other's writes
 * through LISTEN/NOTIFY; while that channel is down, nothing is served from memory.
 */
import pg from 'pg';

/** The channel every server notifies after a committed write and listens on. */
export const CHANGES_CHANNEL = 'socialconnect_changes';

export interface ChangeFeed {
  /** The network's version as this process knows it; undefined while it cannot know (caching off). */
  version(): number | undefined;
  /** This process committed a write. */
  changed(): void;
  close(): Promise<void>;
}

/** One process alone on its store (PGlite): its own writes are all there is. */
export function localChanges(): ChangeFeed {
  let version = 0;
  return {
    version: () => version,
    changed: () => {
      version += 1;
    },
    close: async () => undefined,
  };
}

/**
 * Writes by any server on the database, heard over a connection of its own that LISTENs on the
 * channel. When it drops, the version is unknown until it is back (and then everything is stale).
 */
export async function postgresChanges(connectionString: string, retryMs = 1_000): Promise<ChangeFeed> {
  let version = 0;
  let listening = false;
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
      listening = false;
      next.removeAllListeners();
      // A dying connection may report more than one failure: the later ones are expected.
      next.on('error', () => undefined);
      next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), retryMs);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', () => {
      version += 1;
    });
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
    // Whatever happened while nobody listened is unknown: start from a new version.
    version += 1;
    listening = true;
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
    version: () => (listening ? version : undefined),
    changed: () => {
      version += 1;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      listening = false;
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
