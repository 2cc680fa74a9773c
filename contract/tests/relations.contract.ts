/**
 * Mute and block (the `mute-block` extension): a mute takes the muted member out of the muter's
 * feed, post lists and notifications, and nobody else's; a block ends follows both ways and makes
 * each member not found to the other (posts, replies, profile, follows, replies, mentions); both are
 * undone, listed a page at a time, and refused where they make no sense.
 */
import type { MembersPage, NotificationsPage, Post, PostsPage, Relation, RelationWith, RepliesPage, ReplyCreated, UsersResponse } from '../api';
import { errorBody } from '../errors';
import { SEED_USER_IDS, seedPostId } from '../seed/default';
import { arrange, call, callAs, db, everyPage, expectHealthy, tokenFor, type CallResult } from './support';
import { openStream, type Received, type TestStream } from './streams';

const { ava, liam, maya, noah, zoe } = SEED_USER_IDS;
/** Liam's first post, and Ava's (demo_user's) forest walk. */
const liamsPost = seedPostId(1);
const avasPost = seedPostId(5);

async function authorsOf(member: string, path: string): Promise<Set<string>> {
  const result = await callAs<PostsPage>(member, 'GET', path);
  expect(result.status).toBe(200);
  return new Set(result.json.posts.map((post) => post.username));
}

function relate(member: string, action: 'mute' | 'unmute' | 'block' | 'unblock', otherId: string): Promise<CallResult<Relation>> {
  return callAs<Relation>(member, 'POST', `/users/${action}/${otherId}`);
}

function expectNotFound(result: CallResult, key: 'postNotFound' | 'userNotFound' | 'replyNotFound'): void {
  expect({ status: result.status, body: result.json }).toEqual({ status: 404, body: errorBody(key) });
}

/** Starts every member with no notification, so each test sees only what it caused. */
async function noNotifications(): Promise<void> {
  await arrange((snapshot) => {
    delete snapshot.notifications;
  });
}

describe('mute', () => {
  it('takes the muted member out of the muter\'s feed, every-post list and tag lists, and nobody else\'s', async () => {
    expect((await authorsOf('demo_user', '/feed?limit=100')).has('liam_chen')).toBe(true);
    const muted = await relate('demo_user', 'mute', liam);
    expect({ status: muted.status, body: muted.json }).toEqual({ status: 201, body: { userId: liam, muted: true, blocked: false } });
    await expectHealthy(muted.json);

    expect((await authorsOf('demo_user', '/feed?limit=100')).has('liam_chen')).toBe(false);
    expect((await authorsOf('demo_user', '/posts?limit=100')).has('liam_chen')).toBe(false);
    expect((await authorsOf('demo_user', '/posts')).has('liam_chen')).toBe(false);
    expect((await authorsOf('maya_patel', '/posts?limit=100')).has('liam_chen')).toBe(true);
    // A tag's posts, newest first and in any other order a store reads them.
    expect((await callAs('liam_chen', 'POST', '/posts', { postData: { text: 'Dawn again #ridgeline' } })).status).toBe(201);
    expect((await authorsOf('demo_user', '/tags/ridgeline/posts')).has('liam_chen')).toBe(false);
    expect((await authorsOf('maya_patel', '/tags/ridgeline/posts')).has('liam_chen')).toBe(true);
    // Still followed, and the profile still shows the posts: a mute hides, it does not cut off.
    expect((await db()).user(ava)?.following).toContain(liam);
    expect((await authorsOf('demo_user', '/posts/user/liam_chen?limit=100')).has('liam_chen')).toBe(true);
    expect((await callAs('demo_user', 'GET', `/posts/${liamsPost}`)).status).toBe(200);
  });

  it('keeps the muted member\'s likes and follows from notifying, and does not tell them', async () => {
    await noNotifications();
    await relate('demo_user', 'mute', liam);
    expect((await callAs('liam_chen', 'POST', `/posts/like/${seedPostId(11)}`)).status).toBe(201);
    expect((await callAs('noah_kim', 'POST', `/posts/like/${avasPost}`)).status).toBe(201);
    const page = await callAs<NotificationsPage>('demo_user', 'GET', '/notifications');
    expect(page.json.notifications.map((entry) => entry.actor.username)).toEqual(['noah_kim']);
    const liamsOwn = await callAs<NotificationsPage>('liam_chen', 'GET', '/notifications');
    expect(JSON.stringify(liamsOwn.json)).not.toContain('mute');
  });

  it('is undone by unmute, and lists the muted members a page at a time, the latest first', async () => {
    for (const other of [liam, maya, noah]) expect((await relate('demo_user', 'mute', other)).status).toBe(201);
    const token = await tokenFor('demo_user');
    const { items, pages } = await everyPage<MembersPage, string>('/users/muted', 2, (page) => page.users.map((user) => user.username), { authorization: token });
    expect({ items, pages }).toEqual({ items: ['noah_kim', 'maya_patel', 'liam_chen'], pages: 2 });

    const unmuted = await relate('demo_user', 'unmute', maya);
    expect(unmuted.json).toEqual({ userId: maya, muted: false, blocked: false });
    expect((await callAs<MembersPage>('demo_user', 'GET', '/users/muted')).json.users.map((user) => user.username)).toEqual(['noah_kim', 'liam_chen']);
    expect((await authorsOf('demo_user', '/feed?limit=100')).has('maya_patel')).toBe(true);
  });

  it('refuses oneself, twice, and undoing what was not done', async () => {
    expect((await relate('demo_user', 'mute', ava)).json).toEqual(errorBody('cannotMuteSelf'));
    await relate('demo_user', 'mute', liam);
    expect((await relate('demo_user', 'mute', liam)).json).toEqual(errorBody('alreadyMuted'));
    expect((await relate('demo_user', 'unmute', maya)).json).toEqual(errorBody('notMuted'));
    expectNotFound(await relate('demo_user', 'mute', 'no-such-member'), 'userNotFound');
  });
});

