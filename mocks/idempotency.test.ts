/** The stand-in's idempotency keys: a day's answer per key, swept after, saved with the store. */
import { createMemoryDb, createMemoryStore } from './memoryStore';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-03-01T12:00:00.000Z');
const at = (ms: number): string => new Date(START + ms).toISOString();

describe("the stand-in's idempotency keys", () => {
  const db = createMemoryDb();
  const store = createMemoryStore(db);

  beforeEach(() => db.idempotencyKeys.clear());

  function claim(key: string, when: string, resourceId: string, fingerprint = 'f1') {
    return store.transaction(async (tx) => {
      const kept = await tx.claimIdempotencyKey({ scope: 'member-1', key, fingerprint, at: when });
      if (!kept) await tx.keepIdempotentOutcome('member-1', key, { status: 201, resourceId });
      return kept;
    });
  }

  const keys = (): string[] => [...db.idempotencyKeys.values()].map((record) => record.key).sort();

  it('answers a key with its first outcome for a day, then lets it be claimed anew', async () => {
    expect(await claim('key-aaaa', at(0), 'post-1')).toBeUndefined();
    expect(await claim('key-aaaa', at(DAY - 1), 'post-2')).toEqual({ fingerprint: 'f1', status: 201, resourceId: 'post-1' });
    expect(await claim('key-aaaa', at(DAY), 'post-3', 'f2')).toBeUndefined();
    expect(await claim('key-aaaa', at(DAY + 1), 'post-4')).toEqual({ fingerprint: 'f2', status: 201, resourceId: 'post-3' });
  });

  it('sweeps the keys older than a day as other keys are claimed', async () => {
    await claim('key-old', at(0), 'post-1');
    await claim('key-young', at(DAY - 1000), 'post-2');
    await claim('key-new', at(DAY + 500), 'post-3');
    expect(keys()).toEqual(['key-new', 'key-young']);
  });

  it('keeps nothing when the create rolls back, and saves the kept keys with the store', async () => {
    await expect(store.transaction(async (tx) => {
      await tx.claimIdempotencyKey({ scope: 'member-1', key: 'key-rolled', fingerprint: 'f1', at: at(0) });
      throw new Error('the create failed');
    })).rejects.toThrow('the create failed');
    expect(keys()).toEqual([]);

    await claim('key-saved', at(0), 'post-1');
    const copy = createMemoryDb(db.snapshot());
    expect([...copy.idempotencyKeys.values()]).toEqual([{ scope: 'member-1', key: 'key-saved', fingerprint: 'f1', status: 201, resourceId: 'post-1', createdAt: at(0) }]);
  });
});
