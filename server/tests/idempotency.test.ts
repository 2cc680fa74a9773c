/** Idempotency keys in SQL (migration 0009): a day's answer per key, and the keys older than that swept. */
import { argon2Passwords } from '../passwords';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { PUBLIC_DIR } from '../start';
import { createSqlStore, type SqlStore } from '../store/sqlStore';
import { newPglite } from '../testing/pgliteTemplate';
import { idempotencyKeyCases } from '../../contract/tests/idempotencyKeys';

describe('idempotency keys on PGlite', () => {
  let database: Database;
  let store: SqlStore;

  beforeAll(async () => {
    database = await newPglite({ migrated: true });
    await migrate(database);
    store = createSqlStore(database, { publicDir: PUBLIC_DIR, passwords: argon2Passwords });
  });
  afterAll(() => database.close());
  beforeEach(() => database.query('DELETE FROM idempotency_keys'));

  async function keys(): Promise<string[]> {
    return (await database.query<{ key: string }>('SELECT key FROM idempotency_keys ORDER BY key')).map((row) => row.key);
  }

  idempotencyKeyCases(() => ({ store, keys }));
});
