/** The warm-up of PGlite's writes at start: it runs the like's statement, and keeps nothing of it. */
import { buildDefaultSeed } from '../../contract/seed/default';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { warmUpWrites } from '../store/warmUp';
import { createSqlStore } from '../store/sqlStore';
import { newPglite } from '../testing/pgliteTemplate';
import { PUBLIC_DIR } from '../start';
import { argon2Passwords } from '../passwords';

/** What a write could leave behind: every row the like's statement touches, and the network's version. */
async function traces(database: Database): Promise<unknown[]> {
  return Promise.all([
    'SELECT post_id, member_id, kind FROM reactions ORDER BY post_id, member_id',
    'SELECT id, recipient_id, key, unread, updated_at FROM notifications ORDER BY id',
    'SELECT notification_id, actor_id FROM notification_actors ORDER BY notification_id, actor_id',
    'SELECT count(*)::int AS n, max(id)::text AS last FROM events',
    'SELECT version::text FROM network_state',
  ].map((text) => database.query(text)));
}

describe('warmUpWrites', () => {
  let database: Database;
  beforeEach(async () => {
    database = await newPglite({ migrated: true });
    await migrate(database);
  });
  afterEach(() => database.close());

  it('runs nothing on a network with no post to like', async () => {
    expect(await warmUpWrites(database, { rounds: 5, budgetMs: 10_000 })).toBe(0);
  });

  it('runs the like and the dislike, and leaves every row and the version as they were', async () => {
    await createSqlStore(database, { publicDir: PUBLIC_DIR, passwords: argon2Passwords }).load(buildDefaultSeed());
    const before = await traces(database);
    const heard: string[] = [];
    if (!database.listen) throw new Error('PGlite listens');
    await database.listen('warm_up', (payload) => heard.push(payload));
    expect(await warmUpWrites(database, { rounds: 5, budgetMs: 10_000 })).toBe(10);
    expect(await traces(database)).toEqual(before);
    expect(heard).toEqual([]);
  });

  it('stops at its time budget', async () => {
    await createSqlStore(database, { publicDir: PUBLIC_DIR, passwords: argon2Passwords }).load(buildDefaultSeed());
    expect(await warmUpWrites(database, { rounds: 1_000, budgetMs: 0 })).toBe(0);
  });
});
