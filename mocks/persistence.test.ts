import { emptySnapshot, type DbSnapshot } from '../contract/snapshot';
import { createPersistence, storageKey, webStorageStore, browserStores, indexedDbStore, type SnapshotStore } from './persistence';
import { buildDefaultSeed } from './seed';

function memoryStore(kind = 'memory', overrides: Partial<SnapshotStore> = {}): SnapshotStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    kind,
    data,
    load: async (key) => data.get(key),
    save: async (key, value) => {
      data.set(key, structuredClone(value));
    },
    remove: async (key) => {
      data.delete(key);
    },
    ...overrides,
  };
}

const quotaError = (): Error => Object.assign(new Error('full'), { name: 'QuotaExceededError' });

describe('createPersistence', () => {
  it('saves once for writes close together, per scenario, and loads it back', async () => {
    const store = memoryStore();
    const persistence = createPersistence({ scenario: 'default', stores: [store], debounceMs: 5 });
    expect(await persistence.load()).toBeNull();

    const snapshot = jest.fn(() => buildDefaultSeed());
    persistence.scheduleSave(snapshot);
    persistence.scheduleSave(snapshot);
    await persistence.flush();
    expect(snapshot).toHaveBeenCalledTimes(1);
    expect(store.data.has(storageKey('default'))).toBe(true);
    expect(await persistence.load()).toEqual(buildDefaultSeed());
    expect(await createPersistence({ scenario: 'busy', stores: [store] }).load()).toBeNull();
  });

  it('saves by itself after the debounce', async () => {
    const store = memoryStore();
    const persistence = createPersistence({ scenario: 'empty', stores: [store], debounceMs: 1 });
    persistence.scheduleSave(() => emptySnapshot());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.data.get(storageKey('empty'))).toEqual(emptySnapshot());
  });

  it('warns once when the quota is full and keeps working', async () => {
    const warn = jest.fn();
    const full = memoryStore('IndexedDB', { save: async () => { throw quotaError(); } });
    const persistence = createPersistence({ scenario: 'default', stores: [full], warn });
    persistence.scheduleSave(() => emptySnapshot());
    await persistence.flush();
    persistence.scheduleSave(() => emptySnapshot());
    await persistence.flush();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/IndexedDB is full/);
  });

  it('falls back to the next store when one fails for another reason', async () => {
    const warn = jest.fn();
    const broken = memoryStore('IndexedDB', { save: async () => { throw new Error('nope'); } });
    const backup = memoryStore('localStorage');
    const persistence = createPersistence({ scenario: 'default', stores: [broken, backup], warn });
    persistence.scheduleSave(() => emptySnapshot());
    await persistence.flush();
    expect(backup.data.get(storageKey('default'))).toEqual(emptySnapshot());
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('skips a store that cannot load, and ignores an unreadable saved value', async () => {
    const warn = jest.fn();
    const unavailable = memoryStore('IndexedDB', { load: async () => { throw new Error('blocked'); } });
    const backup = memoryStore('localStorage');
    backup.data.set(storageKey('default'), { version: 0, users: 'nope' });
    const persistence = createPersistence({ scenario: 'default', stores: [unavailable, backup], warn });
    expect(await persistence.load()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    persistence.scheduleSave(() => buildDefaultSeed());
    await persistence.flush();
    expect(await persistence.load()).toEqual(buildDefaultSeed());
  });

  it('clear forgets the saved store and any pending save', async () => {
    const store = memoryStore();
    const persistence = createPersistence({ scenario: 'default', stores: [store] });
    persistence.scheduleSave(() => emptySnapshot());
    await persistence.flush();
    persistence.scheduleSave(() => buildDefaultSeed());
    await persistence.clear();
    await persistence.flush();
    expect(store.data.size).toBe(0);
  });
});

describe('webStorageStore', () => {
  it('round-trips a snapshot through localStorage as JSON', async () => {
    const store = webStorageStore(window.localStorage);
    const snapshot: DbSnapshot = buildDefaultSeed();
    expect(await store.load('k')).toBeUndefined();
    await store.save('k', snapshot);
    expect(JSON.parse(window.localStorage.getItem('k') ?? 'null')).toEqual(snapshot);
    expect(await store.load('k')).toEqual(snapshot);
    await store.remove('k');
    expect(window.localStorage.getItem('k')).toBeNull();
  });

  it('reports a full localStorage through the persistence warning', async () => {
    const warn = jest.fn();
    const storage = { getItem: () => null, setItem: () => { throw quotaError(); }, removeItem: () => undefined } as unknown as Storage;
    const persistence = createPersistence({ scenario: 'busy', stores: [webStorageStore(storage)], warn });
    persistence.scheduleSave(() => emptySnapshot());
    await persistence.flush();
    expect(warn.mock.calls[0]?.[0]).toMatch(/localStorage is full/);
  });
});

describe('browserStores', () => {
  it('uses localStorage where IndexedDB is missing (as under jsdom)', () => {
    expect(browserStores().map((store) => store.kind)).toEqual(['localStorage']);
  });
});

/** Just enough of IndexedDB for the adapter: one database, one object store, async events. */
function fakeIndexedDb(options: { failWrites?: string } = {}): IDBFactory {
  const stores = new Map<string, Map<string, unknown>>();
  const later = (fn: () => void): void => void setTimeout(fn, 0);
  const database = {
    createObjectStore: (name: string) => stores.set(name, new Map()),
    transaction: (name: string) => {
      const data = stores.get(name);
      if (!data) throw new Error(`no store ${name}`);
      const transaction: Record<string, unknown> = { error: null };
      const request = (work: () => unknown, writes: boolean) => {
        const req: Record<string, unknown> = {};
        later(() => {
          if (writes && options.failWrites) {
            transaction.error = Object.assign(new Error('failed'), { name: options.failWrites });
            (transaction.onabort as () => void)();
            return;
          }
          req.result = work();
          later(() => (transaction.oncomplete as () => void)());
        });
        return req;
      };
      transaction.objectStore = () => ({
        get: (key: string) => request(() => structuredClone(data.get(key)), false),
        put: (value: unknown, key: string) => request(() => data.set(key, structuredClone(value)), true),
        delete: (key: string) => request(() => data.delete(key), true),
      });
      return transaction;
    },
  };
  return {
    open: () => {
      const req: Record<string, unknown> = { result: database };
      later(() => {
        if (stores.size === 0) (req.onupgradeneeded as () => void)();
        (req.onsuccess as () => void)();
      });
      return req;
    },
  } as unknown as IDBFactory;
}

describe('indexedDbStore', () => {
  it('saves, loads and removes a snapshot', async () => {
    const store = indexedDbStore(fakeIndexedDb());
    const persistence = createPersistence({ scenario: 'default', stores: [store] });
    expect(await persistence.load()).toBeNull();
    persistence.scheduleSave(() => buildDefaultSeed());
    await persistence.flush();
    expect(await persistence.load()).toEqual(buildDefaultSeed());
    await persistence.clear();
    expect(await persistence.load()).toBeNull();
  });

  it('reports a full IndexedDB quota once', async () => {
    const warn = jest.fn();
    const persistence = createPersistence({ scenario: 'default', stores: [indexedDbStore(fakeIndexedDb({ failWrites: 'QuotaExceededError' }))], warn });
    persistence.scheduleSave(() => buildDefaultSeed());
    await persistence.flush();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/IndexedDB is full/);
  });
});
