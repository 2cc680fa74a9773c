/**
 * The moderators' half of the `moderation` extension: the queue of open reports, grouped by what
 * they are about; the actions a moderator takes (dismiss, remove, warn, limit, suspend, and the undo
 * of a limit or a suspension), each kept in the audit log with who, when, what, on whom and why;
 * the audit log, for admins; and what a member reads of what was done about them. Every call reads
 * the caller's role from the store in its own transaction or read.
 */
import type { AuditEntry, MemberStanding, ModerationAction, ModerationActionResult, ModerationNotice, ModerationQueue, QueueEntry, RestrictedMembers } from '../api';
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import { LIMITS } from '../limits';
import type { AuditRow, MemberRow, Page, PageRequest, ReportRow, StoreReader, StoreTx } from '../store';
import { countGraphemes } from '../validation';
import { requireRole } from './moderation';
import { removePost } from './posts';
import { removeReply } from './replies';

const ACTIONS: readonly ModerationAction[] = ['dismiss', 'remove', 'warn', 'limit', 'suspend', 'unlimit', 'unsuspend'];
const KINDS = ['post', 'reply', 'member'] as const;
type SubjectKind = (typeof KINDS)[number];
const STAFF = ['moderator', 'admin'] as const;

/** What an action's body asks for, checked field by field. */
interface ActionDraft {
  kind: SubjectKind;
  subjectId: string;
  action: ModerationAction;
  reason: string;
  reportIds: string[] | undefined;
}

type ActionBody = { subject?: unknown; action?: unknown; reason?: unknown; reportIds?: unknown };

/** The body's fields, in the order their refusals are checked: what, which action, why, which reports. */
export function readActionDraft(body: ActionBody): ActionDraft {
  const { subject } = body;
  if (typeof subject !== 'object' || subject === null || Array.isArray(subject)) throw refusal('moderationSubjectInvalid');
  const entries = Object.entries(subject);
  const [entry] = entries;
  if (entries.length !== 1 || !entry) throw refusal('moderationSubjectInvalid');
  const [kind, subjectId] = entry;
  if (!(KINDS as readonly string[]).includes(kind) || typeof subjectId !== 'string' || subjectId === '') throw refusal('moderationSubjectInvalid');
  if (typeof body.action !== 'string' || !(ACTIONS as readonly string[]).includes(body.action)) throw refusal('moderationActionInvalid');
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  const length = countGraphemes(reason);
  if (length < 1 || length > LIMITS.moderationReasonMax) throw refusal('moderationReasonInvalid');
  const { reportIds } = body;
  if (reportIds !== undefined && (!Array.isArray(reportIds) || reportIds.some((id) => typeof id !== 'string'))) throw refusal('moderationReportsInvalid');
  return { kind: kind as SubjectKind, subjectId, action: body.action as ModerationAction, reason, reportIds: reportIds as string[] | undefined };
}

/** The member a subject is about: a member's own id, or the author of a post or reply (read now, else as reported). */
function memberIdOf(kind: SubjectKind, subjectId: string, content: ReportRow['content'] | undefined, authorNow: string | undefined): string | null {
  if (kind === 'member') return subjectId;
  if (authorNow !== undefined) return authorNow;
  return content && content.kind !== 'member' ? content.authorId : null;
}

function auditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id, actor: { id: row.actorId, username: row.actorUsername }, action: row.action, subject: { kind: row.subjectKind, id: row.subjectId },
    member: row.memberId !== null ? { id: row.memberId, username: row.memberUsername ?? '' } : null, reason: row.reason, reportIds: [...row.reportIds], createdAt: row.createdAt,
  };
}

/** Whether `content` is still there, and whether its text changed since it was reported. */
async function contentNow(reader: StoreReader, kind: SubjectKind, subjectId: string, content: ReportRow['content']): Promise<{ exists: boolean; edited: boolean; authorId?: string }> {
  if (kind === 'post') {
    const post = await reader.post(subjectId);
    return post ? { exists: true, edited: content.kind === 'post' && post.content !== content.text, authorId: post.authorId } : { exists: false, edited: false };
  }
  if (kind === 'reply') {
    const reply = await reader.reply(subjectId);
    return reply ? { exists: true, edited: content.kind === 'reply' && reply.content !== content.text, authorId: reply.authorId } : { exists: false, edited: false };
  }
  const member = await reader.memberById(subjectId);
  if (!member) return { exists: false, edited: false };
  const edited = content.kind === 'member' && (member.userBio !== content.bio || member.firstName !== content.firstName || member.lastName !== content.lastName);
  return { exists: true, edited };
}

