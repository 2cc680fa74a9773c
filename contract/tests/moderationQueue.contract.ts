/**
 * The moderators' half of `moderation`: the queue of open reports grouped by subject, with each
 * subject's content as reported and its member's history; the actions (dismiss, remove, warn,
 * limit, suspend and their undoing), each kept in the audit log; the audit log for admins; what a
 * member reads of what was done about them; and every refusal: a member calling a moderator's
 * route, a moderator acting on an admin or another moderator, a bad reason or action.
 */
import type { AuditPage, LoginResponse, ModerationActionResult, ModerationNotices, ModerationQueue, OpenReportCount, PostsPage, Report, ReportsResponse, RestrictedMembers } from '../api';
import { errorBody } from '../errors';
import { LIMITS } from '../limits';
import { MESSAGE_STATUS, type MessageKey } from '../messages';
import type { ReportRecord } from '../snapshot';
import { DEMO_CREDENTIALS, SEED_USER_IDS, seedPostId } from '../seed/default';
import { arrange, call, callAs, db, everyPage, expectHealthy, target, tokenFor, type CallResult } from './support';
import { openStream } from './streams';

const { ava, liam, maya, noah, zoe } = SEED_USER_IDS;
const noahsPost = seedPostId(8);
const zoesPost = seedPostId(4);
const RULES = [{ id: 'rule-kind', title: 'Be kind', description: '' }, { id: 'rule-spam', title: 'No spam', description: '' }];

function expectRefused(result: CallResult<unknown>, key: MessageKey): void {
  expect({ status: result.status, body: result.json }).toEqual({ status: MESSAGE_STATUS[key], body: errorBody(key) });
}

/** A report as a snapshot keeps it, made at `createdAt`. */
function reportOf(id: string, reporterId: string, about: ReportRecord['about'], content: ReportRecord['content'], createdAt: string, extra: Partial<ReportRecord> = {}): ReportRecord {
  return { id, reporterId, about, reason: 'spam', comment: '', status: 'open', content, createdAt, ...extra };
}

/**
 * Liam is an admin and Maya a moderator; the network has two rules. Ava and Zoe report Noah's post,
 * Ava reports Zoe's post, the newest last; Noah had one earlier report, dismissed.
 */
async function arrangeQueue(more: readonly ReportRecord[] = []): Promise<void> {
  await arrange((snapshot) => {
    for (const user of snapshot.users) {
      if (user.id === liam) user.role = 'admin';
      if (user.id === maya) user.role = 'moderator';
    }
    snapshot.rules = RULES;
    const post = (id: string) => snapshot.posts.find((candidate) => candidate.id === id)!;
    const contentOf = (id: string, username: string): ReportRecord['content'] => (
      { kind: 'post', authorId: post(id).authorId, username, text: post(id).content, images: [post(id).postImage], createdAt: post(id).createdAt }
    );
    snapshot.reports = [
      reportOf('rep-old', zoe, { kind: 'member', id: noah }, { kind: 'member', firstName: 'Noah', lastName: 'Kim', username: 'noah_kim', bio: '' }, '2025-06-01T08:00:00.000Z', { status: 'dismissed' }),
      reportOf('rep-1', ava, { kind: 'post', id: noahsPost }, contentOf(noahsPost, 'noah_kim'), '2025-06-02T08:00:00.000Z', { comment: 'Ads for bikes', rule: { id: 'rule-spam', title: 'No spam' } }),
      reportOf('rep-2', zoe, { kind: 'post', id: zoesPost }, contentOf(zoesPost, 'zoe_martin'), '2025-06-02T09:00:00.000Z', { reason: 'abuse', reporterId: ava }),
      reportOf('rep-3', zoe, { kind: 'post', id: noahsPost }, contentOf(noahsPost, 'noah_kim'), '2025-06-02T10:00:00.000Z', { reason: 'other' }),
      ...more,
    ];
  });
}

