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
import type { AuditRow, MemberRow, ModerationHistory, Page, PageRequest, PostRow, ReplyRow, ReportRow, StoreReader, StoreTx } from '../store';
import { countGraphemes } from '../validation';
import { requireRole } from './moderation';
import { removePost } from './posts';
import { removeReply } from './replies';
import { readSubject, type SubjectKind } from './subjects';

const ACTIONS: readonly ModerationAction[] = ['dismiss', 'remove', 'warn', 'limit', 'suspend', 'unlimit', 'unsuspend'];
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
  const { kind, subjectId } = readSubject(body.subject, 'moderationSubjectInvalid');
  if (typeof body.action !== 'string' || !(ACTIONS as readonly string[]).includes(body.action)) throw refusal('moderationActionInvalid');
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  const length = countGraphemes(reason);
  if (length < 1 || length > LIMITS.moderationReasonMax) throw refusal('moderationReasonInvalid');
  const { reportIds } = body;
  if (reportIds !== undefined && (!Array.isArray(reportIds) || reportIds.some((id) => typeof id !== 'string'))) throw refusal('moderationReportsInvalid');
  return { kind, subjectId, action: body.action as ModerationAction, reason, reportIds: reportIds as string[] | undefined };
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

/** What the store holds now of a page's subjects, and of the members their entries name. */
interface PageRows {
  posts: ReadonlyMap<string, PostRow>;
  replies: ReadonlyMap<string, ReplyRow>;
  members: ReadonlyMap<string, MemberRow>;
}

/** Whether the subject is still there, and whether its text changed since it was reported. */
function contentNow(rows: PageRows, kind: SubjectKind, subjectId: string, content: ReportRow['content']): { exists: boolean; edited: boolean } {
  if (kind === 'post') {
    const post = rows.posts.get(subjectId);
    return post ? { exists: true, edited: content.kind === 'post' && post.content !== content.text } : { exists: false, edited: false };
  }
  if (kind === 'reply') {
    const reply = rows.replies.get(subjectId);
    return reply ? { exists: true, edited: content.kind === 'reply' && reply.content !== content.text } : { exists: false, edited: false };
  }
  const member = rows.members.get(subjectId);
  if (!member) return { exists: false, edited: false };
  const edited = content.kind === 'member' && (member.userBio !== content.bio || member.firstName !== content.firstName || member.lastName !== content.lastName);
  return { exists: true, edited };
}

/**
 * A page's subjects, each with its open reports (newest first) and its member's history. The page
 * is read whole: its posts, its replies, then every member it names (the subjects' and the
 * reporters'), then those members' histories, so a page costs the same few reads however many
 * subjects it shows.
 */
async function queueEntries(reader: StoreReader, groups: readonly (readonly ReportRow[])[]): Promise<QueueEntry[]> {
  const newest = groups.map(([report]) => {
    if (!report) throw new Error('a queue entry needs a report');
    return report;
  });
  const subjectIds = (kind: SubjectKind) => [...new Set(newest.filter((report) => report.subjectKind === kind).map((report) => report.subjectId))];
  const postIds = subjectIds('post');
  const replyIds = subjectIds('reply');
  const posts = new Map((postIds.length === 0 ? [] : await reader.postsByIds(postIds)).map((row) => [row.id, row]));
  const replies = new Map((replyIds.length === 0 ? [] : await reader.repliesByIds(replyIds)).map((row) => [row.id, row]));
  const memberIds = newest.map((report) => {
    const authorNow = report.subjectKind === 'post' ? posts.get(report.subjectId)?.authorId : report.subjectKind === 'reply' ? replies.get(report.subjectId)?.authorId : undefined;
    return memberIdOf(report.subjectKind, report.subjectId, report.content, authorNow);
  });
  const named = new Set([...memberIds.filter((id) => id !== null), ...groups.flatMap((reports) => reports.map((report) => report.reporterId))]);
  const members = new Map((await reader.membersByIds([...named])).map((row) => [row.id, row]));
  const known = [...new Set(memberIds.filter((id) => id !== null && members.has(id)))] as string[];
  const histories = known.length === 0 ? new Map<string, ModerationHistory>() : await reader.moderationHistories(known);
  const rows: PageRows = { posts, replies, members };
  return groups.map((reports, index) => {
    const report = newest[index] as ReportRow;
    const memberId = memberIds[index];
    const member = memberId === null || memberId === undefined ? undefined : members.get(memberId);
    const history = member && histories.get(member.id);
    return {
      subject: { kind: report.subjectKind, id: report.subjectId }, content: report.content, ...contentNow(rows, report.subjectKind, report.subjectId, report.content),
      reports: reports.map((each) => ({
        id: each.id, reason: each.reason, comment: each.comment, ...(each.rule ? { rule: { ...each.rule } } : {}),
        reporter: { id: each.reporterId, username: members.get(each.reporterId)?.username ?? '' }, createdAt: each.createdAt,
      })),
      member: member && history ? {
        ...moderationMember(member, history.standing),
        earlierReports: history.closedReports,
        actions: history.actions.map(({ action, reason, createdAt }) => ({ action, reason, createdAt })),
      } : null,
    };
  });
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
    const entries = await queueEntries(reader, found.items);
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
