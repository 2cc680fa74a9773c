/**
 * The home feed's pages in SQL, both ways a page is found: from the network's next posts (a member
 * who follows many) and, when those do not fill the page, from each followed author's own (a member
 * who follows a quiet member). Every page, in each order, holds what the rule says, page after page:
 * the member's own posts and those of the members they follow, a muted one left out, compared with
 * the same list worked out here from the rows. On PGlite and on PostgreSQL, where the server's
 * connections never compile a statement (no JIT) and plan a page's statement once, not on every call.
 */
import { buildDefaultSeed } from '../../contract/seed/default';
import type { PostOrder } from '../../contract/order';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { createSqlStore, type SqlStore } from '../store/sqlStore';
import { FEED_WINDOW, postReads } from '../store/posts';
import { recordingDatabase, type SentStatement } from '../testing/recordingDatabase';
import { EMPTY_DATABASES, PUBLIC_DIR } from '../testing/serverTarget';

const AUTHORS = 30;
/** More posts than the window looks through, so a quiet member's posts lie past it. */
const POSTS = FEED_WINDOW * 3;
const PAGE = 20;

const BUSY_READER = 'u-reader-busy';
const QUIET_READER = 'u-reader-quiet';
const QUIET_AUTHOR = 'u-author-quiet';
/** A member nobody follows. */
const UNFOLLOWED = 'u-author-unfollowed';
/** One of the members the busy reader follows, muted by them. */
const MUTED = 'u-author-3';

interface PostKey {
  id: string;
  author: string;
  at: number;
  likes: number;
}

const COMPARE: Record<PostOrder, (a: PostKey, b: PostKey) => number> = {
  latest: (a, b) => b.at - a.at || (a.id < b.id ? -1 : 1),
  oldest: (a, b) => a.at - b.at || (a.id < b.id ? -1 : 1),
  trending: (a, b) => b.likes - a.likes || b.at - a.at || (a.id < b.id ? -1 : 1),
};

