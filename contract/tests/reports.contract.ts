/**
 * Reports (the `moderation` extension): a member reports a post, a reply or a member with a reason,
 * an optional comment and a rule; the backend keeps what was reported as it read then; the member
 * lists their own reports. Each refusal names what is wrong, and leaves the store as it was.
 */
import type { OpenReportCount, Report, ReportsResponse } from '../api';
import { errorBody } from '../errors';
import { LIMITS } from '../limits';
import { MESSAGE_STATUS, MESSAGES, type MessageKey } from '../messages';
import { findInconsistencies, type ReportRecord } from '../snapshot';
import { DEMO_USER_ID, SEED_PASSWORD, SEED_USER_IDS, seedPostId } from '../seed/default';
import { arrange, call, callAs, db, expectHealthy, target, type CallResult } from './support';

const liamsPost = seedPostId(1);
const avasPost = seedPostId(5);
const liamsReply = 'r-report-liam';
const avasReply = 'r-report-ava';

function expectRefused(result: CallResult<unknown>, key: MessageKey): void {
  expect({ status: result.status, body: result.json }).toEqual({ status: MESSAGE_STATUS[key], body: errorBody(key) });
}

const send = (member: string, body: unknown) => callAs<Report>(member, 'POST', '/reports', body);
const mine = async (member: string) => {
  const result = await callAs<ReportsResponse>(member, 'GET', '/reports/mine');
  expect(result.status).toBe(200);
  return result.json.reports;
};
const kept = async (): Promise<ReportRecord[]> => (await target().snapshot()).reports ?? [];

/** The network's rules, as an admin wrote them: a report names one by its id. */
const RULES = [
  { id: 'rule-kind', title: 'Be kind', description: 'No insults.' },
  { id: 'rule-spam', title: 'No spam', description: '' },
  { id: 'rule-real', title: 'Be yourself', description: 'No impersonation.' },
];

async function arrangeRules(): Promise<void> {
  await arrange((snapshot) => {
    snapshot.rules = RULES;
  });
}

/** A reply by Liam and one by Ava (demo_user), to Noah's post. */
async function arrangeReplies(): Promise<void> {
  await arrange((snapshot) => {
    snapshot.replies = [
      { id: liamsReply, postId: seedPostId(8), authorId: SEED_USER_IDS.liam, content: 'Nice path', replyToId: null, replyToAuthorId: null, likedBy: [], createdAt: '2025-06-01T09:00:00.000Z' },
      { id: avasReply, postId: seedPostId(8), authorId: DEMO_USER_ID, content: 'Lovely', replyToId: null, replyToAuthorId: null, likedBy: [], createdAt: '2025-06-01T10:00:00.000Z' },
    ];
  });
}

