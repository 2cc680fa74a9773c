/**
 * Notifications (the `notifications` extension): who is told of what (follows, likes of posts and
 * replies, replies, mentions), never of their own act; likes of one post grouped, the latest
 * first; undoing an act takes its notification away; pages; marking read; the live count; refusals.
 */
import fc from 'fast-check';
import type { AppNotification, HealthResponse, NotificationsPage, ReplyCreated, UnreadCount } from '../api';
import { errorBody } from '../errors';
import { MESSAGES } from '../messages';
import type { NotificationRecord } from '../snapshot';
import { SEED_USER_IDS, seedPostId } from '../seed/default';
import { arrange, call, callAs, errorOf, everyPage, expectHealthy, target, tokenFor, type CallResult } from './support';
import { sized } from './size';
import { openStream } from './streams';

/** Ava's (demo_user's) forest walk, and Liam's first post. */
const avasPost = seedPostId(5);
const liamsPost = seedPostId(1);
const { ava, liam, maya, noah, zoe } = SEED_USER_IDS;

function expectRefusal(result: CallResult, status: number, message: string): void {
  expect({ status: result.status, message: errorOf(result) }).toEqual({ status, message });
}

function notificationsOf(member: string, query = ''): Promise<CallResult<NotificationsPage>> {
  return callAs<NotificationsPage>(member, 'GET', `/notifications${query}`);
}

/** What each notification says, in the list's order: kind, who, how many more, about what, read. */
async function listed(member: string): Promise<Array<[string, string, number, string | null, string | null, boolean]>> {
  const result = await notificationsOf(member);
  expect(result.status).toBe(200);
  return result.json.notifications.map((entry) => [entry.kind, entry.actor.username, entry.others, entry.postId, entry.replyId, entry.read]);
}

async function unreadOf(member: string): Promise<number> {
  const result = await callAs<UnreadCount>(member, 'GET', '/notifications/unread');
  expect(result.status).toBe(200);
  return result.json.unreadCount;
}

function reply(member: string, postId: string, text: string): Promise<CallResult<ReplyCreated>> {
  return callAs<ReplyCreated>(member, 'POST', `/posts/${postId}/replies`, { replyData: { text } });
}

/** A new post by `member`, as the answer names it. */
async function postAs(member: string, text: string): Promise<string> {
  const result = await call<{ post: { id: string } }>('POST', '/posts', {
    body: { postData: { text } }, authorization: await tokenFor(member), headers: { prefer: 'return=minimal' },
  });
  expect(result.status).toBe(201);
  return result.json.post.id;
}

/**
 * Every member starts with no notification, and nobody likes Ava's walk or Liam's first post (each
 * describe's hook runs after the runner's, which loads the seed).
 */
async function startClean(): Promise<void> {
  await arrange((snapshot) => {
    delete snapshot.notifications;
    for (const post of snapshot.posts) {
      if (post.id !== avasPost && post.id !== liamsPost) continue;
      post.likedBy = [];
      post.dislikedBy = [];
    }
  });
}

describe('notifications: GET /health and the seed', () => {
  it("lists the 'notifications' extension", async () => {
    expect((await call<HealthResponse>('GET', '/health')).json.extensions).toContain('notifications');
  });

  it("gives demo_user the likes of her two posts, unread, and her three followers, read; nobody else any", async () => {
    expect(await listed('demo_user')).toEqual([
      ['like', 'zoe_martin', 1, seedPostId(11), null, false],
      ['like', 'zoe_martin', 2, avasPost, null, false],
      ['follow', 'zoe_martin', 0, null, null, true],
      ['follow', 'maya_patel', 0, null, null, true],
      ['follow', 'liam_chen', 0, null, null, true],
    ]);
    expect(await unreadOf('demo_user')).toBe(2);
    expect(await listed('liam_chen')).toEqual([]);
  });
});

