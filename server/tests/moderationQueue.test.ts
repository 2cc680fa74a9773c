/**
 * The moderators' queue in SQL, with more open reports than a page shows: every page holds the
 * subjects the rule says, each once, by its newest open report (of two at one instant, the greater
 * id first), with its open reports, compared with the same list worked out here from the rows. A
 * page's subjects are found from the open reports' indexes, not by sorting every open report; a
 * page of many subjects costs the store as many statements as a page of a few, its members'
 * histories read for the whole page at once. On PGlite and on PostgreSQL.
 */
import type { RuleContext } from '../../contract/context';
import { moderationQueue } from '../../contract/rules/moderationQueue';
import { buildDefaultSeed, SEED_USER_IDS } from '../../contract/seed/default';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { createSqlStore, type SqlStore } from '../store/sqlStore';
import { recordingDatabase, type SentStatement } from '../testing/recordingDatabase';
import { EMPTY_DATABASES, PUBLIC_DIR } from '../testing/serverTarget';

/** Subjects with open reports, each reported by one to four members, two reports at each second. */
const SUBJECTS = 600;
const REPORTS_EACH = 4;
const PAGE = 20;
const REPORTERS = [SEED_USER_IDS.ava, SEED_USER_IDS.maya, SEED_USER_IDS.noah, SEED_USER_IDS.zoe];
const MODERATOR = SEED_USER_IDS.liam;

