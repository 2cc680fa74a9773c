/**
 * One stand-in store for every tab of the browser. Each tab answers its own calls from memory, but
 * the saved store (persistence.ts) is the shared truth: a write runs alone among the tabs (a Web
 * Lock), first loading whatever another tab saved since, and marks the store's new revision when it
 * is saved; a read first catches up the same way. So no tab writes over another's changes.
 */
import type { DbSnapshot } from '../contract/snapshot';
import type { StoreSharing } from './memoryStore';

/** The part of the Web Locks API used here (navigator.locks). */
export interface Locks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Where the tabs mark the saved store's revision: small, shared, read without waiting. */
export interface RevisionMark {
  read(): string | null;
  write(revision: string): void;
}

export interface TabSharingOptions {
  /** The lock's name: one per saved store. */
  name: string;
  /** Missing (an old browser): each tab keeps its own copy, as before. */
  locks?: Locks;
  revision: RevisionMark;
  /** The saved store, as another tab left it. */
  loadSaved(): Promise<DbSnapshot | null>;
  /** Replaces this tab's copy. */
  apply(snapshot: DbSnapshot): void;
  newRevision?: () => string;
}

export interface TabSharing extends StoreSharing {
  /** After this tab saved a write: the others will catch up with it. */
  saved(): void;
}

function randomRevision(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function createTabSharing(options: TabSharingOptions): TabSharing {
  const { name, locks, revision, loadSaved, apply, newRevision = randomRevision } = options;
  // What this tab's copy holds; read before the first load, so a write landing in between is
  // loaded again rather than missed.
  let seen = revision.read();
  return {
    async catchUp() {
      const latest = revision.read();
      if (latest === seen) return;
      const snapshot = await loadSaved();
      seen = latest;
      if (snapshot) apply(snapshot);
    },
    alone: (work) => (locks ? locks.request(name, work) : work()),
    saved() {
      seen = newRevision();
      revision.write(seen);
    },
  };
}

/** The revision kept in localStorage (or nowhere, when storage is blocked: each tab alone then). */
export function localStorageRevision(key: string): RevisionMark {
  return {
    read: () => {
      try {
        return localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    write: (value) => {
      try {
        localStorage.setItem(key, value);
      } catch {
        // Storage blocked or full: the other tabs cannot learn of it; this tab carries on.
      }
    },
  };
}

/** navigator.locks where the browser has it (secure contexts of current browsers). */
export function browserLocks(): Locks | undefined {
  const manager = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!manager) return undefined;
  return { request: (name, callback) => manager.request(name, { mode: 'exclusive' }, callback) };
}
