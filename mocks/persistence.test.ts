import { emptySnapshot, type DbSnapshot } from '../contract/snapshot';
import { createPersistence, storageKey, webStorageStore, browserStores, indexedDbStore, type SnapshotStore } from './persistence';
import { buildDefaultSeed } from '../contract/seed/default';

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

/** Saves twice into `store`, which is full; the warnings the persistence gave. */
async function warningsOfTwoSaves(store: SnapshotStore): Promise<jest.Mock> {
  const warn = jest.fn();
  const persistence = createPersistence({ scenario: 'default', stores: [store], warn });
  persistence.scheduleSave(() => emptySnapshot());
  await persistence.flush();
  persistence.scheduleSave(() => emptySnapshot());
  await persistence.flush();
  return warn;
}

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
    const warn = await warningsOfTwoSaves(memoryStore('IndexedDB', { save: async () => { throw quotaError(); } }));
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

/** Requests and transactions: what they settle with, and who hears it. */
interface FakeRequest {
  result?: unknown;
  error?: unknown;
  onsuccess?: () => void;
  oncomplete?: () => void;
  onabort?: () => void;
  onupgradeneeded?: () => void;
}

/**
 * Just enough of IndexedDB for idb-keyval: databases of object stores, requests that settle later,
 * writes that complete (or abort with `failWrites`) with their transaction.
 */
function fakeIndexedDb(options: { failWrites?: string } = {}) {
  const databases = new Map<string, Map<string, Map<string, unknown>>>();
  const later = (fn: () => void): void => void setTimeout(fn, 0);
  const connect = (stores: Map<string, Map<string, unknown>>) => ({
    createObjectStore: (name: string) => stores.set(name, new Map()),
    transaction: (name: string) => {
      const data = stores.get(name);
      if (!data) throw new Error(`no object store ${name}`);
      const transaction: FakeRequest = {};
      const write = (change: () => void): void => later(() => {
        if (options.failWrites) {
          transaction.error = Object.assign(new Error('failed'), { name: options.failWrites });
          transaction.onabort?.();
          return;
        }
        change();
        transaction.oncomplete?.();
      });
      const objectStore = {
        transaction,
        get: (key: string) => {
          const request: FakeRequest = {};
          later(() => {
            request.result = structuredClone(data.get(key));
            request.onsuccess?.();
          });
          return request;
        },
        put: (value: unknown, key: string) => write(() => data.set(key, structuredClone(value))),
        delete: (key: string) => write(() => data.delete(key)),
      };
      return { objectStore: () => objectStore };
    },
  });
  const factory = {
    open: (name: string) => {
      const request: FakeRequest = {};
      later(() => {
        const existing = databases.get(name);
        const stores = existing ?? new Map<string, Map<string, unknown>>();
        databases.set(name, stores);
        request.result = connect(stores);
        if (!existing) request.onupgradeneeded?.();
        request.onsuccess?.();
      });
      return request;
    },
  };
  return { databases, factory: factory as unknown as IDBFactory };
}

/** Installs a fake IndexedDB as the browser's own until the test ends. */
function withIndexedDb(options: { failWrites?: string } = {}): ReturnType<typeof fakeIndexedDb> {
  const fake = fakeIndexedDb(options);
  Object.defineProperty(globalThis, 'indexedDB', { value: fake.factory, configurable: true });
  return fake;
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'indexedDB');
});

describe('browserStores', () => {
  it('uses localStorage where IndexedDB is missing (as under jsdom)', () => {
    expect(browserStores().map((store) => store.kind)).toEqual(['localStorage']);
  });

  it('tries IndexedDB first where the browser has it', () => {
    withIndexedDb();
    expect(browserStores().map((store) => store.kind)).toEqual(['IndexedDB', 'localStorage']);
  });
});

describe('indexedDbStore', () => {
  it('saves, loads and removes a snapshot', async () => {
    withIndexedDb();
    const persistence = createPersistence({ scenario: 'default', stores: [indexedDbStore()] });
    expect(await persistence.load()).toBeNull();
    persistence.scheduleSave(() => buildDefaultSeed());
    await persistence.flush();
    expect(await persistence.load()).toEqual(buildDefaultSeed());
    await persistence.clear();
    expect(await persistence.load()).toBeNull();
  });

  it("reads a store saved earlier in the browser's database, per scenario", async () => {
    const { databases } = withIndexedDb();
    databases.set('socialconnect-mock-backend', new Map([['snapshots', new Map<string, unknown>([[storageKey('busy'), emptySnapshot()]])]]));
    expect(await createPersistence({ scenario: 'busy', stores: [indexedDbStore()] }).load()).toEqual(emptySnapshot());
    expect(await createPersistence({ scenario: 'default', stores: [indexedDbStore()] }).load()).toBeNull();
  });

  it('reports a full IndexedDB quota once', async () => {
    withIndexedDb({ failWrites: 'QuotaExceededError' });
    const warn = await warningsOfTwoSaves(indexedDbStore());
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/IndexedDB is full/);
  });
});