describe.each(EMPTY_DATABASES)('the home feed in SQL, on %s', (kind, open) => {
  let database: Database;
  let drop: () => Promise<void>;
  let store: SqlStore;
  const seen: SentStatement[] = [];
  let posts: PostKey[];
  const follows = new Map<string, string[]>();

  beforeAll(async () => {
    ({ database, drop } = await open());
    await migrate(database);
    store = createSqlStore(recordingDatabase(database, seen), { publicDir: PUBLIC_DIR, passwords: { hash: async (text) => text, verify: async () => false } });
    await store.load(buildDefaultSeed());
    await database.query(
      `INSERT INTO members (id, username, first_name, last_name, password_hash, created_at, updated_at)
       SELECT id, replace(id, '-', '_'), 'Feed', 'Member', 'x', now(), now()
       FROM unnest(ARRAY[$1, $2, $3]::text[] || ARRAY(SELECT 'u-author-' || n FROM generate_series(1, $4::int) AS n)) AS id`,
      [BUSY_READER, QUIET_READER, QUIET_AUTHOR, AUTHORS],
    );
    // The authors' posts, newest first: two at each second, so that the order's second key (the id) counts too.
    await database.query(
      `INSERT INTO posts (id, author_id, content, created_at, updated_at)
       SELECT 'p-' || lpad(n::text, 5, '0'), 'u-author-' || (1 + n % $2::int), 'Post ' || n,
              timestamptz '2026-06-01' - (n / 2) * interval '1 second', timestamptz '2026-06-01' - (n / 2) * interval '1 second'
       FROM generate_series(1, $1::int) AS n`,
      [POSTS, AUTHORS],
    );
    // The quiet member's few posts, all older than the window of newest posts; the readers' own, here and there.
    await database.query(
      `INSERT INTO posts (id, author_id, content, created_at, updated_at)
       SELECT 'q-' || n, $1, 'Quiet ' || n, timestamptz '2026-01-01' - n * interval '1 day', timestamptz '2026-01-01' - n * interval '1 day' FROM generate_series(1, 45) AS n
       UNION ALL
       SELECT 'r-' || n, CASE WHEN n % 2 = 0 THEN $2 ELSE $3 END, 'Own ' || n, timestamptz '2026-06-01' - n * interval '7 minutes', timestamptz '2026-06-01' - n * interval '7 minutes'
       FROM generate_series(1, 12) AS n`,
      [QUIET_AUTHOR, BUSY_READER, QUIET_READER],
    );
    // Likes, for the trending order: some posts liked by one to five authors.
    await database.query(
      `INSERT INTO reactions (post_id, member_id, kind)
       SELECT 'p-' || lpad(n::text, 5, '0'), 'u-author-' || liker, 'like'
       FROM generate_series(1, $1::int) AS n, generate_series(1, 5) AS liker
       WHERE n % 7 = 0 AND liker <= 1 + n % 5`,
      [POSTS],
    );
    follows.set(BUSY_READER, Array.from({ length: 10 }, (_, index) => `u-author-${1 + index * 3}`).concat(MUTED));
    follows.set(QUIET_READER, [QUIET_AUTHOR]);
    for (const [reader, followed] of follows) {
      await database.query('INSERT INTO follows (follower_id, followee_id) SELECT $1, unnest($2::text[])', [reader, followed]);
    }
    await store.transaction((tx) => tx.setMute(BUSY_READER, MUTED, true));
    await database.exec('ANALYZE');
    const rows = await database.query<{ id: string; author_id: string; created_at: string; like_count: number }>('SELECT id, author_id, created_at, like_count FROM posts');
    posts = rows.map((row) => ({ id: row.id, author: row.author_id, at: new Date(row.created_at).getTime(), likes: Number(row.like_count) }));
  }, 120_000);
  afterAll(async () => {
    await database.close();
    await drop();
  });

  /** The reader's whole feed in `order`, worked out from the rows: their own posts and those of whom they follow and have not muted. */
  function expectedFeed(reader: string, order: PostOrder): string[] {
    const shown = new Set([reader, ...(follows.get(reader) ?? [])]);
    if (reader === BUSY_READER) shown.delete(MUTED);
    return posts.filter((post) => shown.has(post.author)).sort(COMPARE[order]).map((post) => post.id);
  }

  /** Every page of the reader's feed, by the cursors the store gives. */
  async function readAllPages(reader: string, order: PostOrder): Promise<string[][]> {
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await store.read((read) => read.postPage({ kind: 'feed', memberId: reader }, order, { limit: PAGE, cursor }));
      pages.push(page.items.map((post) => post.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined && pages.length < 200);
    return pages;
  }

  /** EXPLAIN ANALYZE of the last statement the store ran: which of its branches ran. */
  async function planOfLast(): Promise<string> {
    const last = seen.findLast((statement) => statement.text.includes('CROSS JOIN LATERAL'));
    if (!last) throw new Error('no home feed statement was run');
    const plan = await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${last.text}`, last.params);
    return plan.map((row) => row['QUERY PLAN']).join('\n');
  }

  it.each<PostOrder>(['latest', 'oldest', 'trending'])('a member who follows many: every page in the %s order holds what the rule says, without the muted member', async (order) => {
    const pages = await readAllPages(BUSY_READER, order);
    const expected = expectedFeed(BUSY_READER, order);
    expect(expected.length).toBeGreaterThan(FEED_WINDOW / 4);
    expect(pages.flat()).toEqual(expected);
    expect(pages.slice(0, -1).every((page) => page.length === PAGE)).toBe(true);
    expect(pages.flat().some((id) => posts.find((post) => post.id === id)?.author === MUTED)).toBe(false);
  });

  it.each<PostOrder>(['latest', 'oldest', 'trending'])('a member who follows one quiet member: every page in the %s order holds their posts and the reader\'s own', async (order) => {
    const pages = await readAllPages(QUIET_READER, order);
    const expected = expectedFeed(QUIET_READER, order);
    expect(expected).toHaveLength(45 + 6);
    expect(pages.flat()).toEqual(expected);
  });

  it('reads a busy member\'s first page from the network\'s newest posts, each author\'s own never', async () => {
    await store.read((read) => read.postPage({ kind: 'feed', memberId: BUSY_READER }, 'latest', { limit: PAGE }));
    const plan = await planOfLast();
    expect(plan).toMatch(/Index Scan using posts_newest/);
    expect(plan).toMatch(/posts_by_author[^\n]*\(never executed\)/);
    // Estimated costs count the branch never run; PostgreSQL would compile for them.
    expect(plan).not.toMatch(/^JIT:/m);
  });

  it('reads a quiet member\'s first page from each followed author\'s own posts, once the newest did not fill it', async () => {
    await store.read((read) => read.postPage({ kind: 'feed', memberId: QUIET_READER }, 'latest', { limit: PAGE }));
    const plan = await planOfLast();
    expect(plan).toMatch(/posts_by_author/);
    expect(plan).not.toMatch(/posts_by_author[^\n]*\(never executed\)/);
  });

  it('plans the first and next pages\' statements once on a connection, for a member who follows far fewer than most too', async () => {
    // A network where a plan for one member's values looks cheaper than one for anyone's: tens of
    // thousands of posts (a LIMIT the kept plan cannot see is guessed at a tenth of the rows under
    // it), and a few members who follow thousands (the member here follows one, far fewer than the
    // average the kept plan counts with). Old posts of a member nobody follows, and members with
    // nothing posted: gone again after.
    await database.query(
      `INSERT INTO members (id, username, first_name, last_name, password_hash, created_at, updated_at)
       SELECT id, replace(id, '-', '_'), 'Extra', 'Member', 'x', now(), now()
       FROM unnest(ARRAY[$1::text] || ARRAY(SELECT 'u-many-' || n FROM generate_series(1, 5) AS n) || ARRAY(SELECT 'u-followed-' || n FROM generate_series(1, 3000) AS n)) AS id`,
      [UNFOLLOWED],
    );
    await database.query("INSERT INTO follows (follower_id, followee_id) SELECT 'u-many-' || m, 'u-followed-' || n FROM generate_series(1, 5) AS m, generate_series(1, 3000) AS n");
    await database.query(
      `INSERT INTO posts (id, author_id, content, created_at, updated_at)
       SELECT 'old-' || n, $1, 'Old ' || n, timestamptz '2020-01-01' - n * interval '1 minute', timestamptz '2020-01-01' - n * interval '1 minute'
       FROM generate_series(1, 40000) AS n`,
      [UNFOLLOWED],
    );
    await database.exec('ANALYZE');
    try {
      // One connection, as a server's would be: the store keeps each statement prepared there.
      const counts = await database.session(async (sql) => {
        const texts = new Set<string>();
        const noted: typeof sql = {
          ...sql,
          query: (text, params) => {
            texts.add(text);
            return sql.query(text, params);
          },
        };
        // A limit no other test asks for: statements of their own, not prepared on this connection yet.
        const limit = PAGE - 7;
        // The reader who follows fewer than most (a plan for their values looks cheapest), their
        // first page and the one after it.
        const source = { kind: 'feed', memberId: QUIET_READER } as const;
        for (let call = 0; call < 8; call += 1) {
          const first = await postReads(noted).postPage(source, 'latest', { limit });
          await postReads(noted).postPage(source, 'latest', { limit, cursor: first.nextCursor ?? undefined });
        }
        expect(texts.size).toBe(2);
        return sql.query<{ generic_plans: number; custom_plans: number }>('SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement = ANY($1::text[])', [[...texts]]);
      });
      // PostgreSQL plans a kept statement for its values five times, then keeps a generic plan
      // unless that looks dearer than those; when it does, every call is planned.
      expect(counts).toEqual([{ custom_plans: 5, generic_plans: 3 }, { custom_plans: 5, generic_plans: 3 }]);
    } finally {
      await database.query("DELETE FROM follows WHERE follower_id LIKE 'u-many-%'");
      await database.query('DELETE FROM posts WHERE author_id = $1', [UNFOLLOWED]);
      await database.query("DELETE FROM members WHERE id = $1 OR id LIKE 'u-many-%' OR id LIKE 'u-followed-%'", [UNFOLLOWED]);
      await database.exec('ANALYZE');
    }
  });

  if (kind === 'PostgreSQL') {
    it('compiles no statement: JIT is off on the server\'s connections', async () => {
      const [row] = await database.query<{ jit: string }>('SHOW jit');
      expect(row?.jit).toBe('off');
    });
  }
});
