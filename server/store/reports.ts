/**
 * Members' reports (the `moderation` extension): the reports table, one row a report, with what was
 * reported kept as jsonb. The partial unique index keeps one open report per reporter and subject:
 * of two at once, the second's insert fails and its transaction is run again, when the rules find
 * the first. A reported post's stored images are counted as named by the report too (media.refs),
 * so they are still served to moderators after the post goes.
 */
import type { ReportedContent } from '../../contract/api';
import type { ReportRow, StoreReader, StoreTx } from '../../contract/store';
import type { Row, Sql } from '../db/database';
import { holdImages, releaseImages } from './media';
import { iso, storable } from './rows';

export const REPORT_COLUMNS = 'id, reporter_id, subject_kind, subject_id, reason, comment, rule, status, content, created_at';

/** The content column as read: jsonb arrives parsed from node-postgres and PGlite alike, or as text. */
function contentOf(value: unknown): ReportedContent {
  return (typeof value === 'string' ? JSON.parse(value) : value) as ReportedContent;
}

export function toReport(row: Row): ReportRow {
  const content = contentOf(row.content);
  return {
    id: String(row.id),
    reporterId: String(row.reporter_id),
    subjectKind: String(row.subject_kind) as ReportRow['subjectKind'],
    subjectId: String(row.subject_id),
    reason: String(row.reason) as ReportRow['reason'],
    comment: String(row.comment),
    rule: row.rule === null || row.rule === undefined ? null : Number(row.rule),
    status: String(row.status) as ReportRow['status'],
    content,
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
  } satisfies Partial<StoreReader>;
}

export function reportWrites(sql: Sql) {
  return {
    async insertReport(row) {
      await sql.query(
        `INSERT INTO reports (${REPORT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)`,
        [row.id, row.reporterId, row.subjectKind, row.subjectId, row.reason, row.comment, row.rule, row.status, JSON.stringify(row.content), row.createdAt],
      );
      await holdImages(sql, reportImages([row.content]));
    },
  } satisfies Partial<StoreTx>;
}