describe('block', () => {
  it('ends the follows both ways and keeps either from following the other', async () => {
    const before = await db();
    expect(before.user(ava)?.following).toContain(liam);
    expect(before.user(liam)?.following).toContain(ava);
    const blocked = await relate('demo_user', 'block', liam);
    expect(blocked.json).toEqual({ userId: liam, muted: false, blocked: true });
    const after = await db();
    expect(after.user(ava)?.following).not.toContain(liam);
    expect(after.user(ava)?.followers).not.toContain(liam);
    await expectHealthy(blocked.json);

    expectNotFound(await callAs('demo_user', 'POST', `/users/follow/${liam}`), 'userNotFound');
    expectNotFound(await callAs('liam_chen', 'POST', `/users/follow/${ava}`), 'userNotFound');
  });

  it('makes each not found to the other: profile, posts, post pages and lists', async () => {
    await relate('demo_user', 'block', liam);
    for (const [viewer, other, otherId, post] of [['demo_user', 'liam_chen', liam, liamsPost], ['liam_chen', 'demo_user', ava, avasPost]] as const) {
      expectNotFound(await callAs(viewer, 'GET', `/users/${otherId}`), 'userNotFound');
      expectNotFound(await callAs(viewer, 'GET', `/posts/user/${other}`), 'userNotFound');
      expectNotFound(await callAs(viewer, 'GET', `/posts/${post}`), 'postNotFound');
      expectNotFound(await callAs(viewer, 'POST', `/posts/like/${post}`), 'postNotFound');
      expectNotFound(await callAs(viewer, 'POST', `/users/bookmark/${post}`), 'postNotFound');
      expect((await authorsOf(viewer, '/posts?limit=100')).has(other)).toBe(false);
      const users = await callAs<UsersResponse>(viewer, 'GET', '/users');
      expect(users.json.users.map((user) => user.username)).not.toContain(other);
    }
    // Anyone else still sees both.
    expect((await callAs('maya_patel', 'GET', `/posts/${liamsPost}`)).status).toBe(200);
    expect((await callAs('maya_patel', 'GET', `/users/${ava}`)).status).toBe(200);
  });

  it('keeps either from replying to the other, and hides their replies from each other', async () => {
    const mayasPost = seedPostId(2);
    const liamsReply = await callAs<{ reply: { id: string } }>('liam_chen', 'POST', `/posts/${mayasPost}/replies`, { replyData: { text: 'Stunning' } });
    expect(liamsReply.status).toBe(201);
    await relate('demo_user', 'block', liam);

    expectNotFound(await callAs('liam_chen', 'POST', `/posts/${avasPost}/replies`, { replyData: { text: 'Hi' } }), 'postNotFound');
    expectNotFound(await callAs('demo_user', 'POST', `/posts/${mayasPost}/replies`, { replyData: { text: 'Agreed', replyTo: liamsReply.json.reply.id } }), 'replyNotFound');
    expectNotFound(await callAs('demo_user', 'POST', `/replies/like/${liamsReply.json.reply.id}`), 'replyNotFound');
    const seenByAva = await callAs<RepliesPage>('demo_user', 'GET', `/posts/${mayasPost}/replies`);
    expect(seenByAva.json.replies.map((reply) => reply.username)).not.toContain('liam_chen');
    const seenByMaya = await callAs<RepliesPage>('maya_patel', 'GET', `/posts/${mayasPost}/replies`);
    expect(seenByMaya.json.replies.map((reply) => reply.username)).toContain('liam_chen');
  });

  it('counts a post\'s replies as each reader sees them, agreeing with the replies page', async () => {
    const mayasPost = seedPostId(2);
    for (const [member, text] of [['liam_chen', 'Stunning'], ['noah_kim', 'So calm']] as const) {
      expect((await callAs(member, 'POST', `/posts/${mayasPost}/replies`, { replyData: { text } })).status).toBe(201);
    }
    await relate('demo_user', 'block', liam);

    const countsOf = async (member: string) => {
      const post = (await callAs<{ post: Post }>(member, 'GET', `/posts/${mayasPost}`)).json.post;
      const listed = (await callAs<PostsPage>(member, 'GET', '/posts')).json.posts.find((found) => found.id === mayasPost);
      const paged = (await callAs<PostsPage>(member, 'GET', '/posts?limit=100')).json.posts.find((found) => found.id === mayasPost);
      const replies = (await callAs<RepliesPage>(member, 'GET', `/posts/${mayasPost}/replies`)).json;
      return { post: post.replyCount, listed: listed?.replyCount, paged: paged?.replyCount, page: replies.replyCount, shown: replies.replies.length };
    };
    expect(await countsOf('demo_user')).toEqual({ post: 1, listed: 1, paged: 1, page: 1, shown: 1 });
    expect(await countsOf('maya_patel')).toEqual({ post: 2, listed: 2, paged: 2, page: 2, shown: 2 });
    expect(await countsOf('liam_chen')).toEqual({ post: 2, listed: 2, paged: 2, page: 2, shown: 2 });

    const written = await callAs<ReplyCreated>('demo_user', 'POST', `/posts/${mayasPost}/replies`, { replyData: { text: 'Agreed' } });
    expect(written.json.replyCount).toBe(2);
    const removed = await callAs<{ replyCount: number }>('demo_user', 'DELETE', `/replies/${written.json.reply.id}`);
    expect(removed.json.replyCount).toBe(1);
  });

  it('leaves members in a block with the reader out of a post\'s likes and dislikes, and counts every like as the Liked by list does', async () => {
    const noahsPost = seedPostId(3);
    await relate('maya_patel', 'block', zoe);
    const reactionsOf = async (member: string | undefined, postId: string) => {
      const result = member === undefined ? await call<{ post: Post }>('GET', `/posts/${postId}`) : await callAs<{ post: Post }>(member, 'GET', `/posts/${postId}`);
      const listed = member === undefined ? await call<PostsPage>('GET', '/posts?limit=100') : await callAs<PostsPage>(member, 'GET', '/posts?limit=100');
      const { likes } = result.json.post;
      expect(listed.json.posts.find((post) => post.id === postId)?.likes).toEqual(likes);
      return { likeCount: likes.likeCount, likedBy: likes.likedBy.map((user) => user.username), dislikedBy: likes.dislikedBy.map((user) => user.username) };
    };
    expect(await reactionsOf('maya_patel', liamsPost)).toEqual({ likeCount: 3, likedBy: ['demo_user', 'maya_patel'], dislikedBy: [] });
    expect(await reactionsOf('zoe_martin', liamsPost)).toEqual({ likeCount: 3, likedBy: ['demo_user', 'zoe_martin'], dislikedBy: [] });
    expect(await reactionsOf('maya_patel', noahsPost)).toEqual({ likeCount: 1, likedBy: ['demo_user'], dislikedBy: [] });
    expect(await reactionsOf('noah_kim', noahsPost)).toEqual({ likeCount: 1, likedBy: ['demo_user'], dislikedBy: ['zoe_martin'] });
    expect(await reactionsOf(undefined, liamsPost)).toEqual({ likeCount: 3, likedBy: ['demo_user', 'maya_patel', 'zoe_martin'], dislikedBy: [] });
    // The Liked by list leaves them out the same way.
    const likers = await callAs<MembersPage>('maya_patel', 'GET', `/posts/${liamsPost}/likes`);
    expect(likers.json.users.map((user) => user.username).sort()).toEqual(['demo_user', 'maya_patel']);
  });

  it('leaves members in a block with the reader out of a reply\'s likers, on its page and in a like\'s answer', async () => {
    const mayasPost = seedPostId(2);
    const written = await callAs<ReplyCreated>('maya_patel', 'POST', `/posts/${mayasPost}/replies`, { replyData: { text: 'First light again' } });
    const replyId = written.json.reply.id;
    for (const member of ['liam_chen', 'noah_kim']) expect((await callAs(member, 'POST', `/replies/like/${replyId}`)).status).toBe(201);
    await relate('zoe_martin', 'block', liam);

    const likersOn = async (member: string) => {
      const page = await callAs<RepliesPage>(member, 'GET', `/posts/${mayasPost}/replies`);
      const { likes } = page.json.replies.find((reply) => reply.id === replyId) ?? { likes: undefined };
      return { likeCount: likes?.likeCount, likedBy: likes?.likedBy.map((user) => user.username) };
    };
    expect(await likersOn('zoe_martin')).toEqual({ likeCount: 2, likedBy: ['noah_kim'] });
    expect(await likersOn('maya_patel')).toEqual({ likeCount: 2, likedBy: ['liam_chen', 'noah_kim'] });
    const liked = await callAs<{ reply: { likes: { likeCount: number; likedBy: Array<{ username: string }> } } }>('zoe_martin', 'POST', `/replies/like/${replyId}`);
    expect(liked.status).toBe(201);
    expect({ likeCount: liked.json.reply.likes.likeCount, likedBy: liked.json.reply.likes.likedBy.map((user) => user.username).sort() }).toEqual({ likeCount: 3, likedBy: ['noah_kim', 'zoe_martin'] });
  });

  it('keeps a mention across a block from notifying', async () => {
    await noNotifications();
    await relate('demo_user', 'block', liam);
    expect((await callAs('liam_chen', 'POST', '/posts', { postData: { text: 'Hello @demo_user and @maya_patel' } })).status).toBe(201);
    expect((await callAs<NotificationsPage>('demo_user', 'GET', '/notifications')).json.notifications).toEqual([]);
    expect((await callAs<NotificationsPage>('maya_patel', 'GET', '/notifications')).json.notifications.map((entry) => entry.kind)).toEqual(['mention']);
  });

  it('is undone by unblock, which does not bring the follows back', async () => {
    await relate('demo_user', 'block', liam);
    expect((await callAs<MembersPage>('demo_user', 'GET', '/users/blocked')).json.users.map((user) => user.username)).toEqual(['liam_chen']);
    const unblocked = await relate('demo_user', 'unblock', liam);
    expect(unblocked.json).toEqual({ userId: liam, muted: false, blocked: false });
    expect((await callAs('liam_chen', 'GET', `/posts/${avasPost}`)).status).toBe(200);
    expect((await db()).user(ava)?.following).not.toContain(liam);
    expect((await callAs<MembersPage>('demo_user', 'GET', '/users/blocked')).json).toEqual({ users: [], nextCursor: null });
  });

  it('answers the blocked member as if the blocker did not exist, and refuses the rest', async () => {
    expect((await relate('demo_user', 'block', ava)).json).toEqual(errorBody('cannotBlockSelf'));
    await relate('liam_chen', 'block', ava);
    expectNotFound(await relate('demo_user', 'block', liam), 'userNotFound');
    expectNotFound(await relate('demo_user', 'mute', liam), 'userNotFound');
    expectNotFound(await relate('demo_user', 'unblock', liam), 'userNotFound');
    expect((await relate('liam_chen', 'block', ava)).json).toEqual(errorBody('alreadyBlocked'));
    expect((await relate('liam_chen', 'unblock', maya)).json).toEqual(errorBody('notBlocked'));
  });

  it('answers a public read made without a token as to anyone', async () => {
    await relate('demo_user', 'block', liam);
    expect((await call('GET', `/posts/${liamsPost}`)).status).toBe(200);
  });
});

