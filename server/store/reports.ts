/**
 * Members' reports and the moderators' work on them (the `moderation` extension): the reports
 * table, one row a report, with what was reported kept as jsonb; where members stand
 * (member_standing); and the audit log (moderation_audit), which is only ever added to. The partial
 * unique index keeps one open report per reporter and subject: of two at once, the second's insert
 * fails and its transaction is run again, when the rules find the first.
 * A reported post's stored images are counted as named by the report too (media.refs), so they are
 * still served to moderators after the post goes.
 */
import type { MemberStanding, ModerationAction, ReportedContent } from '../../contract/api';
import { decodeCursor, encodeCursor } from '../../contract/cursor';
import { refusal } from '../../contract/errors';
import type { AuditRow, ModerationHistory, ReportRow, StoreReader, StoreTx } from '../../contract/store';
import type { Row, Sql } from '../db/database';
import { holdImages, releaseImages } from './media';
import { MEMBER_COLUMNS, toMember } from './members';
import { iso, storable, storableIds } from './rows';

export const REPORT_COLUMNS = 'id, reporter_id, subject_kind, subject_id, reason, comment, rule_id, rule_title, status, content, created_at';
export const AUDIT_COLUMNS = 'id, actor_id, actor_username, action, subject_kind, subject_id, member_id, member_username, reason, report_ids, created_at';

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** The content column as read: jsonb arrives parsed from node-postgres and PGlite alike, or as text. */
function contentOf(value: unknown): ReportedContent {
  return (typeof value === 'string' ? JSON.parse(value) : value) as ReportedContent;
}

export function toReport(row: Row): ReportRow {
  return {
    id: String(row.id),
    reporterId: String(row.reporter_id),
    subjectKind: String(row.subject_kind) as ReportRow['subjectKind'],
    subjectId: String(row.subject_id),
    reason: String(row.reason) as ReportRow['reason'],
    comment: String(row.comment),
    rule: row.rule_id === null || row.rule_id === undefined ? null : { id: String(row.rule_id), title: String(row.rule_title) },
    status: String(row.status) as ReportRow['status'],
    content: json<ReportedContent>(row.content),
    createdAt: iso(row.created_at),
  };
}

export function toAudit(row: Row): AuditRow {
  return {
    id: String(row.id),
    actorId: String(row.actor_id),
    actorUsername: String(row.actor_username),
    action: String(row.action) as ModerationAction,
    subjectKind: String(row.subject_kind) as AuditRow['subjectKind'],
    subjectId: String(row.subject_id),
    memberId: row.member_id === null || row.member_id === undefined ? null : String(row.member_id),
    memberUsername: row.member_username === null || row.member_username === undefined ? null : String(row.member_username),
    reason: String(row.reason),
    reportIds: json<string[]>(row.report_ids).map(String),
    createdAt: iso(row.created_at),
  };
}

/** The images reports keep: those of the posts they report. */
export function reportImages(contents: readonly ReportedContent[]): string[] {
  return contents.flatMap((content) => (content.kind === 'post' ? content.images : []));
}

/** Deletes the reports a member made (their account goes), letting go of the images they kept. */
export async function deleteReportsBy(sql: Sql, reporterId: string): Promise<void> {
  const deleted = await sql.query('DELETE FROM reports WHERE reporter_id = $1 RETURNING content', [reporterId]);
  await releaseImages(sql, reportImages(deleted.map((row) => contentOf(row.content))));
}