describe('who is told of what', () => {
  beforeEach(startClean);

  it('tells the author of a like, names who liked and what, and tells nobody of their own like', async () => {
    expect((await callAs('liam_chen', 'POST', `/posts/like/${avasPost}`)).status).toBe(201);
    expect((await callAs('demo_user', 'POST', `/posts/like/${liamsPost}`)).status).toBe(201);
    expect((await callAs('liam_chen', 'POST', `/posts/like/${liamsPost}`)).status).toBe(201);

    const result = await notificationsOf('demo_user');
    expect(result.json).toEqual({
      notifications: [{
        id: expect.any(String), kind: 'like', actor: { _id: liam, username: 'liam_chen', firstName: 'Liam', lastName: 'Chen', image: expect.any(String) },
        others: 0, postId: avasPost, replyId: null, excerpt: 'Hello SocialConnect! Starting the week with a walk and a plan.', read: false, createdAt: expect.any(String),
      }],
      nextCursor: null,
      unreadCount: 1,
    });
    expect(Date.parse(result.json.notifications[0]?.createdAt ?? '')).not.toBeNaN();
    // Liam is told of demo_user's like, and not of his own.
    expect(await listed('liam_chen')).toEqual([['like', 'demo_user', 0, liamsPost, null, false]]);
    await expectHealthy(result.json);
  });

  it('tells a member who follows them, who replies to their post, and who likes their reply', async () => {
    expect((await callAs('maya_patel', 'POST', `/users/follow/${noah}`)).status).toBe(201);
    const written = await reply('zoe_martin', liamsPost, 'What a morning');
    expect(written.status).toBe(201);
    const replyId = written.json.reply.id;
    await callAs('maya_patel', 'POST', `/replies/like/${replyId}`);
    // Liam replying to his own post, and Zoe liking her own reply, tell nobody.
    await reply('liam_chen', liamsPost, 'Thanks!');
    await callAs('zoe_martin', 'POST', `/replies/like/${replyId}`);

    expect(await listed('zoe_martin')).toEqual([['like', 'maya_patel', 0, liamsPost, replyId, false]]);
    expect(await listed('noah_kim')).toEqual([['follow', 'maya_patel', 0, null, null, false]]);
    expect(await listed('liam_chen')).toEqual([['reply', 'zoe_martin', 0, liamsPost, replyId, false]]);
    expect(await unreadOf('zoe_martin')).toBe(1);
    await expectHealthy();
  });

  it('tells each member a post or a reply mentions, once, and never for a name nobody has or for oneself', async () => {
    const postId = await postAs('liam_chen', 'Hiking with @demo_user and @DEMO_USER, @nobody_at_all and @liam_chen; mail ann@noah_kim.com');
    expect(await listed('demo_user')).toEqual([['mention', 'liam_chen', 0, postId, null, false]]);
    expect(await listed('liam_chen')).toEqual([]);
    expect(await listed('noah_kim')).toEqual([]);

    const answer = await reply('maya_patel', postId, '@noah_kim look, and @liam_chen too');
    // Liam is told of the reply to his post, which is enough; Noah of the mention.
    expect(await listed('noah_kim')).toEqual([['mention', 'maya_patel', 0, postId, answer.json.reply.id, false]]);
    expect(await listed('liam_chen')).toEqual([['reply', 'maya_patel', 0, postId, answer.json.reply.id, false]]);
    await expectHealthy();
  });
});

