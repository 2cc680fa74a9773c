/**
 * What every store does with idempotency keys, run by each store's own tests (the stand-in's memory
 * store, the server's SQL store) at times they choose: a key's first answer is kept a day, keys older
 * than that are swept as others are claimed, and a create that rolls back keeps nothing.
 */
import type { Store } from '../store';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-03-01T12:00:00.000Z');
export const at = (ms: number): string => new Date(START + ms).toISOString();

export interface KeyedStore {
  store: Store;
  /** The keys the store holds, sorted. */
  keys: () => Promise<string[]>;
}

/** Claims the key at `when` and, when it was free, keeps an answer naming `resourceId`. */
export function claim(store: Store, key: string, when: string, resourceId: string, fingerprint = 'f1') {
  return store.transaction(async (tx) => {
    const kept = await tx.claimIdempotencyKey({ scope: 'member-1', key, fingerprint, at: when });
    if (!kept) await tx.keepIdempotentOutcome('member-1', key, { status: 201, resourceId });
    return kept;
  });
}

/** The shared cases, inside the caller's describe; `current` gives the store as the caller's set-up left it. */
export function idempotencyKeyCases(current: () => KeyedStore): void {
  it('answers a key with its first outcome for a day, then lets it be claimed anew', async () => {
    const { store } = current();
    expect(await claim(store, 'key-aaaa', at(0), 'post-1')).toBeUndefined();
    expect(await claim(store, 'key-aaaa', at(DAY - 1), 'post-2')).toEqual({ fingerprint: 'f1', status: 201, resourceId: 'post-1' });
    expect(await claim(store, 'key-aaaa', at(DAY), 'post-3', 'f2')).toBeUndefined();
    expect(await claim(store, 'key-aaaa', at(DAY + 1), 'post-4')).toEqual({ fingerprint: 'f2', status: 201, resourceId: 'post-3' });
  });

  it('sweeps the keys older than a day as other keys are claimed', async () => {
    const { store, keys } = current();
    await claim(store, 'key-old-1', at(0), 'post-1');
    await claim(store, 'key-old-2', at(1000), 'post-2');
    await claim(store, 'key-young', at(DAY - 1000), 'post-3');
    expect(await keys()).toEqual(['key-old-1', 'key-old-2', 'key-young']);
    await claim(store, 'key-new', at(DAY + 500), 'post-4');
    expect(await keys()).toEqual(['key-new', 'key-old-2', 'key-young']);
    await claim(store, 'key-newer', at(DAY + 1000), 'post-5');
    expect(await keys()).toEqual(['key-new', 'key-newer', 'key-young']);
  });

  it('keeps nothing when the create rolls back', async () => {
    const { store, keys } = current();
    await expect(store.transaction(async (tx) => {
      await tx.claimIdempotencyKey({ scope: 'member-1', key: 'key-rolled', fingerprint: 'f1', at: at(0) });
      throw new Error('the create failed');
    })).rejects.toThrow('the create failed');
    expect(await keys()).toEqual([]);
  });
}