describe('reports', () => {
  it('reports a post with a reason, a trimmed comment and a rule, keeping the post as it read then', async () => {
    await arrangeRules();
    const before = (await db()).post(liamsPost)!;
    const result = await send('demo_user', { about: { post: liamsPost }, reason: 'spam', comment: '  Selling sunglasses in every post.  ', rule: 'rule-spam' });
    expect(result.status).toBe(201);
    expect(result.json).toEqual({
      id: expect.any(String), about: { kind: 'post', id: liamsPost }, reason: 'spam', comment: 'Selling sunglasses in every post.', rule: 'rule-spam', status: 'open', createdAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(result.json.createdAt))).toBe(false);
    await expectHealthy(result.json);

    // The author edits the post, then deletes it: the report still holds what the reporter read.
    expect((await callAs('liam_chen', 'POST', `/posts/edit/${liamsPost}`, { postData: { text: 'Nothing to see here' } })).status).toBe(201);
    expect((await callAs('liam_chen', 'DELETE', `/posts/${liamsPost}`)).status).toBe(200);
    const [report] = await kept();
    expect(report).toEqual({
      id: result.json.id, reporterId: DEMO_USER_ID, about: { kind: 'post', id: liamsPost }, reason: 'spam', comment: 'Selling sunglasses in every post.', rule: { id: 'rule-spam', title: 'No spam' }, status: 'open',
      createdAt: result.json.createdAt,
      content: { kind: 'post', authorId: SEED_USER_IDS.liam, username: 'liam_chen', text: before.content, images: [before.postImage], createdAt: before.createdAt },
    });
    expect(before.postImage).not.toBe('');
    // Listed to its reporter, with where it stands.
    expect(await mine('demo_user')).toEqual([{ id: result.json.id, about: { kind: 'post', id: liamsPost }, reason: 'spam', status: 'open', createdAt: result.json.createdAt }]);
  });

  it('reports a reply and a member, each kept as it read then; a comment and a rule may be left out', async () => {
    await arrangeReplies();
    await arrangeRules();
    const reply = await send('demo_user', { about: { reply: liamsReply }, reason: 'abuse' });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ about: { kind: 'reply', id: liamsReply }, reason: 'abuse', comment: '', status: 'open' });
    expect(reply.json).not.toHaveProperty('rule');
    const member = await send('demo_user', { about: { member: SEED_USER_IDS.zoe }, reason: 'other', comment: 'Impersonates a friend of mine.', rule: 'rule-real' });
    expect(member.status).toBe(201);
    expect(member.json).toMatchObject({ about: { kind: 'member', id: SEED_USER_IDS.zoe }, reason: 'other', rule: 'rule-real' });

    // Zoe changes her bio and Liam deletes his reply: the reports keep what was read.
    expect((await callAs('zoe_martin', 'POST', '/users/edit', { userData: { userBio: 'Someone else now.' } })).status).toBe(201);
    expect((await callAs('liam_chen', 'DELETE', `/replies/${liamsReply}`)).status).toBe(200);
    const reports = await kept();
    expect(reports.map((report) => report.content)).toEqual([
      { kind: 'reply', postId: seedPostId(8), authorId: SEED_USER_IDS.liam, username: 'liam_chen', text: 'Nice path', createdAt: '2025-06-01T09:00:00.000Z' },
      { kind: 'member', firstName: 'Zoe', lastName: 'Martin', username: 'zoe_martin', bio: 'Illustrator. I draw the weather.' },
    ]);
    await expectHealthy();
  });

  it('lists the member\'s own reports alone, the latest first', async () => {
    const first = await send('demo_user', { about: { post: liamsPost }, reason: 'spam' });
    const second = await send('demo_user', { about: { member: SEED_USER_IDS.noah }, reason: 'illegal' });
    const others = await send('liam_chen', { about: { post: avasPost }, reason: 'abuse' });
    expect([first.status, second.status, others.status]).toEqual([201, 201, 201]);
    expect((await mine('demo_user')).map((report) => report.id)).toEqual([second.json.id, first.json.id]);
    expect((await mine('liam_chen')).map((report) => report.id)).toEqual([others.json.id]);
    expect(await mine('zoe_martin')).toEqual([]);
  });

  it('refuses the same report again while the first is open, and takes it once it is resolved', async () => {
    expect((await send('demo_user', { about: { post: liamsPost }, reason: 'spam' })).status).toBe(201);
    expectRefused(await send('demo_user', { about: { post: liamsPost }, reason: 'abuse', comment: 'Also rude.' }), 'alreadyReported');
    // Someone else may report it, and the member may report its author.
    expect((await send('maya_patel', { about: { post: liamsPost }, reason: 'spam' })).status).toBe(201);
    expect((await send('demo_user', { about: { member: SEED_USER_IDS.liam }, reason: 'spam' })).status).toBe(201);
    expect((await kept()).length).toBe(3);

    await arrange((snapshot) => {
      for (const report of snapshot.reports ?? []) report.status = 'resolved';
    });
    const again = await send('demo_user', { about: { post: liamsPost }, reason: 'abuse' });
    expect(again.status).toBe(201);
    expect((await mine('demo_user')).map((report) => report.status)).toEqual(['open', 'resolved', 'resolved']);
    await expectHealthy();
  });

  it('takes one of two identical reports sent at once', async () => {
    const body = { about: { post: liamsPost }, reason: 'spam' };
    const statuses = (await Promise.all([send('demo_user', body), send('demo_user', body)])).map((result) => result.status).sort();
    expect(statuses).toEqual([201, MESSAGE_STATUS.alreadyReported]);
    expect((await kept()).length).toBe(1);
  });

  it('reports a repost as the post it reposts', async () => {
    expect((await callAs('maya_patel', 'POST', `/posts/${liamsPost}/repost`)).status).toBe(201);
    const repost = (await db()).posts.find((post) => post.repostOf === liamsPost);
    expect(repost).toBeDefined();
    const result = await send('demo_user', { about: { post: repost!.id }, reason: 'spam' });
    expect(result.status).toBe(201);
    expect(result.json.about).toEqual({ kind: 'post', id: liamsPost });
    expectRefused(await send('demo_user', { about: { post: liamsPost }, reason: 'spam' }), 'alreadyReported');
  });

  it('refuses what is missing, or hidden by a block, as not found', async () => {
    await arrangeReplies();
    expectRefused(await send('demo_user', { about: { post: 'no-such-post' }, reason: 'spam' }), 'postNotFound');
    expectRefused(await send('demo_user', { about: { reply: 'no-such-reply' }, reason: 'spam' }), 'replyNotFound');
    expectRefused(await send('demo_user', { about: { member: 'no-such-member' }, reason: 'spam' }), 'userNotFound');

    await arrange((snapshot) => {
      snapshot.users.find((user) => user.id === SEED_USER_IDS.liam)!.blocking = [DEMO_USER_ID];
    });
    expectRefused(await send('demo_user', { about: { post: liamsPost }, reason: 'spam' }), 'postNotFound');
    expectRefused(await send('demo_user', { about: { reply: liamsReply }, reason: 'spam' }), 'replyNotFound');
    expectRefused(await send('demo_user', { about: { member: SEED_USER_IDS.liam }, reason: 'spam' }), 'userNotFound');
    // The blocker does not see the member either.
    expectRefused(await send('liam_chen', { about: { post: avasPost }, reason: 'spam' }), 'postNotFound');
    expect(await kept()).toEqual([]);
  });

  it('refuses reporting oneself and what one wrote', async () => {
    await arrangeReplies();
    expectRefused(await send('demo_user', { about: { member: DEMO_USER_ID }, reason: 'spam' }), 'cannotReportSelf');
    expectRefused(await send('demo_user', { about: { post: avasPost }, reason: 'spam' }), 'cannotReportOwn');
    expectRefused(await send('demo_user', { about: { reply: avasReply }, reason: 'spam' }), 'cannotReportOwn');
    expect(await kept()).toEqual([]);
  });

  it('names the field that is wrong: what, the reason, the comment, the rule', async () => {
    await arrangeRules();
    for (const about of [undefined, 'x', [liamsPost], {}, { post: '' }, { post: 42 }, { video: liamsPost }, { post: liamsPost, member: SEED_USER_IDS.liam }]) {
      expectRefused(await send('demo_user', { about, reason: 'spam' }), 'reportSubjectInvalid');
    }
    for (const reason of [undefined, '', 'SPAM', 'rude', 3]) {
      expectRefused(await send('demo_user', { about: { post: liamsPost }, reason }), 'reportReasonInvalid');
    }
    expectRefused(await send('demo_user', { about: { post: liamsPost }, reason: 'spam', comment: 'x'.repeat(LIMITS.reportCommentMax + 1) }), 'reportCommentTooLong');
    expectRefused(await send('demo_user', { about: { post: liamsPost }, reason: 'spam', comment: 7 }), 'invalidBody');
    // A rule is the id of one the network lists: an index, a title or a rule it does not have is refused.
    for (const rule of [0, 2, '', 'No spam', 'rule-gone', ['rule-spam'], { id: 'rule-spam' }]) {
      expectRefused(await send('demo_user', { about: { post: liamsPost }, reason: 'spam', rule }), 'reportRuleInvalid');
    }
    expectRefused(await send('demo_user', { about: { post: liamsPost }, reason: 'spam', comment: 'a\u0000b' }), 'textUnstorable');
    expect(await kept()).toEqual([]);

    // The limit itself is taken: a comment of exactly the most characters, once trimmed, and the last rule.
    const longest = await send('demo_user', { about: { post: liamsPost }, reason: 'spam', comment: ` ${'é'.repeat(LIMITS.reportCommentMax)} `, rule: 'rule-real' });
    expect(longest.status).toBe(201);
    expect(longest.json.comment).toBe('é'.repeat(LIMITS.reportCommentMax));
  });

  it('says its limits in its messages, word for word', () => {
    expect(MESSAGES.reportCommentTooLong).toContain(LIMITS.reportCommentMax.toLocaleString('en-US'));
    expect(MESSAGES.moderationReasonInvalid).toContain(`1 to ${LIMITS.moderationReasonMax} characters`);
  });

  it('is held to one open report per reporter and subject, by a member who is there', async () => {
    expect((await send('demo_user', { about: { member: SEED_USER_IDS.zoe }, reason: 'spam' })).status).toBe(201);
    const snapshot = await target().snapshot();
    expect(findInconsistencies(snapshot)).toEqual([]);
    const [report] = snapshot.reports ?? [];
    snapshot.reports = [report!, { ...report!, id: 'a-second-report' }];
    expect(findInconsistencies(snapshot)).toEqual([`${DEMO_USER_ID} has two open reports of the member ${SEED_USER_IDS.zoe}`]);
    snapshot.reports = [{ ...report!, reporterId: 'no-such-member' }];
    expect(findInconsistencies(snapshot)).toEqual([`report ${report!.id} is by the missing member no-such-member`]);
  });
  it('lets a member\'s reports go with their account, and keeps the reports about them with what was reported', async () => {
    await arrange((snapshot) => {
      snapshot.users.find((user) => user.id === SEED_USER_IDS.zoe)!.role = 'moderator';
    });
    const openCount = async () => (await callAs<OpenReportCount>('zoe_martin', 'GET', '/moderation/reports/count')).json;
    expect((await send('liam_chen', { about: { post: seedPostId(4) }, reason: 'spam' })).status).toBe(201);
    const aboutPost = await send('maya_patel', { about: { post: liamsPost }, reason: 'illegal' });
    const aboutMember = await send('maya_patel', { about: { member: SEED_USER_IDS.liam }, reason: 'abuse' });
    expect([aboutPost.status, aboutMember.status]).toEqual([201, 201]);
    expect(await openCount()).toEqual({ count: 3 });
    const day = 24 * 60 * 60 * 1000;
    await arrange((snapshot) => {
      const member = snapshot.users.find((user) => user.id === SEED_USER_IDS.liam)!;
      member.deletion = { requestedAt: new Date(Date.now() - 15 * day).toISOString(), purgeAt: new Date(Date.now() - day).toISOString() };
    });
    // Due: the next call finds him gone, and his account with him.
    expectRefused(await call('POST', '/auth/login', { body: { username: 'liam_chen', password: SEED_PASSWORD } }), 'userNotRegistered');
    const reports = await kept();
    expect(reports.map((report) => report.id)).toEqual([aboutPost.json.id, aboutMember.json.id]);
    expect(reports.map((report) => report.content)).toEqual([
      expect.objectContaining({ kind: 'post', authorId: SEED_USER_IDS.liam, username: 'liam_chen' }),
      expect.objectContaining({ kind: 'member', username: 'liam_chen' }),
    ]);
    expect(await mine('maya_patel')).toHaveLength(2);
    // The moderators' count goes with them too.
    expect(await openCount()).toEqual({ count: 2 });
    await expectHealthy();
  });
});