describe('where the member stands with one other', () => {
  function relationOf(member: string, otherId: string): Promise<CallResult<RelationWith>> {
    return callAs<RelationWith>(member, 'GET', `/users/relation/${otherId}`);
  }

  it('says whether the member mutes and blocks that one member, with who they are, however long the lists', async () => {
    const before = await relationOf('demo_user', liam);
    expect({ status: before.status, muted: before.json.muted, blocked: before.json.blocked, userId: before.json.userId, username: before.json.user.username })
      .toEqual({ status: 200, muted: false, blocked: false, userId: liam, username: 'liam_chen' });
    await expectHealthy(before.json);

    // Liam muted first, then others: he is past the muted list's first page of one.
    for (const other of [liam, maya, noah]) expect((await relate('demo_user', 'mute', other)).status).toBe(201);
    await relate('demo_user', 'block', liam);
    const firstPage = await callAs<MembersPage>('demo_user', 'GET', '/users/muted?limit=1');
    expect(firstPage.json.users.map((user) => user.username)).toEqual(['noah_kim']);
    const after = await relationOf('demo_user', liam);
    const blockedList = await callAs<MembersPage>('demo_user', 'GET', '/users/blocked');
    expect({ status: after.status, body: after.json }).toEqual({ status: 200, body: { userId: liam, muted: true, blocked: true, user: blockedList.json.users[0] } });
    // Another member's standing is theirs alone.
    expect((await relationOf('maya_patel', liam)).json).toMatchObject({ muted: false, blocked: false });
  });

  it('answers oneself as neither, a member who blocks the caller and one who never was as not found, and asks for a token', async () => {
    expect((await relationOf('demo_user', ava)).json).toMatchObject({ userId: ava, muted: false, blocked: false });
    await relate('liam_chen', 'block', ava);
    expectNotFound(await relationOf('demo_user', liam), 'userNotFound');
    expect((await relationOf('liam_chen', ava)).json).toMatchObject({ userId: ava, muted: false, blocked: true });
    expectNotFound(await relationOf('demo_user', 'no-such-member'), 'userNotFound');
    expect((await call('GET', `/users/relation/${liam}`)).status).toBe(401);
  });
});

