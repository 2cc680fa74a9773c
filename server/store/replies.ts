/** Replies to posts and their likes (the `replies` extension), with a post's replies a page at a time. */
import { replyCursor, replyCursorKey } from '../../contract/cursor';
import { refusal } from '../../contract/errors';
import type { ReplyPage, ReplyPageRequest, ReplyRow, Scope, StoreReader, StoreTx } from '../../contract/store';
import type { Row, Sql } from '../db/database';
import { iso, NO_LOCKS, rowById, setPair, storable, storableIds, type RowLocks } from './rows';

export const REPLY_COLUMNS = 'id, post_id, author_id, content, reply_to_id, reply_to_author_id, created_at';

export function toReply(row: Row): ReplyRow {
  return {
    id: String(row.id),
    postId: String(row.post_id),
    authorId: String(row.author_id),
    content: String(row.content),
    replyToId: row.reply_to_id === null ? null : String(row.reply_to_id),
    replyToAuthorId: row.reply_to_author_id === null ? null : String(row.reply_to_author_id),
    createdAt: iso(row.created_at),
  };
}

/** A position in a post's replies, checked before it reaches SQL. */
function positionOf(cursor: string): { createdAt: string; id: string } {
  const key = replyCursorKey(cursor);
  if (Number.isNaN(Date.parse(key.createdAt)) || !storable(key.id)) throw refusal('pageCursorInvalid');
  return key;
}

async function hasReply(sql: Sql, postId: string, side: '<' | '>', key: { createdAt: string; id: string }): Promise<boolean> {
  const rows = await sql.query(`SELECT 1 FROM replies WHERE post_id = $1 AND (created_at, id) ${side} ($2::timestamptz, $3::text) LIMIT 1`, [postId, key.createdAt, key.id]);
  return rows.length > 0;
}

/** The page before a position: read backwards by the same index, then put oldest first. */
async function replyPageBefore(sql: Sql, postId: string, limit: number, before: string): Promise<ReplyPage> {
  const key = positionOf(before);
  const rows = await sql.query(
    `SELECT ${REPLY_COLUMNS} FROM replies WHERE post_id = $1 AND (created_at, id) < ($3::timestamptz, $4::text) ORDER BY created_at DESC, id DESC LIMIT $2`,
    [postId, limit + 1, key.createdAt, key.id],
  );
  const items = rows.slice(0, limit).map(toReply).reverse();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    items,
    nextCursor: last && (await hasReply(sql, postId, '>', last)) ? replyCursor(last) : null,
    previousCursor: rows.length > limit && first ? replyCursor(first) : null,
  };
}

async function replyPage(sql: Sql, postId: string, { limit, cursor, at, before }: ReplyPageRequest): Promise<ReplyPage> {
  if (before !== undefined) return replyPageBefore(sql, postId, limit, before);
  const params: unknown[] = [postId, limit + 1];
  let from = '';
  const key = at ?? (cursor === undefined ? undefined : positionOf(cursor));
  if (key !== undefined) {
    params.push(key.createdAt, key.id);
    from = `AND (created_at, id) ${at === undefined ? '>' : '>='} ($3::timestamptz, $4::text)`;
  }
  const rows = await sql.query(`SELECT ${REPLY_COLUMNS} FROM replies WHERE post_id = $1 ${from} ORDER BY created_at, id LIMIT $2`, params);
  const items = rows.slice(0, limit).map(toReply);
  const first = items[0];
  const last = items[items.length - 1];
  return {
    items,
    nextCursor: rows.length > limit && last ? replyCursor(last) : null,
    previousCursor: key !== undefined && first && (await hasReply(sql, postId, '<', first)) ? replyCursor(first) : null,
  };
}

export function replyReads(sql: Sql, locks: RowLocks = NO_LOCKS) {
  return {
    async reply(id) {
      return rowById(sql, 'replies', REPLY_COLUMNS, id, locks.record, toReply);
    },
    async repliesByIds(ids) {
      if (ids.length === 0) return [];
      return (await sql.query(`SELECT ${REPLY_COLUMNS} FROM replies WHERE id = ANY($1::text[])`, [storableIds(ids)])).map(toReply);
    },
    async repliesByAuthor(authorId) {
      if (!storable(authorId)) return [];
      return (await sql.query(`SELECT ${REPLY_COLUMNS} FROM replies WHERE author_id = $1 ORDER BY created_at, id`, [authorId])).map(toReply);
    },
    async replyPage(postId, page) {
      if (!storable(postId)) return { items: [], nextCursor: null, previousCursor: null };
      return replyPage(sql, postId, page);
    },
    async replyCounts(scope: Scope, leaveOut?: ReadonlySet<string>) {
      // Some posts: each counted by its own range of (post_id, created_at, id), so a post's count
      // reads its replies' index entries alone; one grouped scan would read every reply when the
      // planner guesses the posts hold many of them. The authors left out (a reader's few blocks)
      // are one array compared with each reply's author.
      const left = leaveOut === undefined || leaveOut.size === 0 ? [] : [storableIds([...leaveOut])];
      const rows = scope === 'all'
        ? await sql.query(`SELECT post_id, count(*)::int AS n FROM replies ${left.length > 0 ? 'WHERE author_id <> ALL($1::text[]) ' : ''}GROUP BY post_id`, left)
        : await sql.query(
          `SELECT p.id AS post_id, (SELECT count(*)::int FROM replies WHERE post_id = p.id${left.length > 0 ? ' AND author_id <> ALL($2::text[])' : ''}) AS n FROM unnest($1::text[]) AS p(id)`,
          [storableIds(scope), ...left],
        );
      const counts = new Map<string, number>();
      for (const id of scope === 'all' ? [] : scope) counts.set(id, 0);
      for (const row of rows) counts.set(String(row.post_id), Number(row.n));
      return counts;
    },
    async replyLikeLists(replyIds: readonly string[]) {
      const lists = new Map<string, string[]>();
      if (replyIds.length === 0) return lists;
      for (const id of replyIds) lists.set(id, []);
      const rows = await sql.query('SELECT reply_id, member_id FROM reply_likes WHERE reply_id = ANY($1::text[]) ORDER BY seq', [storableIds(replyIds)]);
      for (const row of rows) lists.get(String(row.reply_id))?.push(String(row.member_id));
      return lists;
    },
    async isReplyLiked(replyId, memberId) {
      if (!storable(replyId)) return false;
      return (await sql.query(`SELECT 1 FROM reply_likes WHERE reply_id = $1 AND member_id = $2${locks.pair}`, [replyId, memberId])).length > 0;
    },
  } satisfies Partial<StoreReader>;
}

export function replyWrites(sql: Sql) {
  return {
    async insertReply(row) {
      await sql.query(
        `INSERT INTO replies (${REPLY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [row.id, row.postId, row.authorId, row.content, row.replyToId, row.replyToAuthorId, row.createdAt],
      );
    },
    async deleteReply(id) {
      // Its likes go with it (ON DELETE CASCADE); replies that answered it keep the author's name.
      await sql.query('DELETE FROM replies WHERE id = $1', [id]);
    },
    async setReplyLike(replyId, memberId, liked) {
      await setPair(sql, 'reply_likes', ['reply_id', 'member_id'], [replyId, memberId], liked);
    },
  } satisfies Partial<StoreTx>;
}
