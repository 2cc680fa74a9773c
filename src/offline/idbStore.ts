import { clear, createStore, del, get, keys, set, update } from 'idb-keyval';

/**
 * One IndexedDB store (through idb-keyval) with what the kept reads (keptReads.ts) and the outbox
 * (outboxStorage.ts) ask of one; undefined where there is no IndexedDB (jest's DOM).
 */
export function idbStore(database: string, store: string) {
  if (typeof indexedDB === 'undefined') return undefined;
  const where = createStore(database, store);
  return {
    get: (key: string) => get<unknown>(key, where),
    set: (key: string, value: unknown) => set(key, value, where),
    update: (key: string, change: (old: unknown) => unknown) => update<unknown>(key, change, where),
    del: (key: string) => del(key, where),
    keys: () => keys<string>(where),
    clear: () => clear(where),
  };
}
