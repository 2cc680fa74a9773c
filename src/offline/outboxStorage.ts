/**
 * Where the outbox's waiting writes (outboxSlice.ts) are kept between visits: the browser's
 * IndexedDB, one entry per member, so closing the tab or the browser loses none of them. Each
 * change is one read-and-write of the member's entry in one transaction, so two tabs of the same
 * member each add theirs.
 */

import { idbStore } from './idbStore';
import type { WaitingWrite } from './outboxSlice';

export interface OutboxStorage {
  get(key: string): Promise<unknown>;
  update(key: string, change: (old: unknown) => unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
  clear(): Promise<void>;
}

export interface KeptOutbox {
  /** The member's waiting writes, oldest first. */
  load(member: string): Promise<WaitingWrite[]>;
  add(write: WaitingWrite): Promise<void>;
  /** Takes these writes (by id) off the member's. */
  remove(member: string, ids: readonly string[]): Promise<void>;
  /** Forgets every member's writes, or every one's but `keepingMember`'s. */
  forget(keepingMember?: string): Promise<void>;
}

const PREFIX = 'writes ';

function writesIn(value: unknown): WaitingWrite[] {
  return Array.isArray(value) ? (value as WaitingWrite[]) : [];
}

export function createKeptOutbox(storage: OutboxStorage): KeptOutbox {
  return {
    load: async (member) => writesIn(await storage.get(PREFIX + member)),
    add: (write) => storage.update(PREFIX + write.member, (old) => [...writesIn(old).filter((kept) => kept.id !== write.id), write]),
    remove: (member, ids) => storage.update(PREFIX + member, (old) => writesIn(old).filter((kept) => !ids.includes(kept.id))),
    forget: async (keepingMember) => {
      if (keepingMember === undefined) return storage.clear();
      const others = (await storage.keys()).filter((key) => key.startsWith(PREFIX) && key !== PREFIX + keepingMember);
      await Promise.all(others.map((key) => storage.del(key)));
    },
  };
}

let current: KeptOutbox | null | undefined;

/** The outbox kept in this browser, made at the first use; none without IndexedDB (the writes then wait in the page alone). */
export function keptOutbox(): KeptOutbox | null {
  if (current === undefined) {
    const storage = idbStore('socialconnect-outbox', 'writes');
    current = storage ? createKeptOutbox(storage) : null;
  }
  return current;
}

/** Puts `outbox` in place of the browser's (tests), or none. */
export function keepOutboxIn(outbox: KeptOutbox | null): void {
  current = outbox;
}