export function reportReads(sql: Sql) {
  return {
    async reportsBy(reporterId) {
      if (!storable(reporterId)) return [];
      return (await sql.query(`SELECT ${REPORT_COLUMNS} FROM reports WHERE reporter_id = $1 ORDER BY created_at DESC, seq DESC`, [reporterId])).map(toReport);
    },
    async openReport(reporterId, subjectKind, subjectId) {
      if (!storable(reporterId) || !storable(subjectId)) return undefined;
      const [row] = await sql.query(
        `SELECT ${REPORT_COLUMNS} FROM reports WHERE reporter_id = $1 AND subject_kind = $2 AND subject_id = $3 AND status = 'open'`,
        [reporterId, subjectKind, subjectId],
      );
      return row && toReport(row);
    },
    async openReportsAbout(subjectKind, subjectId) {
      if (!storable(subjectId)) return [];
      return (await sql.query(
        `SELECT ${REPORT_COLUMNS} FROM reports WHERE status = 'open' AND subject_kind = $1 AND subject_id = $2 ORDER BY created_at DESC, id DESC`,
        [subjectKind, subjectId],
      )).map(toReport);
    },
    async openSubjectPage({ limit, cursor }) {
      // One statement. The page's subjects: the open reports walked newest first from the cursor,
      // one step of reports_open at a time, keeping each that is its subject's newest (one probe of
      // reports_open_by_subject), until one more than the page is found, which tells that a page
      // follows. Each step and probe is a LIMIT 1 in the index's own order, so the plan stays so
      // without statistics (PGlite never gathers any; PostgreSQL not before autovacuum), and a page
      // reads about as many entries as it shows however long the queue. Then each shown subject's
      // open reports, from the same index (OFFSET 0 keeps the test of the place inside the
      // subquery, made before its index is read: the subject past the page has none read). A
      // cursor is the last subject's newest.
      let after: [string, string] | undefined;
      if (cursor !== undefined) {
        const [createdAt, id] = decodeCursor(cursor, 'moderation-queue', ['s', 's']).map(String);
        if (createdAt === undefined || id === undefined || Number.isNaN(Date.parse(createdAt)) || !storable(id)) throw refusal('pageCursorInvalid');
        after = [createdAt, id];
      }
      const rows = await sql.query(
        `WITH RECURSIVE walk AS (
           (SELECT subject_kind, subject_id, created_at, id FROM reports
            WHERE status = 'open' ${after ? 'AND (created_at, id) < ($3::timestamptz, $4)' : ''}
            ORDER BY created_at DESC, id DESC LIMIT 1)
           UNION ALL
           SELECT next.* FROM walk w CROSS JOIN LATERAL (
             SELECT subject_kind, subject_id, created_at, id FROM reports
             WHERE status = 'open' AND (created_at, id) < (w.created_at, w.id)
             ORDER BY created_at DESC, id DESC LIMIT 1
           ) next
         ), subjects AS (
           SELECT * FROM walk w
           WHERE w.id = (
             SELECT o.id FROM reports o WHERE o.status = 'open' AND o.subject_kind = w.subject_kind AND o.subject_id = w.subject_id
             ORDER BY o.created_at DESC, o.id DESC LIMIT 1
           )
           LIMIT $1
         ), placed AS (
           SELECT subjects.*, row_number() OVER (ORDER BY created_at DESC, id DESC) AS place FROM subjects
         )
         SELECT p.place, p.created_at AS newest_at, p.id AS newest_id, x.*
         FROM placed p LEFT JOIN LATERAL (
           SELECT ${REPORT_COLUMNS} FROM reports
           WHERE p.place <= $2 AND status = 'open' AND subject_kind = p.subject_kind AND subject_id = p.subject_id OFFSET 0
         ) x ON true
         ORDER BY p.place, x.created_at DESC, x.id DESC`,
        after ? [limit + 1, limit, ...after] : [limit + 1, limit],
      );
      const groups = new Map<number, ReportRow[]>();
      let last: Row | undefined;
      for (const row of rows) {
        const place = Number(row.place);
        if (place > limit) continue;
        let group = groups.get(place);
        if (!group) {
          group = [];
          groups.set(place, group);
          last = row;
        }
        group.push(toReport(row));
      }
      const more = rows.some((row) => Number(row.place) > limit);
      return {
        items: [...groups.values()],
        nextCursor: more && last ? encodeCursor('moderation-queue', [iso(last.newest_at), String(last.newest_id)]) : null,
      };
    },
    async openReportCount() {
      // Kept as reports open, close and go (open_reports_counted.sql): one row, however long the queue.
      const [row] = await sql.query<{ count: number }>('SELECT count FROM open_report_count');
      return Number(row?.count ?? 0);
    },
    async moderationHistories(memberIds) {
      // One statement for the whole page: each member's standing, count of closed reports about
      // them (reports_closed_about_member, whose expression this repeats) and audit entries.
      const histories = new Map<string, ModerationHistory>(memberIds.map((id) => [id, { closedReports: 0, actions: [], standing: 'good' }]));
      const ids = storableIds([...histories.keys()]);
      if (ids.length === 0) return histories;
      const rows = await sql.query(
        `SELECT m.id, s.standing,
           (SELECT count(*)::int FROM reports r
             WHERE r.status <> 'open' AND (CASE WHEN r.subject_kind = 'member' THEN r.subject_id ELSE r.content ->> 'authorId' END) = m.id) AS closed_reports,
           (SELECT jsonb_agg(to_jsonb(a) - 'seq' ORDER BY a.seq DESC) FROM moderation_audit a WHERE a.member_id = m.id) AS actions
         FROM unnest($1::text[]) AS m(id) LEFT JOIN member_standing s ON s.member_id = m.id`,
        [ids],
      );
      for (const row of rows) {
        const history = histories.get(String(row.id));
        if (!history) continue;
        history.closedReports = Number(row.closed_reports);
        if (row.standing !== null && row.standing !== undefined) history.standing = String(row.standing) as MemberStanding;
        if (row.actions !== null && row.actions !== undefined) history.actions = json<Row[]>(row.actions).map(toAudit);
      }
      return histories;
    },
    async auditOf(memberId) {
      if (!storable(memberId)) return [];
      return (await sql.query(`SELECT ${AUDIT_COLUMNS} FROM moderation_audit WHERE member_id = $1 ORDER BY seq DESC`, [memberId])).map(toAudit);
    },
    async auditPage({ limit, cursor }) {
      // The newest first, by the order they were written; a cursor is the last entry's place.
      const before = cursor === undefined ? undefined : Number(decodeCursor(cursor, 'audit', ['n'])[0]);
      if (before !== undefined && (!Number.isSafeInteger(before) || before < 0)) throw refusal('pageCursorInvalid');
      const rows = await sql.query(
        `SELECT ${AUDIT_COLUMNS}, seq FROM moderation_audit ${before === undefined ? '' : 'WHERE seq < $2'} ORDER BY seq DESC LIMIT $1`,
        before === undefined ? [limit + 1] : [limit + 1, before],
      );
      const shown = rows.slice(0, limit);
      const last = shown[shown.length - 1];
      return { items: shown.map(toAudit), nextCursor: rows.length > limit && last ? encodeCursor('audit', [Number(last.seq)]) : null };
    },
    async standingOf(memberId) {
      if (!storable(memberId)) return 'good';
      const [row] = await sql.query<{ standing: string }>('SELECT standing FROM member_standing WHERE member_id = $1', [memberId]);
      return (row?.standing ?? 'good') as MemberStanding;
    },
    async limitedMembers() {
      return (await sql.query<{ member_id: string }>(`SELECT member_id FROM member_standing WHERE standing = 'limited' ORDER BY member_id`)).map((row) => String(row.member_id));
    },
    async restrictedMemberPage({ limit, cursor }) {
      // By username, lower-cased, in code point order (usernames are ASCII); a cursor is the last one shown.
      const after = cursor === undefined ? undefined : String(decodeCursor(cursor, 'restricted', ['s'])[0]);
      if (after !== undefined && !storable(after)) throw refusal('pageCursorInvalid');
      const rows = await sql.query(
        `SELECT ${MEMBER_COLUMNS}, standing FROM members JOIN member_standing ON member_standing.member_id = members.id
         ${after === undefined ? '' : 'WHERE lower(username) COLLATE "C" > $2'}
         ORDER BY lower(username) COLLATE "C" LIMIT $1`,
        after === undefined ? [limit + 1] : [limit + 1, after],
      );
      const shown = rows.slice(0, limit);
      const last = shown[shown.length - 1];
      return {
        items: shown.map((row) => ({ member: toMember(row), standing: String(row.standing) as 'limited' | 'suspended' })),
        nextCursor: rows.length > limit && last ? encodeCursor('restricted', [String(last.username).toLowerCase()]) : null,
      };
    },
  } satisfies Partial<StoreReader>;
}