describe('what a mute or a block leaves of the notifications', () => {
  beforeEach(async () => {
    await arrange((snapshot) => {
      delete snapshot.notifications;
      const walk = snapshot.posts.find((post) => post.id === avasPost);
      if (walk) walk.likedBy = [];
    });
  });

  async function unread(member: string): Promise<{ count: number; pageCount: number; listed: number }> {
    const page = await callAs<NotificationsPage>(member, 'GET', '/notifications');
    const count = await callAs<{ unreadCount: number }>(member, 'GET', '/notifications/unread');
    return { count: count.json.unreadCount, pageCount: page.json.unreadCount, listed: page.json.notifications.filter((entry) => !entry.read).length };
  }

  it('counts as unread only what the list still shows', async () => {
    expect((await callAs('liam_chen', 'POST', `/posts/like/${seedPostId(11)}`)).status).toBe(201);
    expect((await callAs('noah_kim', 'POST', `/users/follow/${ava}`)).status).toBe(201);
    expect((await callAs('maya_patel', 'POST', `/posts/${avasPost}/replies`, { replyData: { text: 'Lovely walk' } })).status).toBe(201);
    expect(await unread('demo_user')).toEqual({ count: 3, pageCount: 3, listed: 3 });

    await relate('demo_user', 'mute', liam);
    expect(await unread('demo_user')).toEqual({ count: 2, pageCount: 2, listed: 2 });
    await relate('demo_user', 'block', maya);
    expect(await unread('demo_user')).toEqual({ count: 1, pageCount: 1, listed: 1 });
    await relate('demo_user', 'unmute', liam);
    expect(await unread('demo_user')).toEqual({ count: 2, pageCount: 2, listed: 2 });
  });

  it('tells the member\'s devices the unread count a mute or a block leaves', async () => {
    expect((await callAs('liam_chen', 'POST', `/posts/like/${seedPostId(11)}`)).status).toBe(201);
    const stream = await openStream(await tokenFor('demo_user'));
    try {
      await relate('demo_user', 'mute', liam);
      const heard = await stream.until(2);
      expect(heard.map((event) => [event.type, event.data.unreadCount])).toContainEqual(['notifications-changed', 0]);
    } finally {
      stream.close();
    }
  });

  it('names the newest liker the member still sees, counts only the others they see, and hides a like nobody is left in', async () => {
    for (const liker of ['maya_patel', 'zoe_martin', 'liam_chen']) expect((await callAs(liker, 'POST', `/posts/like/${avasPost}`)).status).toBe(201);
    const likes = async () => (await callAs<NotificationsPage>('demo_user', 'GET', '/notifications')).json.notifications
      .filter((entry) => entry.kind === 'like').map((entry) => [entry.actor.username, entry.others]);
    expect(await likes()).toEqual([['liam_chen', 2]]);

    await relate('demo_user', 'mute', liam);
    expect(await likes()).toEqual([['zoe_martin', 1]]);
    await relate('demo_user', 'block', zoe);
    expect(await likes()).toEqual([['maya_patel', 0]]);
    await relate('demo_user', 'block', maya);
    expect(await likes()).toEqual([]);
    // The liker blocked by the member is as left out as one who blocks the member.
    await relate('demo_user', 'unblock', maya);
    await relate('demo_user', 'unmute', liam);
    await relate('liam_chen', 'block', ava);
    expect(await likes()).toEqual([['maya_patel', 0]]);
  });
});

