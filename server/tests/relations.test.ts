/**
 * Mute and block in SQL (the `mute-block` extension): on the busy seed, the home feed and the list of
 * every post leave out a muted member's posts and still fill their pages, by index probes of the
 * mutes and blocks tables, never a scan of the posts.
 */
import { buildBusySeed } from '../../contract/seed/busy';
import { DEMO_USER_ID } from '../../contract/seed/default';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { createSqlStore, type SqlStore } from '../store/sqlStore';
import { PUBLIC_DIR } from '../start';
import { newPglite } from '../testing/pgliteTemplate';
import { recordingDatabase, type SentStatement } from '../testing/recordingDatabase';

describe('mute and block on the busy seed', () => {
  let database: Database;
  let store: SqlStore;
  const seen: SentStatement[] = [];
  let muted: string;

  beforeAll(async () => {
    database = await newPglite({ migrated: true });
    await migrate(database);
    store = createSqlStore(recordingDatabase(database, seen), { publicDir: PUBLIC_DIR, passwords: { hash: async (text) => text, verify: async () => false } });
    const seed = buildBusySeed();
    await store.load(seed);
    muted = seed.users.find((user) => user.id === DEMO_USER_ID)?.following[0] ?? '';
    await store.transaction((tx) => tx.setMute(DEMO_USER_ID, muted, true));
    await database.exec('ANALYZE');
  }, 120_000);
  afterAll(() => database.close());

  /** The plan of the last statement the store ran, with its parameters. */
  async function planOfLast(): Promise<string> {
    const last = seen[seen.length - 1];
    if (!last) throw new Error('no statement was run');
    const plan = await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${last.text}`, last.params);
    return plan.map((row) => row['QUERY PLAN']).join('\n');
  }

  it('fills a feed page without the muted member, by the posts\' indexes and the keys of mutes and blocks', async () => {
    const page = await store.read((reader) => reader.postPage({ kind: 'feed', memberId: DEMO_USER_ID }, 'latest', { limit: 20 }));
    const plan = await planOfLast();
    expect(page.items).toHaveLength(20);
    expect(page.items.map((post) => post.authorId)).not.toContain(muted);
    // Both ways to a page (homeFeed.test.ts) leave the muted ones out by an anti join: the network's
    // newest posts by the newest-first index, or each followed author's by the per-author index.
    expect(plan).toMatch(/Anti Join/);
    expect(plan).toMatch(/posts_newest/);
    expect(plan).toMatch(/posts_by_author/);
    expect(plan).not.toMatch(/Seq Scan on posts/);
    // However many members are muted or blocked, each probe is one key of their tables.
    await database.exec('SET enable_seqscan = off');
    try {
      const probed = await planOfLast();
      expect(probed).toMatch(/Index Only Scan using mutes_pkey/);
      expect(probed).toMatch(/Index Only Scan using blocks_(pkey|by_blocked)/);
    } finally {
      await database.exec('SET enable_seqscan = on');
    }
  });

  it('fills a page of every post without the muted member, by the newest-first index', async () => {
    const page = await store.read((reader) => reader.postPage({ kind: 'all', viewerId: DEMO_USER_ID }, 'latest', { limit: 20 }));
    const plan = await planOfLast();
    expect(page.items).toHaveLength(20);
    expect(page.items.map((post) => post.authorId)).not.toContain(muted);
    expect(plan).toMatch(/posts_newest/);
    expect(plan).not.toMatch(/Seq Scan on posts/);
  });
});