const queue = (member: string, query = '') => callAs<ModerationQueue>(member, 'GET', `/moderation/reports?status=open${query}`);
const act = (member: string, body: unknown) => callAs<ModerationActionResult>(member, 'POST', '/moderation/actions', body);
const audit = (member: string, query = '') => callAs<AuditPage>(member, 'GET', `/moderation/audit${query}`);
const restricted = (member: string, query = '') => callAs<RestrictedMembers>(member, 'GET', `/moderation/restricted${query}`);
const statuses = async () => Object.fromEntries(((await target().snapshot()).reports ?? []).map((report) => [report.id, report.status]));

describe('the moderation queue', () => {
  it('lists open reports grouped by subject, the newest first, with the content as reported and the member history', async () => {
    await arrangeQueue();
    // Noah edits his post after it was reported: the queue shows what was reported, and says so.
    expect((await callAs('noah_kim', 'POST', `/posts/edit/${noahsPost}`, { postData: { text: 'Edited after the reports' } })).status).toBe(201);
    const result = await queue('maya_patel');
    expect(result.status).toBe(200);
    expect(result.json.openCount).toBe(3);
    expect(result.json.nextCursor).toBeNull();
    const [first, second] = result.json.entries;
    expect(result.json.entries).toHaveLength(2);
    expect(first).toMatchObject({
      subject: { kind: 'post', id: noahsPost }, exists: true, edited: true,
      content: { kind: 'post', authorId: noah, username: 'noah_kim', text: 'Fifty kilometres on the new bike path. My legs have opinions.' },
      reports: [
        { id: 'rep-3', reason: 'other', comment: '', reporter: { id: zoe, username: 'zoe_martin' }, createdAt: '2025-06-02T10:00:00.000Z' },
        { id: 'rep-1', reason: 'spam', comment: 'Ads for bikes', rule: { id: 'rule-spam', title: 'No spam' }, reporter: { id: ava, username: 'demo_user' } },
      ],
      member: { id: noah, username: 'noah_kim', name: 'Noah Kim', role: 'member', standing: 'good', earlierReports: 1, actions: [] },
    });
    expect(second).toMatchObject({ subject: { kind: 'post', id: zoesPost }, exists: true, edited: false, reports: [{ id: 'rep-2', reason: 'abuse' }], member: { id: zoe, earlierReports: 0 } });
    // Moderators read no email address and no password of anyone.
    expect(JSON.stringify(result.json)).not.toMatch(/email|password/i);
    // An admin reads the same queue; the count alone too.
    expect((await queue('liam_chen')).json.entries.map((entry) => entry.subject.id)).toEqual([noahsPost, zoesPost]);
    expect((await callAs<OpenReportCount>('maya_patel', 'GET', '/moderation/reports/count')).json).toEqual({ count: 3 });
  });

  it('pages by cursor, each subject once, two reported at one instant in the order of their reports', async () => {
    // Zoe is reported at the instant of the newest report about Noah's post: the greater report id first.
    const aboutZoe = reportOf('rep-4', noah, { kind: 'member', id: zoe }, { kind: 'member', firstName: 'Zoe', lastName: 'Martin', username: 'zoe_martin', bio: '' }, '2025-06-02T10:00:00.000Z');
    await arrangeQueue([aboutZoe]);
    const { items: subjects } = await everyPage<ModerationQueue, string>('/moderation/reports?status=open', 1, (page) => page.entries.map((entry) => entry.subject.id), { authorization: await tokenFor('maya_patel') });
    expect(subjects).toEqual([zoe, noahsPost, zoesPost]);
    const { items: reports } = await everyPage<ModerationQueue, string[]>('/moderation/reports?status=open', 2, (page) => page.entries.map((entry) => entry.reports.map((report) => report.id)), { authorization: await tokenFor('maya_patel') });
    expect(reports).toEqual([['rep-4'], ['rep-3', 'rep-1'], ['rep-2']]);
    expectRefused(await queue('maya_patel', '&cursor=not-a-cursor'), 'pageCursorInvalid');
    expectRefused(await callAs('maya_patel', 'GET', '/moderation/reports?status=closed'), 'reportStatusInvalid');
  });

  it("gives each subject of a page its own member's history: a reply, a member, someone gone, one member twice", async () => {
    // Zoe replied to Noah's post and edited the reply after Noah reported it; an earlier report of
    // it was resolved, and the moderators warned and then limited her. Ava is reported with the bio
    // she had then; the member reported last is gone.
    const reply = 'reply-zoe-1';
    const replyContent = { kind: 'reply' as const, authorId: zoe, username: 'zoe_martin', text: 'Buy my bike instead', postId: noahsPost, createdAt: '2025-06-01T12:00:00.000Z' };
    const modAudit = (id: string, action: 'warn' | 'limit', reason: string, createdAt: string) => (
      { id, actorId: maya, actorUsername: 'maya_patel', action, subject: { kind: 'reply' as const, id: reply }, memberId: zoe, memberUsername: 'zoe_martin', reason, reportIds: [], createdAt }
    );
    await arrangeQueue([
      reportOf('rep-5', ava, { kind: 'reply', id: reply }, replyContent, '2025-06-01T13:00:00.000Z', { status: 'resolved' }),
      reportOf('rep-6', noah, { kind: 'reply', id: reply }, replyContent, '2025-06-03T08:00:00.000Z'),
      reportOf('rep-7', ava, { kind: 'member', id: 'u-gone' }, { kind: 'member', firstName: 'Gone', lastName: 'Member', username: 'gone_member', bio: '' }, '2025-06-03T09:00:00.000Z'),
      reportOf('rep-8', zoe, { kind: 'member', id: ava }, { kind: 'member', firstName: 'Ava', lastName: 'Reed', username: 'demo_user', bio: 'A bio she had then' }, '2025-06-03T10:00:00.000Z'),
    ]);
    await arrange((snapshot) => {
      snapshot.replies = [...(snapshot.replies ?? []), { id: reply, postId: noahsPost, authorId: zoe, content: 'Nice bike', replyToId: null, replyToAuthorId: null, likedBy: [], createdAt: replyContent.createdAt }];
      snapshot.audit = [modAudit('audit-1', 'warn', 'Selling in replies.', '2025-06-01T14:00:00.000Z'), modAudit('audit-2', 'limit', 'Selling again.', '2025-06-01T15:00:00.000Z')];
      const zoeRecord = snapshot.users.find((user) => user.id === zoe)!;
      zoeRecord.standing = 'limited';
    });
    const result = await queue('maya_patel');
    expect(result.status).toBe(200);
    expect(result.json.openCount).toBe(6);
    const zoesHistory = {
      id: zoe, username: 'zoe_martin', name: 'Zoe Martin', role: 'member', standing: 'limited', earlierReports: 1,
      actions: [{ action: 'limit', reason: 'Selling again.', createdAt: '2025-06-01T15:00:00.000Z' }, { action: 'warn', reason: 'Selling in replies.', createdAt: '2025-06-01T14:00:00.000Z' }],
    };
    expect(result.json.entries).toEqual([
      {
        subject: { kind: 'member', id: ava }, content: { kind: 'member', firstName: 'Ava', lastName: 'Reed', username: 'demo_user', bio: 'A bio she had then' }, exists: true, edited: true,
        reports: [{ id: 'rep-8', reason: 'spam', comment: '', reporter: { id: zoe, username: 'zoe_martin' }, createdAt: '2025-06-03T10:00:00.000Z' }],
        member: { id: ava, username: 'demo_user', name: 'Ava Reed', role: 'member', standing: 'good', earlierReports: 0, actions: [] },
      },
      {
        subject: { kind: 'member', id: 'u-gone' }, content: { kind: 'member', firstName: 'Gone', lastName: 'Member', username: 'gone_member', bio: '' }, exists: false, edited: false,
        reports: [{ id: 'rep-7', reason: 'spam', comment: '', reporter: { id: ava, username: 'demo_user' }, createdAt: '2025-06-03T09:00:00.000Z' }],
        member: null,
      },
      {
        subject: { kind: 'reply', id: reply }, content: replyContent, exists: true, edited: true,
        reports: [{ id: 'rep-6', reason: 'spam', comment: '', reporter: { id: noah, username: 'noah_kim' }, createdAt: '2025-06-03T08:00:00.000Z' }],
        member: zoesHistory,
      },
      expect.objectContaining({ subject: { kind: 'post', id: noahsPost }, member: { id: noah, username: 'noah_kim', name: 'Noah Kim', role: 'member', standing: 'good', earlierReports: 1, actions: [] } }),
      expect.objectContaining({ subject: { kind: 'post', id: zoesPost }, exists: true, edited: false, member: zoesHistory }),
    ]);
  });

  it('shows a report of a deleted post as gone; removing it again is refused, dismissing it is not', async () => {
    await arrangeQueue();
    expect((await callAs('noah_kim', 'DELETE', `/posts/${noahsPost}`)).status).toBe(200);
    const [entry] = (await queue('maya_patel')).json.entries;
    expect(entry).toMatchObject({ subject: { kind: 'post', id: noahsPost }, exists: false, edited: false, content: { text: 'Fifty kilometres on the new bike path. My legs have opinions.' } });
    expectRefused(await act('maya_patel', { subject: { post: noahsPost }, action: 'remove', reason: 'Advertising' }), 'alreadyRemoved');
    // Its author is still known: a warning reaches him.
    expect((await act('maya_patel', { subject: { post: noahsPost }, action: 'warn', reason: 'No advertising, please.' })).status).toBe(201);
    expect(await statuses()).toMatchObject({ 'rep-1': 'resolved', 'rep-3': 'resolved', 'rep-2': 'open' });
    await expectHealthy();
  });

  it('refuses members every moderator route, and moderators the audit log', async () => {
    await arrangeQueue();
    expectRefused(await queue('demo_user'), 'notStaff');
    expectRefused(await callAs('demo_user', 'GET', '/moderation/reports/count'), 'notStaff');
    expectRefused(await act('demo_user', { subject: { post: noahsPost }, action: 'dismiss', reason: 'Fine' }), 'notStaff');
    expectRefused(await audit('demo_user'), 'notAdmin');
    expectRefused(await audit('maya_patel'), 'notAdmin');
    expect((await call('GET', '/moderation/reports')).status).toBe(401);
    expect(await statuses()).toMatchObject({ 'rep-1': 'open', 'rep-2': 'open', 'rep-3': 'open' });
  });
});

