/** Idempotency keys in SQL (migration 0009): a day's answer per key, and the keys older than that swept. */
import { argon2Passwords } from '../passwords';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { PUBLIC_DIR } from '../start';
import { createSqlStore, type SqlStore } from '../store/sqlStore';
import { newPglite } from '../testing/pgliteTemplate';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-03-01T12:00:00.000Z');
const at = (ms: number): string => new Date(START + ms).toISOString();

describe('idempotency keys on PGlite', () => {
  let database: Database;
  let store: SqlStore;

  beforeAll(async () => {
    database = await newPglite();
    await migrate(database);
    store = createSqlStore(database, { publicDir: PUBLIC_DIR, passwords: argon2Passwords });
  });
  afterAll(() => database.close());
  beforeEach(() => database.query('DELETE FROM idempotency_keys'));

  /** Claims the key at `when` and, when it was free, keeps an answer naming `resourceId`. */
  function claim(key: string, when: string, resourceId: string, fingerprint = 'f1') {
    return store.transaction(async (tx) => {
      const kept = await tx.claimIdempotencyKey({ scope: 'member-1', key, fingerprint, at: when });
      if (!kept) await tx.keepIdempotentOutcome('member-1', key, { status: 201, resourceId });
      return kept;
    });
  }

  async function keys(): Promise<string[]> {
    return (await database.query<{ key: string }>('SELECT key FROM idempotency_keys ORDER BY key')).map((row) => row.key);
  }

  it('answers a key with its first outcome for a day, then lets it be claimed anew', async () => {
    expect(await claim('key-aaaa', at(0), 'post-1')).toBeUndefined();
    expect(await claim('key-aaaa', at(DAY - 1), 'post-2')).toEqual({ fingerprint: 'f1', status: 201, resourceId: 'post-1' });
    expect(await claim('key-aaaa', at(DAY), 'post-3', 'f2')).toBeUndefined();
    expect(await claim('key-aaaa', at(DAY + 1), 'post-4')).toEqual({ fingerprint: 'f2', status: 201, resourceId: 'post-3' });
  });

  it('sweeps the keys older than a day as other keys are claimed', async () => {
    await claim('key-old-1', at(0), 'post-1');
    await claim('key-old-2', at(1000), 'post-2');
    await claim('key-young', at(DAY - 1000), 'post-3');
    expect(await keys()).toEqual(['key-old-1', 'key-old-2', 'key-young']);
    await claim('key-new', at(DAY + 500), 'post-4');
    expect(await keys()).toEqual(['key-new', 'key-old-2', 'key-young']);
    await claim('key-newer', at(DAY + 1000), 'post-5');
    expect(await keys()).toEqual(['key-new', 'key-newer', 'key-young']);
  });

  it('keeps nothing when the create rolls back', async () => {
    await expect(store.transaction(async (tx) => {
      await tx.claimIdempotencyKey({ scope: 'member-1', key: 'key-rolled', fingerprint: 'f1', at: at(0) });
      throw new Error('the create failed');
    })).rejects.toThrow('the create failed');
    expect(await keys()).toEqual([]);
  });
});
