/** The stand-in's idempotency keys: a day's answer per key, swept after, saved with the store. */
import { at, claim, idempotencyKeyCases } from '../contract/tests/idempotencyKeys';
import { createMemoryDb, createMemoryStore } from './memoryStore';

describe("the stand-in's idempotency keys", () => {
  const db = createMemoryDb();
  const store = createMemoryStore(db);
  const keys = async (): Promise<string[]> => [...db.idempotencyKeys.values()].map((record) => record.key).sort();

  beforeEach(() => db.idempotencyKeys.clear());

  idempotencyKeyCases(() => ({ store, keys }));

  it('saves the kept keys with the store', async () => {
    await claim(store, 'key-saved', at(0), 'post-1');
    const copy = createMemoryDb(db.snapshot());
    expect([...copy.idempotencyKeys.values()]).toEqual([{ scope: 'member-1', key: 'key-saved', fingerprint: 'f1', status: 201, resourceId: 'post-1', createdAt: at(0) }]);
  });
});