describe('grouping and order', () => {
  beforeEach(startClean);

  it("groups the likes of one post, the newest liker named, and puts what changed last first", async () => {
    for (const member of ['liam_chen', 'zoe_martin', 'maya_patel']) expect((await callAs(member, 'POST', `/posts/like/${avasPost}`)).status).toBe(201);
    expect((await callAs('noah_kim', 'POST', `/users/follow/${ava}`)).status).toBe(201);
    expect(await listed('demo_user')).toEqual([
      ['follow', 'noah_kim', 0, null, null, false],
      ['like', 'maya_patel', 2, avasPost, null, false],
    ]);
    // Maya takes hers back: the group keeps its place, Zoe now its newest.
    await callAs('maya_patel', 'POST', `/posts/dislike/${avasPost}`);
    expect(await listed('demo_user')).toEqual([
      ['follow', 'noah_kim', 0, null, null, false],
      ['like', 'zoe_martin', 1, avasPost, null, false],
    ]);
    // A new like brings the group first again.
    await callAs('noah_kim', 'POST', `/posts/like/${avasPost}`);
    expect(await listed('demo_user')).toEqual([
      ['like', 'noah_kim', 2, avasPost, null, false],
      ['follow', 'noah_kim', 0, null, null, false],
    ]);
    expect(await unreadOf('demo_user')).toBe(2);
    await expectHealthy();
  });

  it('keeps the likes of a post and of a reply to it apart', async () => {
    const written = await reply('demo_user', liamsPost, 'Lovely');
    await callAs('liam_chen', 'POST', `/replies/like/${written.json.reply.id}`);
    await callAs('liam_chen', 'POST', `/posts/like/${avasPost}`);
    expect(await listed('demo_user')).toEqual([
      ['like', 'liam_chen', 0, avasPost, null, false],
      ['like', 'liam_chen', 0, liamsPost, written.json.reply.id, false],
    ]);
  });
});

describe('what a notification quotes', () => {
  beforeEach(startClean);

  /** Each of the member's notifications as kind, who, and the excerpt it carries. */
  async function quoted(member: string): Promise<Array<[string, string, string | null]>> {
    const result = await notificationsOf(member);
    expect(result.status).toBe(200);
    return result.json.notifications.map((entry) => [entry.kind, entry.actor.username, entry.excerpt]);
  }

  it("quotes the opening of the post or the reply it is about, whole up to 80 graphemes, and nothing for a follow", async () => {
    // Liam's first post is 80 characters long: quoted whole, with nothing added.
    const firstLight = 'First light over the ridge this morning. Worth every minute of the 4 a.m. alarm.';
    await callAs('liam_chen', 'POST', `/posts/like/${avasPost}`);
    await callAs('noah_kim', 'POST', `/users/follow/${ava}`);
    await callAs('demo_user', 'POST', `/posts/like/${liamsPost}`);
    expect(await quoted('demo_user')).toEqual([
      ['follow', 'noah_kim', null],
      ['like', 'liam_chen', 'Hello SocialConnect! Starting the week with a walk and a plan.'],
    ]);
    expect(await quoted('liam_chen')).toEqual([['like', 'demo_user', firstLight]]);
  });

  it('cuts a longer text after 80 graphemes, never inside one, on one line, and ends it with "…"', async () => {
    // 79 characters, then a family (five code points, one grapheme) as the 80th, then more.
    const opening = 'Up early for the ridge again,\n\nand   the light was far better than last week. Us: ';
    expect(opening.replace(/\s+/g, ' ')).toHaveLength(79);
    const text = `${opening}👨‍👩‍👧 and then the clouds came in.`;
    const written = await reply('zoe_martin', liamsPost, text);
    expect(written.status).toBe(201);
    await callAs('maya_patel', 'POST', `/replies/like/${written.json.reply.id}`);

    const excerpt = `${opening.replace(/\s+/g, ' ')}👨‍👩‍👧…`;
    expect(await quoted('liam_chen')).toEqual([['reply', 'zoe_martin', excerpt]]);
    expect(await quoted('zoe_martin')).toEqual([['like', 'maya_patel', excerpt]]);
  });

  it('quotes a mention from where it is made, and a post as it reads after an edit', async () => {
    const postId = await postAs('liam_chen', 'Morning coffee with @demo_user.');
    await callAs('maya_patel', 'POST', `/posts/like/${avasPost}`);
    const edited = await callAs('demo_user', 'POST', `/posts/edit/${avasPost}`, { postData: { text: 'Hello again: the walk became a hike.' } });
    expect(edited.status).toBe(201);
    const answered = await reply('noah_kim', postId, 'Say hi to @demo_user from me');

    expect(await quoted('demo_user')).toEqual([
      ['mention', 'noah_kim', 'Say hi to @demo_user from me'],
      ['like', 'maya_patel', 'Hello again: the walk became a hike.'],
      ['mention', 'liam_chen', 'Morning coffee with @demo_user.'],
    ]);
    expect(answered.status).toBe(201);
    await expectHealthy();
  });
});