describe('moderation actions', () => {
  it('dismisses a subject: its open reports are dismissed, the reporters see it, the audit log keeps it', async () => {
    await arrangeQueue();
    const result = await act('maya_patel', { subject: { post: zoesPost }, action: 'dismiss', reason: '  Not against the rules.  ' });
    expect(result.status).toBe(201);
    expect(result.json).toEqual({
      entry: {
        id: expect.any(String), actor: { id: maya, username: 'maya_patel' }, action: 'dismiss', subject: { kind: 'post', id: zoesPost },
        member: { id: zoe, username: 'zoe_martin' }, reason: 'Not against the rules.', reportIds: ['rep-2'], createdAt: expect.any(String),
      },
      closedReports: ['rep-2'],
    });
    expect((await callAs<ReportsResponse>('demo_user', 'GET', '/reports/mine')).json.reports.find((report) => report.id === 'rep-2')?.status).toBe('dismissed');
    expect((await queue('maya_patel')).json).toMatchObject({ openCount: 2, entries: [{ subject: { id: noahsPost } }] });
    const log = await audit('liam_chen');
    expect(log.json).toEqual({ entries: [result.json.entry], nextCursor: null });
    // A dismissal tells the member nothing; a second one has nothing to dismiss.
    expect((await callAs<ModerationNotices>('zoe_martin', 'GET', '/moderation/notices')).json.notices).toEqual([]);
    expectRefused(await act('maya_patel', { subject: { post: zoesPost }, action: 'dismiss', reason: 'Again' }), 'noOpenReports');
    await expectHealthy();
  });

  it('removes a post with a reason: it is gone, its reports resolved, and its author reads why', async () => {
    await arrangeQueue();
    const result = await act('maya_patel', { subject: { post: noahsPost }, action: 'remove', reason: 'Advertising is not allowed here.' });
    expect(result.status).toBe(201);
    expect(result.json.closedReports.sort()).toEqual(['rep-1', 'rep-3']);
    expect((await call('GET', `/posts/${noahsPost}`)).status).toBe(404);
    expect(await statuses()).toMatchObject({ 'rep-1': 'resolved', 'rep-3': 'resolved', 'rep-2': 'open' });
    const notices = (await callAs<ModerationNotices>('noah_kim', 'GET', '/moderation/notices')).json.notices;
    expect(notices).toEqual([{ id: result.json.entry.id, action: 'remove', subject: { kind: 'post', id: noahsPost }, reason: 'Advertising is not allowed here.', createdAt: result.json.entry.createdAt }]);
    // The member never reads who acted.
    expect(JSON.stringify(notices)).not.toContain(maya);
    // The queue's history of Noah now holds the removal.
    await call('POST', '/reports', { body: { about: { member: noah }, reason: 'spam' }, authorization: await tokenFor('demo_user') });
    const [entry] = (await queue('maya_patel')).json.entries;
    expect(entry?.member).toMatchObject({ id: noah, earlierReports: 3, actions: [{ action: 'remove', reason: 'Advertising is not allowed here.' }] });
    await expectHealthy();
  });

  it('removes a reported reply', async () => {
    await arrangeQueue();
    const reply = await callAs<{ reply: { id: string } }>('noah_kim', 'POST', `/posts/${zoesPost}/replies`, { replyData: { text: 'Buy my bikes' } });
    expect(reply.status).toBe(201);
    const replyId = reply.json.reply.id;
    expect((await callAs<Report>('demo_user', 'POST', '/reports', { about: { reply: replyId }, reason: 'spam', rule: 'rule-spam' })).status).toBe(201);
    const result = await act('liam_chen', { subject: { reply: replyId }, action: 'remove', reason: 'Spam' });
    expect(result.status).toBe(201);
    expect(result.json.entry.member).toEqual({ id: noah, username: 'noah_kim' });
    expect(((await target().snapshot()).replies ?? []).some((kept) => kept.id === replyId)).toBe(false);
    await expectHealthy();
  });

  it('refuses a moderator acting on an admin or another moderator, anyone acting on themselves, and removing a member', async () => {
    await arrangeQueue();
    await arrange((snapshot) => {
      snapshot.users.find((user) => user.id === zoe)!.role = 'moderator';
    });
    expectRefused(await act('maya_patel', { subject: { member: liam }, action: 'suspend', reason: 'Testing' }), 'cannotModerateStaff');
    expectRefused(await act('maya_patel', { subject: { post: seedPostId(1) }, action: 'remove', reason: 'Testing' }), 'cannotModerateStaff');
    expectRefused(await act('maya_patel', { subject: { member: zoe }, action: 'warn', reason: 'Testing' }), 'cannotModerateStaff');
    expectRefused(await act('maya_patel', { subject: { post: zoesPost }, action: 'dismiss', reason: 'Testing' }), 'cannotModerateStaff');
    expectRefused(await act('maya_patel', { subject: { member: maya }, action: 'warn', reason: 'Testing' }), 'cannotModerateSelf');
    expectRefused(await act('maya_patel', { subject: { member: noah }, action: 'remove', reason: 'Testing' }), 'removeNeedsContent');
    // An admin acts on a moderator.
    expect((await act('liam_chen', { subject: { member: zoe }, action: 'warn', reason: 'Be careful with dismissals.' })).status).toBe(201);
    expect((await audit('liam_chen')).json.entries).toHaveLength(1);
  });

  it('names the field that is wrong: the subject, the action, the reason, the reports', async () => {
    await arrangeQueue();
    for (const subject of [undefined, 'x', {}, { post: '' }, { video: noahsPost }, { post: noahsPost, member: noah }]) {
      expectRefused(await act('maya_patel', { subject, action: 'warn', reason: 'Why' }), 'moderationSubjectInvalid');
    }
    for (const action of [undefined, '', 'ban', 'DISMISS', 3]) {
      expectRefused(await act('maya_patel', { subject: { post: noahsPost }, action, reason: 'Why' }), 'moderationActionInvalid');
    }
    for (const reason of [undefined, '', '   ', 4, 'x'.repeat(LIMITS.moderationReasonMax + 1)]) {
      expectRefused(await act('maya_patel', { subject: { post: noahsPost }, action: 'warn', reason }), 'moderationReasonInvalid');
    }
    for (const reportIds of ['rep-1', [], ['rep-2'], ['rep-old'], [7]]) {
      expectRefused(await act('maya_patel', { subject: { post: noahsPost }, action: 'dismiss', reason: 'Why', reportIds }), 'moderationReportsInvalid');
    }
    expectRefused(await act('maya_patel', { subject: { post: 'no-such-post' }, action: 'warn', reason: 'Why' }), 'postNotFound');
    expectRefused(await act('maya_patel', { subject: { member: 'no-such-member' }, action: 'warn', reason: 'Why' }), 'userNotFound');
    expect((await audit('liam_chen')).json.entries).toEqual([]);
    // The longest reason is taken; reportIds closes those named alone.
    const named = await act('maya_patel', { subject: { post: noahsPost }, action: 'dismiss', reason: 'é'.repeat(LIMITS.moderationReasonMax), reportIds: ['rep-1'] });
    expect(named.json.closedReports).toEqual(['rep-1']);
    expect(await statuses()).toMatchObject({ 'rep-1': 'dismissed', 'rep-3': 'open' });
  });

  it('keeps an audit log only admins read, newest first, paged; nothing changes it', async () => {
    await arrangeQueue();
    expect((await act('maya_patel', { subject: { member: noah }, action: 'warn', reason: 'First' })).status).toBe(201);
    expect((await act('maya_patel', { subject: { member: noah }, action: 'limit', reason: 'Second' })).status).toBe(201);
    expect((await act('liam_chen', { subject: { member: noah }, action: 'unlimit', reason: 'Third' })).status).toBe(201);
    const { items: reasons } = await everyPage<AuditPage, string>('/moderation/audit', 2, (page) => page.entries.map((entry) => entry.reason), { authorization: await tokenFor('liam_chen') });
    expect(reasons).toEqual(['Third', 'Second', 'First']);
    const [newest] = (await audit('liam_chen')).json.entries;
    expect(newest).toMatchObject({ actor: { id: liam, username: 'liam_chen' }, action: 'unlimit', subject: { kind: 'member', id: noah }, member: { id: noah, username: 'noah_kim' }, reportIds: [] });
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      expect((await callAs('liam_chen', method, '/moderation/audit', {})).status).toBe(404);
    }
    expect((await audit('liam_chen')).json.entries).toHaveLength(3);
  });
});

