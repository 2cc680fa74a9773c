/** Mute and block (the `mute-block` extension): the mutes and blocks tables. */
import type { Relations, Standing, StoreReader, StoreTx } from '../../contract/store';
import type { Sql } from '../db/database';
import { notHidden } from './leaving';
import { NO_LOCKS, storable, type RowLocks } from './rows';

/**
 * The condition that leaves out the posts (by their `author_id` column, `author`) of members the
 * viewer (the parameter `viewer`) mutes or is in a block with, and of members who left (but the
 * viewer's own): primary-key probes, one per post read.
 */
export function shownToViewer(author: string, viewer: string): string {
  return `NOT EXISTS (SELECT 1 FROM mutes WHERE member_id = ${viewer} AND muted_id = ${author})
    AND NOT EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${viewer} AND blocked_id = ${author})
    AND NOT EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${author} AND blocked_id = ${viewer})
    AND (${author} = ${viewer} OR ${notHidden(author)})`;
}

export function relationReads(sql: Sql, locks: RowLocks = NO_LOCKS) {
  return {
    async relations(memberId): Promise<Relations> {
      const found: Relations = { muting: [], blocking: [], blockedBy: [] };
      if (!storable(memberId)) return found;
      const rows = await sql.query(
        `SELECT 'muting' AS list, muted_id AS other, seq FROM mutes WHERE member_id = $1
         UNION ALL SELECT 'blocking', blocked_id, seq FROM blocks WHERE blocker_id = $1
         UNION ALL SELECT 'blockedBy', blocker_id, seq FROM blocks WHERE blocked_id = $1
         ORDER BY seq`,
        [memberId],
      );
      for (const row of rows) found[String(row.list) as keyof Relations].push(String(row.other));
      return found;
    },
    async blockedBetween(memberId, otherId) {
      if (!storable(memberId) || !storable(otherId)) return false;
      const rows = await sql.query(
        `SELECT 1 FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)${locks.pair}`,
        [memberId, otherId],
      );
      return rows.length > 0;
    },
    async standing(viewerId): Promise<Standing> {
      const found: Standing = { muting: [], blocking: [], blockedBy: [], leaving: [] };
      const viewer = viewerId !== undefined && storable(viewerId) ? viewerId : null;
      const rows = await sql.query(
        `SELECT 'muting' AS list, muted_id AS other, seq FROM mutes WHERE member_id = $1
         UNION ALL SELECT 'blocking', blocked_id, seq FROM blocks WHERE blocker_id = $1
         UNION ALL SELECT 'blockedBy', blocker_id, seq FROM blocks WHERE blocked_id = $1
         UNION ALL SELECT DISTINCT 'leaving', member_id, 0 FROM hidden_members
         ORDER BY seq, other`,
        [viewer],
      );
      for (const row of rows) found[String(row.list) as keyof Standing].push(String(row.other));
      return found;
    },
    async unseenBy(viewerId, otherId) {
      if (!storable(otherId)) return false;
      const viewer = viewerId !== undefined && storable(viewerId) ? viewerId : null;
      // The pair's block rows are locked as blockedBetween locks them, inside a writing transaction.
      const [row] = await sql.query(
        `WITH block AS (
           SELECT 1 FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)${locks.pair}
         )
         SELECT EXISTS (SELECT 1 FROM hidden_members WHERE member_id = $2)
           OR EXISTS (SELECT 1 FROM block) AS unseen`,
        [viewer, otherId],
      );
      return row?.unseen === true;
    },
  } satisfies Partial<StoreReader>;
}

export function relationWrites(sql: Sql) {
  return {
    async setMute(memberId, otherId, muted) {
      if (muted) await sql.query('INSERT INTO mutes (member_id, muted_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [memberId, otherId]);
      else await sql.query('DELETE FROM mutes WHERE member_id = $1 AND muted_id = $2', [memberId, otherId]);
    },
    async setBlock(memberId, otherId, blocked) {
      if (blocked) await sql.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [memberId, otherId]);
      else await sql.query('DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2', [memberId, otherId]);
    },
  } satisfies Partial<StoreTx>;
}
