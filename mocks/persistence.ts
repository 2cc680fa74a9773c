/**
 * Keeps the stand-in backend's store across page reloads (browser only): after each write the store
 * is saved, per scenario, in IndexedDB, or in localStorage where IndexedDB is missing. A full quota
 * is reported once in the console and the app keeps working from memory.
 */
import { createStore, del, get, set } from 'idb-keyval';
import { DB_SNAPSHOT_VERSION, isDbSnapshot, type DbSnapshot } from '../contract/snapshot';

/** Bump when the seed changes shape or content, so old saved stores are left behind. */
export const STORE_KEY_PREFIX = `socialconnect.mock-db.v${DB_SNAPSHOT_VERSION}`;

export function storageKey(scenario: string): string {
  return `${STORE_KEY_PREFIX}.${scenario}`;
}

/** Somewhere to keep one value per key. */
export interface SnapshotStore {
  readonly kind: string;
  load(key: string): Promise<unknown>;
  save(key: string, value: DbSnapshot): Promise<void>;
  remove(key: string): Promise<void>;
}

/** localStorage (or any Storage), as JSON. */
export function webStorageStore(storage: Storage): SnapshotStore {
  return {
    kind: 'localStorage',
    load: async (key) => {
      const text = storage.getItem(key);
      return text === null ? undefined : (JSON.parse(text) as unknown);
    },
    save: async (key, value) => {
      storage.setItem(key, JSON.stringify(value));
    },
    remove: async (key) => {
      storage.removeItem(key);
    },
  };
}

/** IndexedDB, storing the snapshot as a structured clone, under the names saved stores live in. */
export function indexedDbStore(): SnapshotStore {
  const snapshots = createStore('socialconnect-mock-backend', 'snapshots');
  return {
    kind: 'IndexedDB',
    load: (key) => get(key, snapshots),
    save: (key, value) => set(key, value, snapshots),
    remove: (key) => del(key, snapshots),
  };
}

export interface PersistenceOptions {
  scenario: string;
  /** Where to save, best first: the first that answers a load is used from then on. */
  stores: SnapshotStore[];
  /** Writes that come close together are saved once. */
  debounceMs?: number;
  warn?: (message: string, error?: unknown) => void;
}

export interface Persistence {
  /** The saved store of this scenario, or null when there is none (or it cannot be read). */
  load(): Promise<DbSnapshot | null>;
  /** Saves soon; `snapshot` is called once, when the save happens. */
  scheduleSave(snapshot: () => DbSnapshot): void;
  /** Saves now if a save is pending. */
  flush(): Promise<void>;
  /** Forgets this scenario's saved store. */
  clear(): Promise<void>;
}

function isQuotaError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error
    && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');
}

export function createPersistence({ scenario, stores, debounceMs = 50, warn = (message, error) => console.warn(message, error) }: PersistenceOptions): Persistence {
  const key = storageKey(scenario);
  let active: SnapshotStore[] = [...stores];
  let pending: (() => DbSnapshot) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let warned = false;

  const save = async (): Promise<void> => {
    const take = pending;
    pending = undefined;
    timer = undefined;
    if (!take) return;
    const snapshot = take();
    for (const store of active) {
      try {
        await store.save(key, snapshot);
        warned = false;
        return;
      } catch (error) {
        if (!warned) {
          warned = true;
          warn(isQuotaError(error)
            ? `[mock backend] ${store.kind} is full: changes are kept in memory only until the page is reloaded.`
            : `[mock backend] Could not save the store in ${store.kind}; changes are kept in memory only.`, error);
        }
        if (!isQuotaError(error)) continue;
        return;
      }
    }
  };

  return {
    async load() {
      for (const store of active) {
        try {
          const value = await store.load(key);
          active = [store, ...active.filter((other) => other !== store)];
          if (value === undefined || value === null) return null;
          if (isDbSnapshot(value)) return value;
          warn(`[mock backend] The saved store in ${store.kind} is not readable; starting from the seed.`);
          return null;
        } catch (error) {
          warn(`[mock backend] ${store.kind} is not available; trying the next storage.`, error);
          active = active.filter((other) => other !== store);
        }
      }
      return null;
    },
    scheduleSave(snapshot) {
      pending = snapshot;
      timer ??= setTimeout(() => void save(), debounceMs);
    },
    async flush() {
      if (timer !== undefined) clearTimeout(timer);
      await save();
    },
    async clear() {
      pending = undefined;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await Promise.all(active.map((store) => store.remove(key).catch(() => undefined)));
    },
  };
}

/** The stores available in this browser, best first. */
export function browserStores(): SnapshotStore[] {
  const stores: SnapshotStore[] = [];
  if (typeof indexedDB !== 'undefined') stores.push(indexedDbStore());
  try {
    if (typeof localStorage !== 'undefined') stores.push(webStorageStore(localStorage));
  } catch {
    // localStorage can throw when the browser blocks storage; memory only then.
  }
  return stores;
}