describe('undoing an act takes its notification away', () => {
  beforeEach(startClean);

  it('an unfollow, a like taken back, a reply deleted, a reply unliked, a mention edited away', async () => {
    await callAs('noah_kim', 'POST', `/users/follow/${ava}`);
    await callAs('liam_chen', 'POST', `/posts/like/${avasPost}`);
    const written = await reply('noah_kim', avasPost, 'Nice');
    const own = await reply('demo_user', liamsPost, 'Mine');
    await callAs('maya_patel', 'POST', `/replies/like/${own.json.reply.id}`);
    const postId = await postAs('zoe_martin', 'Thanks @demo_user');
    expect(await unreadOf('demo_user')).toBe(5);

    const undone = [
      await callAs('noah_kim', 'POST', `/users/unfollow/${ava}`),
      await callAs('liam_chen', 'POST', `/posts/dislike/${avasPost}`),
      await callAs('noah_kim', 'DELETE', `/replies/${written.json.reply.id}`),
      await callAs('maya_patel', 'POST', `/replies/unlike/${own.json.reply.id}`),
      await callAs('zoe_martin', 'POST', `/posts/edit/${postId}`, { postData: { text: 'Thanks all' } }),
    ];
    expect(undone.map((result) => result.status)).toEqual([201, 201, 200, 201, 201]);

    expect(await listed('demo_user')).toEqual([]);
    expect(await unreadOf('demo_user')).toBe(0);
    // Named again, she is told again.
    await callAs('zoe_martin', 'POST', `/posts/edit/${postId}`, { postData: { text: 'Thanks @demo_user, really' } });
    expect(await listed('demo_user')).toEqual([['mention', 'zoe_martin', 0, postId, null, false]]);
    await expectHealthy();
  });

  it('a post deleted takes every notification about it and its replies', async () => {
    const postId = await postAs('demo_user', 'Ask me, @liam_chen');
    await callAs('liam_chen', 'POST', `/posts/like/${postId}`);
    const answer = await reply('liam_chen', postId, 'Asking, @noah_kim');
    await callAs('demo_user', 'POST', `/replies/like/${answer.json.reply.id}`);
    expect(await unreadOf('demo_user')).toBe(2);
    expect(await unreadOf('liam_chen')).toBe(2);
    expect(await unreadOf('noah_kim')).toBe(1);

    const stream = await openStream(await tokenFor('noah_kim'));
    try {
      expect((await callAs('demo_user', 'DELETE', `/posts/${postId}`)).status).toBe(200);
      const events = await stream.until(2);
      expect(events.map((event) => [event.type, event.data])).toEqual([
        ['notifications-changed', { memberId: noah, unreadCount: 0 }],
        ['post-deleted', { postId }],
      ]);
    } finally {
      stream.close();
    }
    for (const member of ['demo_user', 'liam_chen', 'noah_kim']) expect(await listed(member)).toEqual([]);
    await expectHealthy();
  });
});

