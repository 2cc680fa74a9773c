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
import type { AuditRow, ReportRow, StoreReader, StoreTx } from '../../contract/store';
import type { Row, Sql } from '../db/database';
import { holdImages, releaseImages } from './media';
import { MEMBER_COLUMNS, toMember } from './members';
import { iso, storable } from './rows';

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
      // The page's subjects first, by their newest open report, from the open reports' index alone
      // (no content read); then those subjects' open reports. A cursor is the last subject's newest.
      let after: [string, string] | undefined;
      if (cursor !== undefined) {
        const [createdAt, id] = decodeCursor(cursor, 'moderation-queue', ['s', 's']).map(String);
        if (createdAt === undefined || id === undefined || Number.isNaN(Date.parse(createdAt)) || !storable(id)) throw refusal('pageCursorInvalid');
        after = [createdAt, id];
      }
      const newest = await sql.query(
        `SELECT subject_kind, subject_id, created_at, id FROM (
           SELECT DISTINCT ON (subject_kind, subject_id) subject_kind, subject_id, created_at, id FROM reports
           WHERE status = 'open' ORDER BY subject_kind, subject_id, created_at DESC, id DESC
         ) AS newest ${after ? 'WHERE (created_at, id) < ($2::timestamptz, $3)' : ''}
         ORDER BY created_at DESC, id DESC LIMIT $1`,
        after ? [limit + 1, ...after] : [limit + 1],
      );
      const shown = newest.slice(0, limit);
      const keyOf = (kind: unknown, id: unknown) => `${String(kind)}\u0000${String(id)}`;
      const groups = new Map(shown.map((row) => [keyOf(row.subject_kind, row.subject_id), [] as ReportRow[]]));
      if (shown.length > 0) {
        const rows = await sql.query(
          `SELECT ${REPORT_COLUMNS} FROM reports WHERE status = 'open' AND subject_kind = ANY($1::text[]) AND subject_id = ANY($2::text[])
           ORDER BY created_at DESC, id DESC`,
          [[...new Set(shown.map((row) => String(row.subject_kind)))], shown.map((row) => String(row.subject_id))],
        );
        for (const row of rows) groups.get(keyOf(row.subject_kind, row.subject_id))?.push(toReport(row));
      }
      const last = shown[shown.length - 1];
      return {
        items: [...groups.values()].filter((group) => group.length > 0),
        nextCursor: newest.length > limit && last ? encodeCursor('moderation-queue', [iso(last.created_at), String(last.id)]) : null,
      };
    },
    async openReportCount() {
      const [row] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM reports WHERE status = 'open'`);
      return Number(row?.count ?? 0);
    },
    async reportsAboutMember(memberId) {
      if (!storable(memberId)) return [];
      return (await sql.query(
        `SELECT ${REPORT_COLUMNS} FROM reports
         WHERE (subject_kind = 'member' AND subject_id = $1) OR (subject_kind <> 'member' AND content ->> 'authorId' = $1)
         ORDER BY created_at DESC, seq DESC`,
        [memberId],
      )).map(toReport);
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
