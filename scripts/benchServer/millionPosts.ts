/**
 * A network of a million posts for the home feed's bench, written by SQL where it stands (loading a
 * million records through the store's loader would take the bench's time, not the feed's): 10,000
 * members with 100 posts each, one every 30 seconds over the year before now, and readers who
 * follow 1,000 or 5,000 of them. The readers are members already there (the bench's own), so they
 * log in with the seed's password.
 */
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../server/config';
import type { Database } from '../../server/db/database';
import { argon2Passwords } from '../../server/passwords';
import { createSqlStore } from '../../server/store/sqlStore';
import { recordingDatabase, type SentStatement } from '../../server/testing/recordingDatabase';
import type { StoreReader } from '../../contract/store';

export const SCALE_MEMBERS = 10_000;
export const SCALE_POSTS = 1_000_000;

/** Who reads Home, and how many members each follows. */
export interface Readers {
  follows: number;
  /** The readers' member ids. */
  ids: string[];
}

/**
 * Adds `count` members named for `kind` (ids 'u-scale-1', usernames 'scale_1', ...), joined two
 * years ago, each with the first member's password hash (the seed's password).
 */
export async function addMembers(database: Database, kind: string, count: number): Promise<void> {
  await database.query(
    `INSERT INTO members (id, username, first_name, last_name, password_hash, created_at, updated_at)
     SELECT 'u-' || $2 || '-' || n, $2 || '_' || n, initcap($2), 'Member ' || n, (SELECT password_hash FROM members ORDER BY seq LIMIT 1),
            now() - interval '2 years', now() - interval '2 years'
     FROM generate_series(1, $1::int) AS n`,
    [count, kind],
  );
}

/**
 * Adds the members, their posts, and each reader's follows (every reader follows `follows` members
 * picked at random, the same ones at every run), then brings the planner's
 * statistics and the visibility map up to date, as autovacuum would after such a load.
 */
export async function growToMillion(database: Database, readers: readonly Readers[]): Promise<{ seconds: number }> {
  const started = performance.now();
  await addMembers(database, 'scale', SCALE_MEMBERS);
  await database.query(
    `INSERT INTO posts (id, author_id, content, created_at, updated_at)
     SELECT 'p-scale-' || lpad(n::text, 7, '0'), 'u-scale-' || (1 + n % $2::int), 'Post ' || n || ' of a million, written to fill a home feed.',
            now() - n * interval '30 seconds', now() - n * interval '30 seconds'
     FROM generate_series(1, $1::int) AS n`,
    [SCALE_POSTS, SCALE_MEMBERS],
  );
  for (const { follows, ids } of readers) {
    for (const id of ids) {
      // A sample of its own for each reader, the same at every run: the members whose hash with the reader's id comes first.
      await database.query(
        `INSERT INTO follows (follower_id, followee_id)
         SELECT $1, 'u-scale-' || n FROM generate_series(1, $2::int) AS n ORDER BY md5($1 || '/' || n) LIMIT $3`,
        [id, SCALE_MEMBERS, follows],
      );
    }
  }
  await database.query('VACUUM ANALYZE');
  return { seconds: (performance.now() - started) / 1000 };
}

/**
 * The plan of Home's first page for `memberId`: the statement the server's store sends (recorded
 * from the store itself), under EXPLAIN (ANALYZE, BUFFERS), run twice so that the plan printed is
 * the second, on a warm cache.
 */
export async function explainHome(database: Database, memberId: string): Promise<string> {
  return explainSent(database, (reader) => reader.postPage({ kind: 'feed', memberId }, 'latest', { limit: 20 }), (text) => text.includes('CROSS JOIN LATERAL'), 'the home feed');
}

/**
 * The statement the server's store sends for `read` (the first that `isIt` knows), under EXPLAIN
 * (ANALYZE, BUFFERS), run twice so that the plan given is the second, on a warm cache: the
 * statement, its parameters, then the plan.
 */
export async function explainSent(database: Database, read: (reader: StoreReader) => Promise<unknown>, isIt: (text: string) => boolean, what: string): Promise<string> {
  const sent: SentStatement[] = [];
  const store = createSqlStore(recordingDatabase(database, sent), { publicDir: join(REPOSITORY_ROOT, 'public'), passwords: argon2Passwords });
  await store.read(read);
  const statement = sent.find((one) => isIt(one.text));
  if (!statement) throw new Error(`The store sent no statement of ${what}`);
  await database.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
  const plan = await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
  return `${statement.text.replace(/\s+/g, ' ')}\n-- parameters: ${JSON.stringify(statement.params)}\n${plan.map((row) => row['QUERY PLAN']).join('\n')}`;
}
