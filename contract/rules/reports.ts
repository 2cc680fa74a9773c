/**
 * Reports (the `moderation` extension): a member reports a post, a reply or a member to the
 * network's moderators, with a reason, an optional comment and the rule it breaks. The report keeps
 * what was reported as it read then, so a later edit or delete does not change what moderators
 * read. What the member does not see (a block either way) is not found, as everywhere; they
 * report neither themselves nor what they wrote, and the same thing once while their report is open.
 */
import type { Report, ReportedContent, ReportReason, ReportSummary } from '../api';
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import { LIMITS } from '../limits';
import type { MemberRow, ReportRow, StoreTx } from '../store';
import { countGraphemes } from '../validation';
import { visibleMember, visibleOriginal, visibleReply } from './relations';
import { readSubject, type SubjectKind } from './subjects';

const REASONS: readonly ReportReason[] = ['spam', 'abuse', 'illegal', 'other'];

/** A report's body as sent: its fields are checked here, so that each refusal names its field. */
type ReportBody = { about?: unknown; reason?: unknown; comment?: unknown; rule?: unknown };

/** What a report's body asks for, checked field by field. */
interface ReportDraft {
  kind: SubjectKind;
  subjectId: string;
  reason: ReportReason;
  comment: string;
  /** The id of one of the network's rules, checked against them in the report's transaction. */
  rule: string | null;
}

/** The body's fields, in the order their refusals are checked: what, why, the comment, the rule. */
export function readReportDraft(body: ReportBody): ReportDraft {
  const subject = readSubject(body.about, 'reportSubjectInvalid');
  if (typeof body.reason !== 'string' || !(REASONS as readonly string[]).includes(body.reason)) throw refusal('reportReasonInvalid');
  if (body.comment !== undefined && typeof body.comment !== 'string') throw refusal('invalidBody');
  const comment = (body.comment ?? '').trim();
  if (countGraphemes(comment) > LIMITS.reportCommentMax) throw refusal('reportCommentTooLong');
  const { rule } = body;
  if (rule !== undefined && rule !== null && (typeof rule !== 'string' || rule === '')) throw refusal('reportRuleInvalid');
  return { ...subject, reason: body.reason as ReportReason, comment, rule: typeof rule === 'string' ? rule : null };
}

/**
 * The subject as it reads now, as the reporter sees it: its id (a repost's is its original's) and
 * what the report keeps of it. Refused when the reporter does not see it, or it is theirs.
 */
async function subjectContent(tx: StoreTx, reporter: MemberRow, kind: SubjectKind, subjectId: string): Promise<{ id: string; content: ReportedContent }> {
  if (kind === 'member') {
    if (subjectId === reporter.id) throw refusal('cannotReportSelf');
    const member = await visibleMember(tx, subjectId, reporter.id);
    return { id: member.id, content: { kind, firstName: member.firstName, lastName: member.lastName, username: member.username, bio: member.userBio } };
  }
  const item = kind === 'post' ? await visibleOriginal(tx, subjectId, reporter.id) : await visibleReply(tx, subjectId, reporter.id);
  if (item.authorId === reporter.id) throw refusal('cannotReportOwn');
  const author = await tx.memberById(item.authorId);
  const username = author?.username ?? '';
  if ('postId' in item) {
    return { id: item.id, content: { kind: 'reply', postId: item.postId, authorId: item.authorId, username, text: item.content, createdAt: item.createdAt } };
  }
  const images = [item.postImage, ...item.moreImages.map((image) => image.url)].filter((url) => url !== '');
  return { id: item.id, content: { kind: 'post', authorId: item.authorId, username, text: item.content, images, createdAt: item.createdAt } };
}

export function presentReport(row: ReportRow): Report {
  return {
    id: row.id, about: { kind: row.subjectKind, id: row.subjectId }, reason: row.reason, comment: row.comment,
    ...(row.rule !== null ? { rule: row.rule.id } : {}), status: row.status, createdAt: row.createdAt,
  };
}

function summaryOf(row: ReportRow): ReportSummary {
  return { id: row.id, about: { kind: row.subjectKind, id: row.subjectId }, reason: row.reason, status: row.status, createdAt: row.createdAt };
}

/** Reports `body.about` for the member: the report, open, with what was reported kept as it reads now. */
export async function report(ctx: RuleContext, reporter: MemberRow, body: ReportBody): Promise<Report> {
  const draft = readReportDraft(body);
  return ctx.store.transaction(async (tx) => {
    const subject = await subjectContent(tx, reporter, draft.kind, draft.subjectId);
    // The rule as the network lists it now: its title is kept with the report.
    const named = draft.rule === null ? undefined : (await tx.networkRules()).find((rule) => rule.id === draft.rule);
    if (draft.rule !== null && !named) throw refusal('reportRuleInvalid');
    if (await tx.openReport(reporter.id, draft.kind, subject.id)) throw refusal('alreadyReported');
    const row: ReportRow = {
      id: ctx.newId(), reporterId: reporter.id, subjectKind: draft.kind, subjectId: subject.id, reason: draft.reason, comment: draft.comment,
      rule: named ? { id: named.id, title: named.title } : null, status: 'open', content: subject.content, createdAt: ctx.now().toISOString(),
    };
    await tx.insertReport(row);
    await tx.emit({ type: 'report-opened', reportId: row.id, openCount: await tx.openReportCount() });
    return presentReport(row);
  });
}

/** The member's own reports, the latest first, with where each stands. */
export async function reportsOf(ctx: RuleContext, member: MemberRow): Promise<ReportSummary[]> {
  return (await ctx.store.read((reader) => reader.reportsBy(member.id))).map(summaryOf);
}