describe('GET /notifications: pages', () => {
  beforeEach(startClean);

  /** `count` mention notifications of demo_user, by turns from the other four members, the last one newest. */
  function arranged(count: number): NotificationRecord[] {
    const others = [liam, maya, noah, zoe];
    return Array.from({ length: count }, (_, index) => ({
      id: `n-${String(index).padStart(3, '0')}`,
      recipientId: ava,
      kind: 'mention',
      key: `mention:post:${seedPostId((index % 20) + 1)}:${index}`,
      postId: seedPostId((index % 20) + 1),
      replyId: null,
      actorIds: [others[index % 4] ?? liam],
      unread: index >= count - 3,
      updatedAt: new Date(Date.UTC(2025, 5, 1, 9, index)).toISOString(),
    }));
  }

  async function allPages(limit: number): Promise<{ notifications: AppNotification[]; pages: number }> {
    const { items, pages } = await everyPage('/notifications', limit, (page: NotificationsPage) => page.notifications, { authorization: await tokenFor('demo_user') });
    return { notifications: items, pages };
  }

  it('answers 20 a page by default, the latest first, through to the last, nothing twice', async () => {
    await arrange((snapshot) => {
      snapshot.notifications = arranged(45);
    });
    const first = await notificationsOf('demo_user');
    expect(first.json.notifications).toHaveLength(20);
    expect(first.json.unreadCount).toBe(3);
    expect(first.json.notifications.slice(0, 4).map((entry) => [entry.id, entry.read])).toEqual([['n-044', false], ['n-043', false], ['n-042', false], ['n-041', true]]);

    const paged = await allPages(20);
    expect(paged.pages).toBe(3);
    expect(paged.notifications.map((entry) => entry.id)).toEqual(Array.from({ length: 45 }, (_, index) => `n-${String(44 - index).padStart(3, '0')}`));
  });

  it('keeps its place when a notification arrives between two pages', async () => {
    await arrange((snapshot) => {
      snapshot.notifications = arranged(6);
    });
    const first = await notificationsOf('demo_user', '?limit=4');
    await callAs('liam_chen', 'POST', `/posts/like/${avasPost}`);
    const second = await notificationsOf('demo_user', `?limit=4&cursor=${encodeURIComponent(first.json.nextCursor ?? '')}`);
    expect([...first.json.notifications, ...second.json.notifications].map((entry) => entry.id)).toEqual(['n-005', 'n-004', 'n-003', 'n-002', 'n-001', 'n-000']);
    expect(second.json.nextCursor).toBeNull();
    expect((await notificationsOf('demo_user', '?limit=1')).json.notifications[0]).toMatchObject({ kind: 'like', postId: avasPost });
  });

  it('counts unread ones up to 100', async () => {
    await arrange((snapshot) => {
      snapshot.notifications = arranged(130).map((entry) => ({ ...entry, unread: true }));
    });
    expect(await unreadOf('demo_user')).toBe(100);
    expect((await notificationsOf('demo_user', '?limit=1')).json.unreadCount).toBe(100);
  });

  it('refuses no token, a bad token, a bad limit and a cursor it did not issue', async () => {
    for (const path of ['/notifications', '/notifications/unread']) {
      expectRefusal(await call('GET', path), 401, MESSAGES.tokenInvalid);
      expectRefusal(await call('GET', path, { authorization: 'Bearer not.a.token' }), 401, MESSAGES.tokenInvalid);
    }
    expectRefusal(await call('POST', '/notifications/read'), 401, MESSAGES.tokenInvalid);
    expectRefusal(await notificationsOf('demo_user', '?limit=0'), 400, MESSAGES.pageLimitInvalid);
    expectRefusal(await notificationsOf('demo_user', '?limit=101'), 400, MESSAGES.pageLimitInvalid);
    const postsCursor = (await call<{ nextCursor: string }>('GET', '/posts?limit=1')).json.nextCursor;
    const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of ['garbage', postsCursor, 'W10', encode(['notifications', 1e300]), encode(['notifications', -1]), encode(['notifications', 'n-001'])]) {
      expectRefusal(await notificationsOf('demo_user', `?cursor=${encodeURIComponent(cursor)}`), 400, MESSAGES.pageCursorInvalid);
    }
  });
});