/** One subject of the queue, with its open reports (newest first) and its member's history. */
async function queueEntry(reader: StoreReader, reports: readonly ReportRow[]): Promise<QueueEntry> {
  const [newest] = reports;
  if (!newest) throw new Error('a queue entry needs a report');
  const kind = newest.subjectKind;
  const now = await contentNow(reader, kind, newest.subjectId, newest.content);
  const memberId = memberIdOf(kind, newest.subjectId, newest.content, now.authorId);
  const member = memberId === null ? undefined : await reader.memberById(memberId);
  const reporters = new Map((await reader.membersByIds([...new Set(reports.map((report) => report.reporterId))])).map((row) => [row.id, row]));
  let history: QueueEntry['member'] = null;
  if (member) {
    // One after another: a read session is one connection, which runs one statement at a time.
    const earlier = await reader.reportsAboutMember(member.id);
    const actions = await reader.auditOf(member.id);
    const standing = await reader.standingOf(member.id);
    history = {
      ...moderationMember(member, standing),
      earlierReports: earlier.filter((report) => report.status !== 'open').length,
      actions: actions.map(({ action, reason, createdAt }) => ({ action, reason, createdAt })),
    };
  }
  return {
    subject: { kind, id: newest.subjectId }, content: newest.content, exists: now.exists, edited: now.edited,
    reports: reports.map((report) => ({
      id: report.id, reason: report.reason, comment: report.comment, ...(report.rule ? { rule: { ...report.rule } } : {}),
      reporter: { id: report.reporterId, username: reporters.get(report.reporterId)?.username ?? '' }, createdAt: report.createdAt,
    })),
    member: history,
  };
}

/** A member as moderators see them: no email address, nothing private. */
function moderationMember(member: MemberRow, standing: MemberStanding) {
  return { id: member.id, username: member.username, name: `${member.firstName} ${member.lastName}`.trim(), role: member.role, standing };
}

/**
 * A page of the queue (moderators and admins): the subjects with open reports, the one reported
 * last first, each with its open reports. `status` must be 'open' (or left out).
 */
export async function moderationQueue(ctx: RuleContext, caller: MemberRow, status: string | undefined, page: PageRequest): Promise<ModerationQueue> {
  if (status !== undefined && status !== 'open') throw refusal('reportStatusInvalid');
  return ctx.store.read(async (reader) => {
    await requireRole(reader, caller.id, STAFF, 'notStaff');
    const found = await reader.openSubjectPage(page);
    const entries: QueueEntry[] = [];
    for (const reports of found.items) entries.push(await queueEntry(reader, reports));
    return { entries, nextCursor: found.nextCursor, openCount: await reader.openReportCount() };
  });
}

/** How many reports are open (moderators and admins). */
export async function openReportCount(ctx: RuleContext, caller: MemberRow): Promise<number> {
  return ctx.store.read(async (reader) => {
    await requireRole(reader, caller.id, STAFF, 'notStaff');
    return reader.openReportCount();
  });
}

/**
 * A page of the members who are limited or suspended, by username (moderators and admins): a
 * suspended member is hidden from everyone and can be reported no more, so this is where a
 * moderator finds them to lift the suspension.
 */
export async function restrictedMembers(ctx: RuleContext, caller: MemberRow, page: PageRequest): Promise<RestrictedMembers> {
  return ctx.store.read(async (reader) => {
    await requireRole(reader, caller.id, STAFF, 'notStaff');
    const found = await reader.restrictedMemberPage(page);
    return { members: found.items.map(({ member, standing }) => moderationMember(member, standing)), nextCursor: found.nextCursor };
  });
}

/** A page of the audit log, the newest first (admins alone). */
export async function auditLog(ctx: RuleContext, caller: MemberRow, page: PageRequest): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  return ctx.store.read(async (reader) => {
    await requireRole(reader, caller.id, ['admin'], 'notAdmin');
    const found: Page<AuditRow> = await reader.auditPage(page);
    return { entries: found.items.map(auditEntry), nextCursor: found.nextCursor };
  });
}

/** What the moderators did about the member or what they wrote, and why: never who did it. */
export async function noticesOf(ctx: RuleContext, member: MemberRow): Promise<ModerationNotice[]> {
  const rows = await ctx.store.read((reader) => reader.auditOf(member.id));
  return rows.filter((row) => row.action !== 'dismiss')
    .map((row) => ({ id: row.id, action: row.action, subject: { kind: row.subjectKind, id: row.subjectId }, reason: row.reason, createdAt: row.createdAt }));
}

/** Ends every session and stream of the member at once, as leaving does, and hides them from everyone. */
async function suspendMember(tx: StoreTx, member: MemberRow, at: string): Promise<void> {
  const sessionVersion = member.sessionVersion + 1;
  await tx.updateMember(member.id, { sessionVersion, updatedAt: at });
  await tx.endSessions(member.id);
  await tx.emit({ type: 'session-ended', memberId: member.id, reason: 'suspended', sessionVersion });
  await tx.emit({ type: 'member-left', memberId: member.id });
}

