/**
 * Leaving (the `accounts` extension): the account_deletions table, and a member deleted with
 * everything that names them.
 */
import type { AccountDeletionRow, StoreReader, StoreTx } from '../../contract/store';
import type { Row, Sql } from '../db/database';
import { releaseImages } from './media';
import { IMAGE_COLUMNS, imagesNamed } from './posts';
import { deleteReportsBy } from './reports';
import { iso, storable } from './rows';

/**
 * The condition that holds when `member` (a column or parameter) is seen by others: they did not ask
 * to leave and are not suspended (the `hidden_members` view).
 */
export function notHidden(member: string): string {
  return `NOT EXISTS (SELECT 1 FROM hidden_members WHERE member_id = ${member})`;
}

/**
 * The condition that leaves out the posts (by their author column `author`) of limited members
 * (`moderation`) for `viewer` (a parameter, or null for anyone): all but the viewer's own and those
 * of members the viewer follows.
 */
export function notLimitedFor(author: string, viewer: string | null): string {
  const exempt = viewer === null ? '' : ` AND ${author} <> ${viewer} AND NOT EXISTS (SELECT 1 FROM follows WHERE follower_id = ${viewer} AND followee_id = ${author})`;
  return `NOT EXISTS (SELECT 1 FROM member_standing WHERE member_id = ${author} AND standing = 'limited'${exempt})`;
}

function toDeletion(row: Row): AccountDeletionRow {
  return { memberId: String(row.member_id), requestedAt: iso(row.requested_at), purgeAt: iso(row.purge_at) };
}

export function leavingReads(sql: Sql) {
  return {
    async accountDeletionOf(memberId) {
      if (!storable(memberId)) return undefined;
      const [row] = await sql.query('SELECT member_id, requested_at, purge_at FROM account_deletions WHERE member_id = $1', [memberId]);
      return row && toDeletion(row);
    },
    async accountDeletionsDue(at) {
      return (await sql.query('SELECT member_id FROM account_deletions WHERE purge_at <= $1 ORDER BY purge_at, member_id', [at])).map((row) => String(row.member_id));
    },
  } satisfies Partial<StoreReader>;
}

export function leavingWrites(sql: Sql) {
  return {
    async scheduleAccountDeletion(row) {
      await sql.query(
        `INSERT INTO account_deletions (member_id, requested_at, purge_at) VALUES ($1, $2, $3)
         ON CONFLICT (member_id) DO UPDATE SET requested_at = EXCLUDED.requested_at, purge_at = EXCLUDED.purge_at`,
        [row.memberId, row.requestedAt, row.purgeAt],
      );
    },
    async cancelAccountDeletion(memberId) {
      return (await sql.query('DELETE FROM account_deletions WHERE member_id = $1 RETURNING 1', [memberId])).length > 0;
    },
    async deleteMember(memberId) {
      // Others' notifications that only this member is behind go (their part in the rest goes with
      // the member's row); then the posts, each with what names it (ON DELETE CASCADE), then the
      // member with every row that names them; the images nobody else names go with them.
      await sql.query(
        `DELETE FROM notifications n
         WHERE n.id IN (SELECT notification_id FROM notification_actors WHERE actor_id = $1)
           AND NOT EXISTS (SELECT 1 FROM notification_actors a WHERE a.notification_id = n.id AND a.actor_id <> $1)`,
        [memberId],
      );
      const posts = await sql.query(`DELETE FROM posts WHERE author_id = $1 RETURNING ${IMAGE_COLUMNS}`, [memberId]);
      const scheduled = await sql.query(`DELETE FROM scheduled_posts WHERE author_id = $1 RETURNING ${IMAGE_COLUMNS}`, [memberId]);
      // The reports they made, with the images those kept; the reports about them stay.
      await deleteReportsBy(sql, memberId);
      const member = await sql.query<{ image: string }>('DELETE FROM members WHERE id = $1 RETURNING image', [memberId]);
      await sql.query('DELETE FROM idempotency_keys WHERE scope = $1', [memberId]);
      // The change log's events that name them (a stream behind one loads again, as after any gap).
      await sql.query('DELETE FROM events WHERE EXISTS (SELECT 1 FROM jsonb_each_text(payload) AS field WHERE field.value = $1)', [memberId]);
      await releaseImages(sql, [...imagesNamed([...posts, ...scheduled]), ...member.map((row) => row.image)]);
    },
  } satisfies Partial<StoreTx>;
}