/** What the stream received up to the first new post by `authorId`. */
async function untilPostBy(stream: TestStream, authorId: string): Promise<Received[]> {
  for (let count = 1; count < 50; count += 1) {
    const received = await stream.until(count);
    const at = received.findIndex((event) => event.type === 'post-created' && event.data.authorId === authorId);
    if (at >= 0) return received.slice(0, at + 1);
  }
  throw new Error('the post never came');
}

const postAuthors = (received: Received[]): unknown[] => received.filter((event) => event.type === 'post-created').map((event) => event.data.authorId);

describe('the live stream across a block', () => {
  let streams: TestStream[] = [];
  afterEach(() => {
    streams.forEach((stream) => stream.close());
    streams = [];
  });
  /** A stream for each member, closed after the case. */
  const openStreams = async <Members extends readonly string[]>(...members: Members): Promise<{ [K in keyof Members]: TestStream }> => {
    const opened = await Promise.all(members.map(async (member) => openStream(await tokenFor(member))));
    streams.push(...opened);
    return opened as { [K in keyof Members]: TestStream };
  };

  it('does not tell either member of the other\'s new posts, and tells the blocker\'s devices alone of the block', async () => {
    const [avas, liams, mayas] = await openStreams('demo_user', 'liam_chen', 'maya_patel');
    await relate('demo_user', 'block', liam);
    await callAs('liam_chen', 'POST', '/posts', { postData: { text: 'Only for the others' } });
    await callAs('demo_user', 'POST', '/posts', { postData: { text: 'Not for Liam' } });

    // Events come in commit order: once a member hears of their own post, Liam's came before it, or never.
    const heardByAva = await untilPostBy(avas, ava);
    expect(postAuthors(heardByAva)).toEqual([ava]);
    expect(heardByAva.map((event) => event.type)).toContain('relation-changed');
    const heardByLiam = await untilPostBy(liams, liam);
    expect(postAuthors(heardByLiam)).toEqual([liam]);
    expect(heardByLiam.map((event) => event.type)).not.toContain('relation-changed');
    const heardByMaya = await untilPostBy(mayas, ava);
    expect(postAuthors(heardByMaya)).toEqual([liam, ava]);
    expect(heardByMaya.map((event) => event.type)).not.toContain('relation-changed');
  });

  it('tells the blocked member\'s devices alone that the blocker\'s content leaves their screens, and nothing on an unblock', async () => {
    const [avas, liams, mayas] = await openStreams('demo_user', 'liam_chen', 'maya_patel');
    await relate('demo_user', 'block', liam);
    await relate('demo_user', 'unblock', liam);
    await callAs('liam_chen', 'POST', '/posts', { postData: { text: 'After the block' } });
    await callAs('demo_user', 'POST', '/posts', { postData: { text: 'After it too' } });

    const withdrawn = (received: Received[]) => received.filter((event) => event.type === 'member-withdrawn').map((event) => event.data);
    expect(withdrawn(await untilPostBy(liams, liam))).toEqual([{ memberId: liam, otherId: ava }]);
    expect(withdrawn(await untilPostBy(avas, ava))).toEqual([]);
    expect(withdrawn(await untilPostBy(mayas, ava))).toEqual([]);
  });
});
