/**
 * What a member has seen, kept for when the network is gone: the last answer to each read the app
 * made (a page of Home, Explore, Bookmarks, a profile, the notifications, a post opened), kept in
 * the browser's IndexedDB under the member's id. When a read then finds no network, its kept answer
 * is shown in its place, marked with when it was kept (lib/api/api.ts, ConnectionNotice).
 *
 * What a visitor's reads answered (the backend's health, asked on /login) is kept as VISITOR's, and
 * found for any member who asks the same.
 *
 * Bounded (OFFLINE_KEPT, the build's settings): the answers used longest ago go first once there are more than `pages` of
 * them or they weigh more than `bytes`. Logging out forgets them all, and a member logging in
 * forgets every other member's: nothing of one member is kept for the next.
 */

import { idbStore } from './idbStore';
import { env } from '../config/env';

/** Where the answers are kept: IndexedDB in the browser, a Map in tests. */
export interface KeptReadsStorage {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  clear(): Promise<void>;
}

/** An answer as kept: what the backend answered, and when (ms since 1970). */
export interface KeptRead {
  data: unknown;
  at: number;
}

/** The bound on what is kept: this many answers at most, weighing at most this many bytes (as JSON). */
export interface KeptBound {
  pages: number;
  bytes: number;
}

/**
 * The build's bound (OFFLINE_KEPT_PAGES, OFFLINE_KEPT_MB). By default 80 answers and 4 MB: Home's,
 * Explore's and Bookmarks' last pages, a few profiles, the notifications and the posts last opened,
 * with room to spare; a page of 20 posts weighs 10 to 20 KB. With no pages, nothing is kept.
 */
export const OFFLINE_KEPT: KeptBound = env.offlineKept;

interface IndexEntry {
  key: string;
  member: string;
  at: number;
  /** When last used: kept, or shown. */
  used: number;
  bytes: number;
}

/** Whose reads those made without a session are: anyone's, found for a member too. */
export const VISITOR = 'visitor';

/** The entry that lists the others: one read, at the first use, instead of a scan of the store. */
const INDEX_KEY = 'index';

export interface KeptReads {
  /** Keeps `data`, the answer to `request` asked by `member` (null: a visitor). */
  keep(member: string | null, request: string, data: unknown): Promise<void>;
  /** The answer kept for `request` asked by `member` (or, failing that, by a visitor; null: a visitor), if any. */
  find(member: string | null, request: string): Promise<KeptRead | undefined>;
  /** Forgets every answer kept, or every one but `member`'s and a visitor's. */
  forget(keepingMember?: string): Promise<void>;
  /** What is kept now: how many answers, how many bytes. */
  size(): Promise<{ pages: number; bytes: number }>;
}

export function createKeptReads({ storage, bound = OFFLINE_KEPT, now = Date.now }: { storage: KeptReadsStorage; bound?: KeptBound; now?: () => number }): KeptReads {
  let index: IndexEntry[] | undefined;
  // One change at a time: each reads the index the one before it left.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(work);
    queue = turn.catch(() => undefined);
    return turn;
  };
  const loaded = async (): Promise<IndexEntry[]> => {
    if (!index) {
      const stored = await storage.get(INDEX_KEY);
      index = Array.isArray(stored) ? (stored as IndexEntry[]) : [];
    }
    return index;
  };
  const entryKey = (member: string | null, request: string) => `read ${member ?? VISITOR} ${request}`;

  return {
    keep: (member, request, data) => inTurn(async () => {
      const entries = await loaded();
      const key = entryKey(member, request);
      const bytes = JSON.stringify(data)?.length ?? 0;
      // An answer heavier than the whole bound is not kept (and no other is let go for it).
      if (bytes > bound.bytes) return;
      const at = now();
      const others = entries.filter((entry) => entry.key !== key);
      others.push({ key, member: member ?? VISITOR, at, used: at, bytes });
      // The answers used longest ago go first.
      others.sort((a, b) => b.used - a.used);
      let total = 0;
      const kept: IndexEntry[] = [];
      const dropped: IndexEntry[] = [];
      for (const entry of others) {
        total += entry.bytes;
        (kept.length < bound.pages && total <= bound.bytes ? kept : dropped).push(entry);
      }
      index = kept;
      await storage.set(key, { data, at } satisfies KeptRead);
      await Promise.all(dropped.map((entry) => storage.del(entry.key)));
      await storage.set(INDEX_KEY, kept);
    }),
    find: (member, request) => inTurn(async () => {
      const entries = await loaded();
      const entry = entries.find((candidate) => candidate.key === entryKey(member, request)) ?? entries.find((candidate) => candidate.key === entryKey(VISITOR, request));
      if (!entry) return undefined;
      const { key } = entry;
      const kept = (await storage.get(key)) as KeptRead | undefined;
      if (!kept) return undefined;
      entry.used = now();
      await storage.set(INDEX_KEY, entries);
      return kept;
    }),
    forget: (keepingMember) => inTurn(async () => {
      if (keepingMember === undefined) {
        index = [];
        await storage.clear();
        return;
      }
      const entries = await loaded();
      const stays = (entry: IndexEntry) => entry.member === keepingMember || entry.member === VISITOR;
      const [kept, dropped] = [entries.filter(stays), entries.filter((entry) => !stays(entry))];
      index = kept;
      await Promise.all(dropped.map((entry) => storage.del(entry.key)));
      await storage.set(INDEX_KEY, kept);
    }),
    size: () => inTurn(async () => {
      const entries = await loaded();
      return { pages: entries.length, bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0) };
    }),
  };
}

let current: KeptReads | null | undefined;

/**
 * The kept reads this page uses: the browser's, made at the first use; none without IndexedDB. This
 * module loads with the first use too (loadKeptReads.ts), not with the page's first paint.
 */
export function keptReads(): KeptReads | null {
  if (current === undefined) {
    const storage = OFFLINE_KEPT.pages > 0 ? idbStore('socialconnect-offline', 'reads') : undefined;
    current = storage ? createKeptReads({ storage }) : null;
  }
  return current;
}

/** Puts `reads` in place of the browser's (tests), or none. */
export function keepReadsIn(reads: KeptReads | null): void {
  current = reads;
}
