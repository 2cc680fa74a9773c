/**
 * Public reads answered from memory while nothing has changed. Every committed write raises the
 * network's version (network_state, in the write's transaction); an answer is kept with the version
 * it was computed at and served only while that is still the database's version, checked with one
 * read of that one-row table on every hit. So an answer from memory is never older than a write any
 * server has answered; and while the change feed (changeFeed.ts) cannot hear the other servers,
 * nothing is served from memory.
 */
import type { ChangeFeed } from './changeFeed';

/** What a fresh answer is tagged with: what this process had heard, and the network's version. */
export interface Stamp {
  heard: number;
  network: number;
}

interface Entry extends Stamp {
  body: Buffer;
}

export interface AnswerCache {
  /**
   * The answer kept for `key` when it is still the network's current one; otherwise the stamp to
   * give the answer about to be computed (undefined while caching is off).
   */
  lookup(key: string): Promise<{ body: Buffer } | { stamp: Stamp | undefined }>;
  set(key: string, stamp: Stamp | undefined, body: Buffer): void;
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
    async lookup(key) {
      // What this process had heard, read before the database's version: a write heard meanwhile
      // makes the stamp old, and set() then refuses the answer.
      const heard = changes.version();
      if (heard === undefined) {
        drop(key);
        return { stamp: undefined };
      }
      if (entries.get(key)?.heard !== heard) drop(key);
      const network = await changes.networkVersion();
      const entry = entries.get(key);
      if (entry && entry.network === network && entry.heard === changes.version()) {
        // Recently used: to the end of the line.
        entries.delete(key);
        entries.set(key, entry);
        return { body: entry.body };
      }
      drop(key);
      return { stamp: { heard, network } };
    },
    set(key, stamp, body) {
      if (stamp === undefined || stamp.heard !== changes.version() || body.length > maxBytes) return;
      // An answer computed at an older version never replaces a newer one.
      const kept = entries.get(key);
      if (kept && kept.network > stamp.network) return;
      drop(key);
      entries.set(key, { ...stamp, body });
      bytes += body.length;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
  };
}
