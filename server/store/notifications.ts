/**
 * A member's notifications (the `notifications` extension): one row each, the likers of a grouped
 * like in notification_actors, a page at a time by the member's `place` index, with who is behind
 * each in the same statement.
 */
import { notificationCursor, notificationCursorKey } from '../../contract/cursor';
import type { NotificationEntry, NotificationKind, NotificationRow, Page, PageRequest, StoreReader, StoreTx } from '../../contract/store';
import type { Row, Sql } from '../db/database';
import { iso } from './rows';

export const NOTIFICATION_COLUMNS = 'id, recipient_id, kind, key, post_id, reply_id, unread, updated_at';

export function toNotification(row: Row): NotificationRow & { key: string } {
  return {
    id: String(row.id),
    recipientId: String(row.recipient_id),
    kind: String(row.kind) as NotificationKind,
    key: String(row.key),
    postId: row.post_id === null ? null : String(row.post_id),
    replyId: row.reply_id === null ? null : String(row.reply_id),
    unread: row.unread === true,
    updatedAt: iso(row.updated_at),
  };
}

async function notificationPage(sql: Sql, memberId: string, { limit, cursor }: PageRequest): Promise<Page<NotificationEntry>> {
  const params: unknown[] = [memberId, limit + 1];
  let before = '';
  if (cursor !== undefined) {
    params.push(notificationCursorKey(cursor));
    before = 'AND place < $3::bigint';
  }
  // The page by the member's index, then per notification how many members the recipient sees are
  // behind it and the newest of them by the index on (notification_id, seq DESC), and the text it is
  // about (the reply's, else the post's, by their keys): one round trip, however many there are.
  const rows = await sql.query(
    `SELECT n.*, counted.actor_count, newest.actor_id AS newest_actor_id, COALESCE(r.content, p.content) AS about_text
     FROM (SELECT ${NOTIFICATION_COLUMNS}, place FROM notifications WHERE recipient_id = $1 ${before} ORDER BY place DESC LIMIT $2) AS n
     CROSS JOIN LATERAL (SELECT count(*)::int AS actor_count FROM notification_actors_seen($1, n.id)) AS counted
     LEFT JOIN LATERAL (SELECT seen.actor_id FROM notification_actors_seen($1, n.id) AS seen ORDER BY seen.seq DESC LIMIT 1) AS newest ON true
     LEFT JOIN replies r ON r.id = n.reply_id
     LEFT JOIN posts p ON p.id = n.post_id AND n.reply_id IS NULL
     ORDER BY n.place DESC`,
    params,
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => {
      const { key: _key, ...notification } = toNotification(row);
      const actors = row.newest_actor_id === null ? null : { count: Number(row.actor_count), newestId: String(row.newest_actor_id) };
      return { ...notification, actors, aboutText: row.about_text === null ? null : String(row.about_text) };
    }),
    nextCursor: rows.length > limit && last ? notificationCursor(Number(last.place)) : null,
  };
}

export function notificationReads(sql: Sql) {
  return {
    notificationPage: (memberId, page) => notificationPage(sql, memberId, page),
    async unreadNotificationCount(memberId, max) {
      const [row] = await sql.query('SELECT unread FROM unread_notification_count($1, $2)', [memberId, max]);
      return Number(row?.unread ?? 0);
    },
    async notificationRecipients(about) {
      const rows = 'postId' in about
        ? await sql.query('SELECT DISTINCT recipient_id FROM notifications WHERE post_id = $1', [about.postId])
        : await sql.query('SELECT DISTINCT recipient_id FROM notifications WHERE reply_id = $1', [about.replyId]);
      return rows.map((row) => String(row.recipient_id));
    },
  } satisfies Partial<StoreReader>;
}

export function notificationWrites(sql: Sql) {
  return {
    async addNotificationActor({ key, ...fields }, actorId, at) {
      // The member's notification of that key, made when there is none, locked while it grows.
      await sql.query(
        `INSERT INTO notifications (id, recipient_id, kind, key, post_id, reply_id, unread, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, true, $7) ON CONFLICT (recipient_id, key) DO NOTHING`,
        [fields.id, fields.recipientId, fields.kind, key, fields.postId, fields.replyId, at],
      );
      const [found] = await sql.query('SELECT id FROM notifications WHERE recipient_id = $1 AND key = $2 FOR UPDATE', [fields.recipientId, key]);
      const id = String(found?.id);
      const added = await sql.query(
        'INSERT INTO notification_actors (notification_id, actor_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING actor_id',
        [id, actorId],
      );
      if (added.length === 0) return;
      await sql.query(
        "UPDATE notifications SET unread = true, updated_at = $2, place = nextval('notification_order') WHERE id = $1",
        [id, at],
      );
    },
    async removeNotificationActor(recipientId, key, actorId) {
      const [found] = await sql.query('SELECT id FROM notifications WHERE recipient_id = $1 AND key = $2 FOR UPDATE', [recipientId, key]);
      if (!found) return false;
      const removed = await sql.query('DELETE FROM notification_actors WHERE notification_id = $1 AND actor_id = $2 RETURNING actor_id', [found.id, actorId]);
      if (removed.length === 0) return false;
      await sql.query('DELETE FROM notifications n WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM notification_actors WHERE notification_id = n.id)', [found.id]);
      return true;
    },
    async markNotificationsRead(memberId) {
      await sql.query('UPDATE notifications SET unread = false WHERE recipient_id = $1 AND unread', [memberId]);
    },
  } satisfies Partial<StoreTx>;
}