describe('suspension and limits', () => {
  it("suspends a member: login is refused, every token and stream ends, and their content is hidden until it is undone", async () => {
    await arrangeQueue();
    const token = await tokenFor('noah_kim');
    const stream = await openStream(`Bearer ${token}`);
    try {
      const result = await act('maya_patel', { subject: { post: noahsPost }, action: 'suspend', reason: 'Repeated spam.' });
      expect(result.status).toBe(201);
      await stream.whenEnded();
      expect(stream.received.find((event) => event.type === 'session-ended')?.data).toEqual({ memberId: noah, reason: 'suspended', sessionVersion: 1 });
    } finally {
      stream.close();
    }
    expectRefused(await call('GET', '/feed', { authorization: `Bearer ${token}` }), 'tokenInvalid');
    expectRefused(await call('POST', '/auth/login', { body: { username: 'noah_kim', password: DEMO_CREDENTIALS.password } }), 'accountSuspended');
    // A wrong password is told as ever: the suspension is told only to the member's own password.
    expectRefused(await call('POST', '/auth/login', { body: { username: 'noah_kim', password: 'not-the-password' } }), 'invalidCredentials');
    // Hidden as a member who is leaving: not found, and left out of lists.
    expect((await call('GET', `/posts/${seedPostId(3)}`)).status).toBe(404);
    expect((await call('GET', `/users/${noah}`)).status).toBe(404);
    const noahsPosts = new Set((await db()).posts.filter((post) => post.authorId === noah).map((post) => post.id));
    const explore = (await call<PostsPage>('GET', '/posts?limit=100', { authorization: await tokenFor('demo_user') })).json.posts;
    expect(explore.filter((post) => noahsPosts.has(post.id))).toEqual([]);
    // The suspension resolved the reports of his post; the other subject waits.
    expect((await queue('maya_patel')).json).toMatchObject({ openCount: 1, entries: [{ subject: { id: zoesPost } }] });
    expectRefused(await act('maya_patel', { subject: { member: noah }, action: 'suspend', reason: 'Again' }), 'alreadySuspended');
    expect((await act('maya_patel', { subject: { member: noah }, action: 'unsuspend', reason: 'Appeal accepted.' })).status).toBe(201);
    expect((await call<LoginResponse>('POST', '/auth/login', { body: { username: 'noah_kim', password: DEMO_CREDENTIALS.password } })).status).toBe(200);
    expect((await call('GET', `/posts/${seedPostId(3)}`)).status).toBe(200);
    expectRefused(await act('maya_patel', { subject: { member: noah }, action: 'unsuspend', reason: 'Again' }), 'notSuspended');
    await expectHealthy();
  });

  it('lists the limited and suspended members to moderators, by username, paged: a suspension is found there and lifted', async () => {
    await arrangeQueue();
    await arrange((snapshot) => {
      snapshot.users.find((user) => user.id === ava)!.standing = 'limited';
    });
    expect((await restricted('maya_patel')).json).toEqual({ members: [{ id: ava, username: 'demo_user', name: 'Ava Reed', role: 'member', standing: 'limited' }], nextCursor: null });
    // Noah's suspension closes the reports of his post: the queue no longer names him, and nobody else sees him.
    expect((await act('maya_patel', { subject: { post: noahsPost }, action: 'suspend', reason: 'Repeated spam.' })).status).toBe(201);
    expect((await act('maya_patel', { subject: { member: zoe }, action: 'limit', reason: 'Too loud.' })).status).toBe(201);
    expect((await queue('maya_patel')).json.entries.map((entry) => entry.member?.id)).not.toContain(noah);
    expect((await call('GET', `/users/${noah}`)).status).toBe(404);
    const { items, pages } = await everyPage<RestrictedMembers, [string, string]>('/moderation/restricted', 2, (page) => page.members.map((member) => [member.username, member.standing]), { authorization: await tokenFor('liam_chen') });
    expect({ items, pages }).toEqual({ items: [['demo_user', 'limited'], ['noah_kim', 'suspended'], ['zoe_martin', 'limited']], pages: 2 });
    const noahListed = (await restricted('maya_patel')).json.members.find((member) => member.id === noah);
    expect(noahListed).toEqual({ id: noah, username: 'noah_kim', name: 'Noah Kim', role: 'member', standing: 'suspended' });
    expect(JSON.stringify((await restricted('maya_patel')).json)).not.toMatch(/email|password/i);
    // Lifted from there, he leaves the list and logs in again; so does a limit lifted.
    expect((await act('maya_patel', { subject: { member: noah }, action: 'unsuspend', reason: 'Appeal accepted.' })).status).toBe(201);
    expect((await act('maya_patel', { subject: { member: zoe }, action: 'unlimit', reason: 'Quieter now.' })).status).toBe(201);
    expect((await restricted('maya_patel')).json.members.map((member) => member.username)).toEqual(['demo_user']);
    expect((await call('POST', '/auth/login', { body: { username: 'noah_kim', password: DEMO_CREDENTIALS.password } })).status).toBe(200);
    // Members are refused it, and so is a cursor the backend did not issue.
    expectRefused(await restricted('demo_user'), 'notStaff');
    expect((await call('GET', '/moderation/restricted')).status).toBe(401);
    expectRefused(await restricted('maya_patel', '?cursor=not-a-cursor'), 'pageCursorInvalid');
    await expectHealthy();
  });

  it("limits a member: their new post is missing from Explore, tags and search for others, but on their followers' Home", async () => {
    await arrangeQueue();
    expect((await act('maya_patel', { subject: { member: noah }, action: 'limit', reason: 'Too much promotion.' })).status).toBe(201);
    const created = await callAs('noah_kim', 'POST', '/posts', { postData: { text: 'Limited reach #bikesale' } });
    expect(created.status).toBe(201);
    const ids = (page: CallResult<PostsPage>) => page.json.posts.map((post) => post.id);
    const newest = await db();
    const postId = newest.posts.find((post) => post.content === 'Limited reach #bikesale')!.id;
    // Ava does not follow Noah: Explore, the tag and search leave it out; she still finds it on his profile.
    const avaToken = await tokenFor('demo_user');
    expect(ids(await call<PostsPage>('GET', '/posts?limit=100', { authorization: avaToken }))).not.toContain(postId);
    expect(ids(await call<PostsPage>('GET', '/tags/bikesale/posts?limit=100', { authorization: avaToken }))).not.toContain(postId);
    expect(ids(await call<PostsPage>('GET', '/search/posts?q=limited&limit=100', { authorization: avaToken }))).not.toContain(postId);
    expect(ids(await call<PostsPage>('GET', '/posts?limit=100'))).not.toContain(postId);
    expect(ids(await call<PostsPage>('GET', '/posts/user/noah_kim?limit=100', { authorization: avaToken }))).toContain(postId);
    // Zoe and Liam follow him: Home has it, and so do their other lists; Noah sees his own.
    expect(ids(await call<PostsPage>('GET', '/feed?limit=100', { authorization: await tokenFor('zoe_martin') }))).toContain(postId);
    expect(ids(await call<PostsPage>('GET', '/posts?limit=100', { authorization: await tokenFor('liam_chen') }))).toContain(postId);
    expect(ids(await call<PostsPage>('GET', '/posts?limit=100', { authorization: await tokenFor('noah_kim') }))).toContain(postId);
    expectRefused(await act('maya_patel', { subject: { member: noah }, action: 'limit', reason: 'Again' }), 'alreadyLimited');
    expect((await act('maya_patel', { subject: { member: noah }, action: 'unlimit', reason: 'Better now.' })).status).toBe(201);
    expect(ids(await call<PostsPage>('GET', '/posts?limit=100', { authorization: avaToken }))).toContain(postId);
    expect((await callAs<ModerationNotices>('noah_kim', 'GET', '/moderation/notices')).json.notices.map((notice) => notice.action)).toEqual(['unlimit', 'limit']);
  });
});