describe.each(EMPTY_DATABASES)("the moderators' queue in SQL, on %s", (_kind, open) => {
  let database: Database;
  let drop: () => Promise<void>;
  let store: SqlStore;
  const seen: SentStatement[] = [];

  beforeAll(async () => {
    ({ database, drop } = await open());
    await migrate(database);
    store = createSqlStore(recordingDatabase(database, seen), { publicDir: PUBLIC_DIR, passwords: { hash: async (text) => text, verify: async () => false } });
    const seed = buildDefaultSeed();
    for (const user of seed.users) if (user.id === MODERATOR) user.role = 'moderator';
    await store.load(seed);
    // Subject s (a reply when s % 7 is 0, a member when s % 5 is 4, else a post) has its r-th
    // report (r < 1 + s % REPORTS_EACH) as number n = s + r * SUBJECTS, made at second n / 2 by the
    // r-th reporter; its author is a seed member.
    await database.query(
      `INSERT INTO reports (id, reporter_id, subject_kind, subject_id, reason, comment, status, content, created_at)
       SELECT 'rep-' || lpad(n::text, 5, '0'), ($3::text[])[r + 1], kind, 'x-' || kind || '-' || s, 'spam', '', 'open',
              CASE kind WHEN 'member' THEN jsonb_build_object('kind', 'member', 'firstName', 'Some', 'lastName', 'One', 'username', 'some_one', 'bio', '')
                ELSE jsonb_build_object('kind', kind, 'authorId', ($3::text[])[1 + s % 4], 'username', 'author', 'text', 'Text ' || s, 'images', '[]'::jsonb,
                       'createdAt', '2025-01-01T00:00:00.000Z') || CASE kind WHEN 'reply' THEN jsonb_build_object('postId', 'x-post-1') ELSE '{}'::jsonb END END,
              timestamptz '2025-06-01' + (n / 2) * interval '1 second'
       FROM generate_series(0, $1::int - 1) AS s, generate_series(0, $2::int - 1) AS r,
            LATERAL (SELECT s + r * $1::int AS n, CASE WHEN s % 7 = 0 THEN 'reply' WHEN s % 5 = 4 THEN 'member' ELSE 'post' END AS kind) AS made
       WHERE r < 1 + s % $2::int`,
      [SUBJECTS, REPORTS_EACH, REPORTERS],
    );
    // Closed reports about what seed members wrote, and an audit entry about each of them.
    await database.query(
      `INSERT INTO reports (id, reporter_id, subject_kind, subject_id, reason, comment, status, content, created_at)
       SELECT 'old-' || n, $2, 'post', 'old-post-' || n, 'spam', '', 'dismissed',
              jsonb_build_object('kind', 'post', 'authorId', ($1::text[])[1 + n % 4], 'username', 'author', 'text', 'Old', 'images', '[]'::jsonb, 'createdAt', '2025-01-01T00:00:00.000Z'),
              timestamptz '2025-05-01' + n * interval '1 minute'
       FROM generate_series(1, 200) AS n`,
      [REPORTERS, MODERATOR],
    );
    await database.query(
      `INSERT INTO moderation_audit (id, actor_id, actor_username, action, subject_kind, subject_id, member_id, member_username, reason, created_at)
       SELECT 'audit-' || n, $2, 'liam_chen', 'warn', 'post', 'old-post-' || n, ($1::text[])[n], 'someone', 'Reason ' || n, timestamptz '2025-05-02' + n * interval '1 minute'
       FROM generate_series(1, 4) AS n`,
      [REPORTERS, MODERATOR],
    );
    // No ANALYZE: PGlite never gathers statistics (it has no autovacuum), nor has PostgreSQL before
    // autovacuum comes by after a load. The queue's plans must not need them.
  }, 120_000);
  afterAll(async () => {
    await database.close();
    await drop();
  });

  /** The queue worked out from the rows: each subject's open report ids, newest first, the subject with the newest first. */
  async function expectedQueue(): Promise<string[][]> {
    const rows = await database.query<{ id: string; subject_kind: string; subject_id: string; created_at: string }>(
      "SELECT id, subject_kind, subject_id, created_at FROM reports WHERE status = 'open'",
    );
    const at = (row: { created_at: string }) => new Date(row.created_at).getTime();
    const newestFirst = [...rows].sort((a, b) => at(b) - at(a) || (a.id < b.id ? 1 : -1));
    const subjects = new Map<string, string[]>();
    for (const row of newestFirst) {
      const key = `${row.subject_kind}/${row.subject_id}`;
      subjects.set(key, [...(subjects.get(key) ?? []), row.id]);
    }
    return [...subjects.values()];
  }

  it('holds every subject once on its pages, by its newest open report, ties by the greater id, each with its open reports', async () => {
    const pages: string[][][] = [];
    let cursor: string | undefined;
    do {
      const page = await store.read((read) => read.openSubjectPage({ limit: PAGE, cursor }));
      pages.push(page.items.map((reports) => reports.map((report) => report.id)));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined && pages.length < SUBJECTS);
    expect(pages).toHaveLength(SUBJECTS / PAGE);
    expect(pages.flat()).toEqual(await expectedQueue());
  });

  it("finds a page's subjects from the open reports' indexes, walking about as many as it shows, before statistics and after", async () => {
    const walked = async () => {
      seen.length = 0;
      const firstPage = await store.read((read) => read.openSubjectPage({ limit: PAGE }));
      await store.read((read) => read.openSubjectPage({ limit: PAGE, cursor: firstPage.nextCursor ?? undefined }));
      const last = seen.findLast((statement) => statement.text.includes('WITH RECURSIVE walk'));
      if (!last) throw new Error("no page's subjects were read");
      const plan = (await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${last.text}`, last.params)).map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).not.toMatch(/Seq Scan|Bitmap/);
      expect(plan).toMatch(/reports_open_by_subject/);
      // The open reports walked, newest first, from the cursor on: the page's subjects and few more, not every open report.
      return Number(/Recursive Union .*actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+)/.exec(plan)?.[1]);
    };
    const unanalyzed = await walked();
    expect(unanalyzed).toBeGreaterThan(PAGE);
    expect(unanalyzed).toBeLessThan(PAGE * 2);
    await database.exec('ANALYZE reports');
    expect(await walked()).toBe(unanalyzed);
  });

  it("counts its members' closed reports from the index of the closed reports by whom they are about", async () => {
    seen.length = 0;
    await store.read((read) => read.moderationHistories(REPORTERS));
    const last = seen.findLast((statement) => statement.text.includes('closed_reports'));
    if (!last) throw new Error('no count of closed reports was run');
    const plan = await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${last.text}`, last.params);
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/reports_closed_about_member/);
  });

  it("reads a page of many subjects in as many statements as a page of a few, with each member's history", async () => {
    const ctx = { store } as unknown as RuleContext;
    const caller = await store.read((read) => read.memberById(MODERATOR));
    if (!caller) throw new Error('the moderator is missing');
    const statementsFor = async (limit: number) => {
      seen.length = 0;
      const queue = await moderationQueue(ctx, caller, 'open', { limit });
      expect(queue.entries).toHaveLength(limit);
      expect(new Set(queue.entries.map((entry) => entry.subject.kind))).toEqual(new Set(['post', 'reply', 'member']));
      return { statements: seen.length, queue };
    };
    const few = await statementsFor(5);
    const many = await statementsFor(100);
    expect(many.statements).toBe(few.statements);
    expect(many.queue.openCount).toBe((await expectedQueue()).flat().length);
    // Each post's and reply's author is a seed member, with 50 closed reports about what they wrote and one warning.
    const history = many.queue.entries.find((entry) => entry.subject.kind === 'post')?.member;
    expect(history).toMatchObject({ earlierReports: 50, actions: [{ action: 'warn' }], standing: 'good' });
    expect(many.queue.entries.filter((entry) => entry.subject.kind === 'member').every((entry) => entry.member === null && !entry.exists)).toBe(true);
  });
});