/**
 * Takes an action on a subject (moderators and admins) and keeps it in the audit log. A moderator
 * acts on no admin and no other moderator; nobody acts on themselves or what they wrote. The
 * reports it closes are `reportIds` (open reports of the subject) or, by default, all the subject's
 * open reports: dismissed by 'dismiss', resolved by every other action but the undoing ones.
 */
export async function moderate(ctx: RuleContext, caller: MemberRow, body: ActionBody): Promise<ModerationActionResult> {
  const draft = readActionDraft(body);
  return ctx.store.transaction(async (tx) => {
    const actor = await requireRole(tx, caller.id, STAFF, 'notStaff');
    const open = await tx.openReportsAbout(draft.kind, draft.subjectId);
    let closing = open;
    if (draft.reportIds !== undefined) {
      const byId = new Map(open.map((report) => [report.id, report]));
      if (draft.reportIds.length === 0 || draft.reportIds.some((id) => !byId.has(id))) throw refusal('moderationReportsInvalid');
      closing = [...new Set(draft.reportIds)].map((id) => byId.get(id) as ReportRow);
    }
    const post = draft.kind === 'post' ? await tx.post(draft.subjectId) : undefined;
    const reply = draft.kind === 'reply' ? await tx.reply(draft.subjectId) : undefined;
    const memberId = memberIdOf(draft.kind, draft.subjectId, open[0]?.content, post?.authorId ?? reply?.authorId);
    const member = memberId === null ? undefined : await tx.memberById(memberId);
    // Something never reported and not there is not found.
    if (open.length === 0 && !post && !reply && !(draft.kind === 'member' && member)) {
      throw refusal(draft.kind === 'post' ? 'postNotFound' : draft.kind === 'reply' ? 'replyNotFound' : 'userNotFound');
    }
    if (member && member.id === actor.id) throw refusal('cannotModerateSelf');
    if (member && member.role === 'admin') throw refusal('cannotModerateStaff');
    if (member && member.role === 'moderator' && actor.role !== 'admin') throw refusal('cannotModerateStaff');
    const at = ctx.now().toISOString();
    const standing = member ? await tx.standingOf(member.id) : 'good';
    const needMember = (): MemberRow => {
      if (!member) throw refusal('userNotFound');
      return member;
    };
    let closeAs: 'resolved' | 'dismissed' | undefined = 'resolved';
    switch (draft.action) {
      case 'dismiss':
        if (closing.length === 0) throw refusal('noOpenReports');
        closeAs = 'dismissed';
        break;
      case 'remove':
        if (draft.kind === 'member') throw refusal('removeNeedsContent');
        if (post) await removePost(tx, post);
        else if (reply) await removeReply(tx, reply);
        else throw refusal('alreadyRemoved');
        break;
      case 'warn':
        needMember();
        break;
      case 'limit':
        if (standing !== 'good') throw refusal('alreadyLimited');
        await tx.setStanding(needMember().id, 'limited');
        break;
      case 'unlimit':
        if (standing !== 'limited') throw refusal('notLimited');
        await tx.setStanding(needMember().id, 'good');
        closeAs = undefined;
        break;
      case 'suspend': {
        const suspended = needMember();
        if (standing === 'suspended') throw refusal('alreadySuspended');
        await tx.setStanding(suspended.id, 'suspended');
        await suspendMember(tx, suspended, at);
        break;
      }
      case 'unsuspend': {
        const back = needMember();
        if (standing !== 'suspended') throw refusal('notSuspended');
        await tx.setStanding(back.id, 'good');
        // Everyone sees the member again at their next load.
        await tx.emit({ type: 'member-updated', memberId: back.id });
        closeAs = undefined;
        break;
      }
    }
    const closed = closeAs === undefined ? [] : closing.map((report) => report.id);
    if (closeAs !== undefined && closed.length > 0) await tx.closeReports(closed, closeAs);
    const row: AuditRow = {
      id: ctx.newId(), actorId: actor.id, actorUsername: actor.username, action: draft.action, subjectKind: draft.kind, subjectId: draft.subjectId,
      memberId: member?.id ?? null, memberUsername: member?.username ?? null, reason: draft.reason, reportIds: closed, createdAt: at,
    };
    await tx.insertAudit(row);
    // The member reads why (never who): a dismissal tells them nothing.
    if (member && draft.action !== 'dismiss') await tx.emit({ type: 'moderation-notice', memberId: member.id });
    return { entry: auditEntry(row), closedReports: closed };
  });
}
