/**
 * Public reads answered from memory while nothing has changed. Every committed write raises the
 * network's version (network_state, in the write's transaction). An answer is kept with what this
 * process had heard when it was computed, and with the versions it reflects: every write up to
 * `from` is in it, none past `to`. It is served only while this process has heard nothing since,
 * and only to a reader who has seen no version past its `from` (the version the app sends,
 * X-Network-Version); and under READ_CONSISTENCY=strict only while `network` is still the
 * database's version, checked with one read of that one-row table on every hit. While the change
 * feed (changeFeed.ts) cannot hear the other servers, nothing is served from memory.
 */
import type { ChangeFeed } from './changeFeed';

/**
 * What a read promises (README, "What a reader sees"): `session`, each member sees their own writes
 * and never an older network than they have seen, and the others' writes within the change
 * channel's delay; `strict`, a read sent after any write was answered shows it.
 */
export type ReadConsistency = 'session' | 'strict';

/** What a fresh answer is tagged with: what this process had heard, and the network's version it read (strict) or knew. */
export interface Stamp {
  heard: number;
  network: number;
}

/** The network versions an answer reflects: every write up to `from` is in it, none past `to`. */
export interface Reflects {
  from: number;
  to: number;
}

interface Entry extends Stamp, Reflects {
  body: Buffer;
}

export interface LookupOptions {
  /** The highest network version the reader has seen (0: none said). */
  needs?: number;
  /** strict by default: the database's version is read on every hit. */
  consistency?: ReadConsistency;
}

export interface AnswerCache {
  /**
   * The answer kept for `key` (and the last version it reflects) when it may be served; otherwise
   * the stamp to give the answer about to be computed (undefined while caching is off).
   */
  lookup(key: string, options?: LookupOptions): Promise<{ body: Buffer; version: number } | { stamp: Stamp | undefined }>;
  /** Keeps `body`, computed under `stamp`, reflecting `reflects` (by default, the stamp's network version). */
  set(key: string, stamp: Stamp | undefined, body: Buffer, reflects?: Reflects): void;
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
  const served = (key: string, entry: Entry): { body: Buffer; version: number } => {
    // Recently used: to the end of the line.
    entries.delete(key);
    entries.set(key, entry);
    return { body: entry.body, version: entry.to };
  };
  return {
    async lookup(key, { needs = 0, consistency = 'strict' } = {}) {
      // What this process had heard, read before the database's version: a write heard meanwhile
      // makes the stamp old, and set() then refuses the answer.
      const heard = changes.version();
      if (heard === undefined) {
        drop(key);
        return { stamp: undefined };
      }
      if (entries.get(key)?.heard !== heard) drop(key);
      if (consistency === 'session') {
        // Nothing heard since it was computed, and it holds what the reader has seen: no question to the database.
        const entry = entries.get(key);
        if (entry && entry.from >= needs) return served(key, entry);
        return { stamp: { heard, network: changes.heardNetwork() } };
      }
      const network = await changes.networkVersion();
      const entry = entries.get(key);
      if (entry && entry.network === network && entry.heard === changes.version() && entry.from >= needs) return served(key, entry);
      drop(key);
      return { stamp: { heard, network } };
    },
    set(key, stamp, body, reflects) {
      if (stamp === undefined || stamp.heard !== changes.version() || body.length > maxBytes) return;
      const { from, to } = reflects ?? { from: stamp.network, to: stamp.network };
      // An answer computed at an older version never replaces a newer one.
      const kept = entries.get(key);
      if (kept && (kept.network > stamp.network || kept.to > to)) return;
      drop(key);
      entries.set(key, { ...stamp, from, to, body });
      bytes += body.length;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
  };
}
