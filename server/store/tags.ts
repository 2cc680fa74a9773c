/**
 * Tags (the `tags` extension): a row per post and tag its text holds, written with the post, and a
 * tag's posts newest first by one index (post_tags_newest).
 */
import type { Orderable } from '../../contract/order';
import { tagsOf } from '../../contract/richText';
import type { PostRow } from '../../contract/store';
import type { Database, Sql } from '../db/database';

/**
 * Writes the tag rows of posts that have none yet (a new post, an import), those their texts hold.
 * Each row takes its post's creation time, so the tag's index holds the posts' order.
 */
export async function writeTags(sql: Sql, posts: ReadonlyArray<Pick<PostRow, 'id' | 'content'>>): Promise<void> {
  const pairs = posts.flatMap((post) => tagsOf(post.content).map((tag) => [post.id, tag] as const));
  if (pairs.length === 0) return;
  await sql.query(
    `INSERT INTO post_tags (post_id, tag, created_at)
     SELECT p.id, t.tag, p.created_at FROM unnest($1::text[], $2::text[]) AS t(post_id, tag) JOIN posts p ON p.id = t.post_id`,
    [pairs.map(([id]) => id), pairs.map(([, tag]) => tag)],
  );
}

/** Replaces the tag rows of posts whose text changed (an edit) with those their texts hold now. */
export async function replaceTags(sql: Sql, posts: ReadonlyArray<Pick<PostRow, 'id' | 'content'>>): Promise<void> {
  if (posts.length === 0) return;
  await sql.query('DELETE FROM post_tags WHERE post_id = ANY($1::text[])', [posts.map((post) => post.id)]);
  await writeTags(sql, posts);
}

/**
 * The ids and creation times of one page of a tag's posts, newest first, after `key` (and one more,
 * to tell whether a page follows): read by the tag's index from the cursor on, a range on
 * created_at with ties by post id.
 */
export function tagRowsQuery(tag: string, key: Orderable | undefined, take: number, param: (value: unknown) => string): string {
  const t = param(tag);
  let after = '';
  if (key !== undefined) {
    const [c, i] = [param(key.createdAt), param(key.id)];
    after = `AND created_at <= ${c} AND (created_at < ${c} OR post_id > ${i})`;
  }
  return `SELECT post_id, created_at FROM post_tags WHERE tag = ${t} ${after} ORDER BY created_at DESC, post_id ASC LIMIT ${param(take)}`;
}

/** How many unread posts one transaction reads the tags of. */
const UNREAD_BATCH = 500;

/**
 * Reads the tags of the posts stored before tags were kept (migration 0007), a batch at a time;
 * servers starting together share the work (each batch's rows are locked, others skip them). Returns
 * how many posts it read. Tag rows are not answers any cached read holds yet, so no version is raised.
 */
export async function readUnreadTags(database: Database): Promise<number> {
  let read = 0;
  for (;;) {
    const batch = await database.transaction(async (sql) => {
      const rows = await sql.query(`SELECT id, content FROM posts WHERE NOT tags_read ORDER BY id LIMIT ${UNREAD_BATCH} FOR UPDATE SKIP LOCKED`);
      const posts = rows.map((row) => ({ id: String(row.id), content: String(row.content) }));
      await replaceTags(sql, posts);
      if (posts.length > 0) await sql.query('UPDATE posts SET tags_read = true WHERE id = ANY($1::text[])', [posts.map((post) => post.id)]);
      return rows.length;
    });
    read += batch;
    if (batch < UNREAD_BATCH) return read;
  }
}