export function reportWrites(sql: Sql) {
  return {
    async insertReport(row) {
      await sql.query(
        `INSERT INTO reports (${REPORT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)`,
        [row.id, row.reporterId, row.subjectKind, row.subjectId, row.reason, row.comment, row.rule?.id ?? null, row.rule?.title ?? null, row.status, JSON.stringify(row.content), row.createdAt],
      );
      await holdImages(sql, reportImages([row.content]));
    },
    async closeReports(ids, status) {
      if (ids.length === 0) return;
      await sql.query(`UPDATE reports SET status = $2 WHERE id = ANY($1::text[]) AND status = 'open'`, [[...ids], status]);
    },
    async insertAudit(row) {
      await sql.query(
        `INSERT INTO moderation_audit (${AUDIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)`,
        [row.id, row.actorId, row.actorUsername, row.action, row.subjectKind, row.subjectId, row.memberId, row.memberUsername, row.reason, JSON.stringify(row.reportIds), row.createdAt],
      );
    },
    async setStanding(memberId, standing) {
      if (standing === 'good') await sql.query('DELETE FROM member_standing WHERE member_id = $1', [memberId]);
      else {
        await sql.query(
          'INSERT INTO member_standing (member_id, standing) VALUES ($1, $2) ON CONFLICT (member_id) DO UPDATE SET standing = EXCLUDED.standing',
          [memberId, standing],
        );
      }
    },
  } satisfies Partial<StoreTx>;
}