describe('POST /notifications/read', () => {
  beforeEach(startClean);

  it('marks them all read on every device of the member, and a new one is unread again', async () => {
    await callAs('liam_chen', 'POST', `/posts/like/${avasPost}`);
    await callAs('noah_kim', 'POST', `/users/follow/${ava}`);
    await callAs('demo_user', 'POST', `/posts/like/${liamsPost}`);
    expect(await unreadOf('demo_user')).toBe(2);
    const token = await tokenFor('demo_user');
    const [phone, laptop, liams] = [await openStream(token), await openStream(await tokenFor('demo_user')), await openStream(await tokenFor('liam_chen'))];
    try {
      const result = await call<UnreadCount>('POST', '/notifications/read', { authorization: token });
      expect({ status: result.status, body: result.json }).toEqual({ status: 201, body: { unreadCount: 0 } });
      for (const stream of [phone, laptop]) {
        expect((await stream.until(1)).map((event) => [event.type, event.data])).toEqual([['notifications-changed', { memberId: ava, unreadCount: 0 }]]);
      }
      await callAs('maya_patel', 'POST', `/users/follow/${liam}`);
      // Liam hears of his own notification, and never of demo_user's.
      expect((await liams.until(2)).map((event) => event.type)).toEqual(['follow-changed', 'notifications-changed']);
      expect(liams.received[1]?.data).toEqual({ memberId: liam, unreadCount: 2 });
    } finally {
      for (const stream of [phone, laptop, liams]) stream.close();
    }
    expect(await listed('demo_user')).toEqual([
      ['follow', 'noah_kim', 0, null, null, true],
      ['like', 'liam_chen', 0, avasPost, null, true],
    ]);
    expect(await unreadOf('demo_user')).toBe(0);
    // Liam's are his own: still unread.
    expect(await unreadOf('liam_chen')).toBe(2);

    await callAs('zoe_martin', 'POST', `/posts/like/${avasPost}`);
    expect(await listed('demo_user')).toEqual([
      ['like', 'zoe_martin', 1, avasPost, null, false],
      ['follow', 'noah_kim', 0, null, null, true],
    ]);
    expect(await unreadOf('demo_user')).toBe(1);
    await expectHealthy();
  });

  it('a refused act leaves every notification as it was', async () => {
    await callAs('liam_chen', 'POST', `/posts/like/${avasPost}`);
    const before = await target().snapshot();
    expectRefusal(await callAs('liam_chen', 'POST', `/posts/like/${avasPost}`), 400, MESSAGES.alreadyLiked);
    expectRefusal(await callAs('liam_chen', 'POST', `/users/follow/${liam}`), 404, MESSAGES.cannotFollowSelf);
    expect(await target().snapshot()).toEqual(before);
  });
});

describe('GET /notifications: generated queries', () => {
  beforeEach(startClean);

  /** A cursor-looking value: base64url of any JSON, of the right kind with any place, or junk. */
  const cursor = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }).map((value) => Buffer.from(JSON.stringify(value)).toString('base64url')),
    fc.oneof(fc.double(), fc.integer(), fc.string({ maxLength: 6 }), fc.constant(null)).map((place) => Buffer.from(JSON.stringify(['notifications', place])).toString('base64url')),
    fc.string({ maxLength: 40 }),
  );
  const limit = fc.oneof(fc.integer({ min: -5, max: 120 }).map(String), fc.string({ maxLength: 5 }));

  it('never a 5xx: a page, or the limit or the cursor refused as the catalogue says', async () => {
    await callAs('liam_chen', 'POST', `/posts/like/${avasPost}`);
    const token = await tokenFor('demo_user');
    const before = await target().snapshot();
    let pages = 0;
    await fc.assert(
      fc.asyncProperty(fc.record({ limit, cursor }, { requiredKeys: [] }), async (query) => {
        const search = new URLSearchParams(query as Record<string, string>).toString();
        const result = await call<NotificationsPage>('GET', `/notifications${search ? `?${search}` : ''}`, { authorization: token });
        if (result.status === 200) {
          pages += 1;
          expect(result.json.unreadCount).toBe(1);
          return;
        }
        expect([errorBody('pageLimitInvalid'), errorBody('pageCursorInvalid')]).toContainEqual(result.json);
        expect(result.status).toBe(400);
      }),
      { numRuns: sized(100, 500) },
    );
    expect(pages).toBeGreaterThan(0);
    expect(await target().snapshot()).toEqual(before);
  }, 600_000);
});
