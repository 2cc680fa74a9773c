/**
 * A Map standing in for an IndexedDB store (tests), with what the kept reads (keptReads.ts) and the
 * outbox (outboxStorage.ts) ask of one: each value copied in and out, as IndexedDB stores a copy.
 */
export function memoryStorage() {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async (key: string) => structuredClone(data.get(key)),
    set: async (key: string, value: unknown) => {
      data.set(key, structuredClone(value));
    },
    update: async (key: string, change: (old: unknown) => unknown) => {
      data.set(key, structuredClone(change(structuredClone(data.get(key)))));
    },
    del: async (key: string) => {
      data.delete(key);
    },
    keys: async () => [...data.keys()],
    clear: async () => {
      data.clear();
    },
  };
}