describe('the live stream', () => {
  it('tells moderators and admins alone of a new report, with the open count; the member hears of an action on them', async () => {
    await arrangeQueue();
    const moderator = await openStream(`Bearer ${await tokenFor('maya_patel')}`);
    const member = await openStream(`Bearer ${await tokenFor('demo_user')}`);
    const author = await openStream(`Bearer ${await tokenFor('noah_kim')}`);
    try {
      expect((await call('POST', '/reports', { body: { about: { post: seedPostId(13) }, reason: 'spam', rule: 'rule-spam' }, authorization: await tokenFor('zoe_martin') })).status).toBe(201);
      const [opened] = await moderator.until(1);
      expect(opened).toMatchObject({ type: 'report-opened', data: { reportId: expect.any(String), openCount: 4 } });
      expect((await act('maya_patel', { subject: { post: seedPostId(13) }, action: 'warn', reason: 'Mind the rules.' })).status).toBe(201);
      const [notice] = await author.until(1);
      expect(notice).toMatchObject({ type: 'moderation-notice', data: { memberId: noah } });
      // A post everyone hears of comes after both: the member heard of neither.
      expect((await callAs('zoe_martin', 'POST', '/posts', { postData: { text: 'After the report' } })).status).toBe(201);
      await member.until(1);
      expect(member.received.map((event) => event.type)).toEqual(['post-created']);
      expect(author.received.map((event) => event.type)).not.toContain('report-opened');
    } finally {
      moderator.close();
      member.close();
      author.close();
    }
  });
});
