/**
 * Replies to posts (the `replies` extension): a post's replies oldest first, page by page; writing,
 * answering, deleting, liking and unliking them; each post's reply count; and every refusal.
 */
import type { HealthResponse, PostResponse, PostsResponse, RepliesPage, Reply, ReplyCreated, ReplyRemoval, ReplyResponse } from '../api';
import { MESSAGES } from '../messages';
import type { ReplyRecord } from '../snapshot';
import { DEMO_UNREAD_NOTIFICATIONS, DEMO_USER_ID, SEED_USER_IDS, seedPostId } from '../seed/default';
import { arrange, call, callAs, everyPage, expectHealthy, expectRefusal, target, tokenFor, type CallResult } from './support';
import { arrangedReplies } from './fixtures';
import { openStream } from './streams';

/** Ava's (demo_user's) forest walk, and Liam's first post. */
const avasPost = seedPostId(5);
const liamsPost = seedPostId(1);

/** The store's replies, oldest first. */
async function storedReplies(): Promise<ReplyRecord[]> {
  return (await target().snapshot()).replies ?? [];
}

function reply(member: string, postId: string, text: unknown, replyTo?: unknown): Promise<CallResult<ReplyCreated>> {
  return callAs<ReplyCreated>(member, 'POST', `/posts/${postId}/replies`, { replyData: { text, ...(replyTo === undefined ? {} : { replyTo }) } });
}

/** Every page of a post's replies, following the cursors to the end. */
async function allReplies(postId: string, limit: number): Promise<{ replies: Reply[]; pages: number }> {
  const { items, pages } = await everyPage(`/posts/${postId}/replies`, limit, (page: RepliesPage) => page.replies);
  return { replies: items, pages };
}

async function replyCountOf(postId: string): Promise<number | undefined> {
  return (await call<PostResponse>('GET', `/posts/${postId}`)).json.post.replyCount;
}

describe('replies: GET /health', () => {
  it("lists the 'replies' extension", async () => {
    expect((await call<HealthResponse>('GET', '/health')).json.extensions).toContain('replies');
  });
});

describe('GET /posts/:postId/replies', () => {
  it('answers an empty first page for a post nobody answered, and every post counts 0 replies', async () => {
    const result = await call<RepliesPage>('GET', `/posts/${avasPost}/replies`);
    expect({ status: result.status, body: result.json }).toEqual({ status: 200, body: { replies: [], nextCursor: null, replyCount: 0, previousCursor: null } });
    const posts = (await call<PostsResponse>('GET', '/posts')).json.posts;
    expect(new Set(posts.map((post) => post.replyCount))).toEqual(new Set([0]));
  });

  it('pages the replies oldest first, 20 a page by default, and counts them all on every page', async () => {
    await arrange((snapshot) => {
      snapshot.replies = arrangedReplies(liamsPost, 23).reverse();
    });
    const first = await call<RepliesPage>('GET', `/posts/${liamsPost}/replies`);
    expect(first.json.replies).toHaveLength(20);
    expect(first.json.replyCount).toBe(23);
    expect(first.json.replies[0]).toMatchObject({ content: 'Reply number 1', username: 'liam_chen', userFullName: 'Liam Chen', postId: liamsPost, replyTo: null, likes: { likeCount: 0, likedBy: [] } });

    const paged = await allReplies(liamsPost, 5);
    expect(paged.pages).toBe(5);
    expect(paged.replies.map((entry) => entry.content)).toEqual(Array.from({ length: 23 }, (_, index) => `Reply number ${index + 1}`));
    expect(await replyCountOf(liamsPost)).toBe(23);
    await expectHealthy(paged.replies);
  });

  it('keeps its place when a reply is written between two pages: nothing skipped, nothing twice', async () => {
    await arrange((snapshot) => {
      snapshot.replies = arrangedReplies(liamsPost, 6);
    });
    const first = await call<RepliesPage>('GET', `/posts/${liamsPost}/replies?limit=4`);
    expect((await reply('demo_user', liamsPost, 'Written while someone read')).status).toBe(201);
    const second = await call<RepliesPage>('GET', `/posts/${liamsPost}/replies?limit=4&cursor=${encodeURIComponent(first.json.nextCursor ?? '')}`);
    expect([...first.json.replies, ...second.json.replies].map((entry) => entry.content)).toEqual([
      ...Array.from({ length: 6 }, (_, index) => `Reply number ${index + 1}`), 'Written while someone read',
    ]);
    expect({ next: second.json.nextCursor, count: second.json.replyCount }).toEqual({ next: null, count: 7 });
  });

  it('refuses a post that does not exist, a bad limit and a cursor it did not issue', async () => {
    expectRefusal(await call('GET', '/posts/no-such-post/replies'), 404, MESSAGES.postNotFound);
    expectRefusal(await call('GET', `/posts/${liamsPost}/replies?limit=0`), 400, MESSAGES.pageLimitInvalid);
    const postsCursor = (await call<{ nextCursor: string }>('GET', '/posts?limit=1')).json.nextCursor;
    for (const cursor of ['garbage', postsCursor, 'W10']) {
      expectRefusal(await call('GET', `/posts/${liamsPost}/replies?cursor=${encodeURIComponent(cursor)}`), 400, MESSAGES.pageCursorInvalid);
    }
  });
});

describe("reply-links: GET /posts/:postId/replies?at= and ?before=", () => {
  const contents = (page: RepliesPage) => page.replies.map((entry) => entry.content);
  const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => `Reply number ${from + index}`);

  it("is listed in GET /health's extensions", async () => {
    expect((await call<HealthResponse>('GET', '/health')).json.extensions).toContain('reply-links');
  });

  it('answers the page that begins with a reply deep in a long conversation, and pages back to the start', async () => {
    await arrange((snapshot) => {
      snapshot.replies = arrangedReplies(liamsPost, 100).reverse();
    });
    const target = 'r-' + liamsPost.slice(-4) + '-072';
    const at = await call<RepliesPage>('GET', `/posts/${liamsPost}/replies?limit=20&at=${target}`);
    expect(at.status).toBe(200);
    expect(contents(at.json)).toEqual(numbered(73, 92));
    expect(at.json.replyCount).toBe(100);
    expect(typeof at.json.previousCursor).toBe('string');

    // Onward from it, as any page.
    const next = await call<RepliesPage>('GET', `/posts/${liamsPost}/replies?limit=20&cursor=${encodeURIComponent(at.json.nextCursor ?? '')}`);
    expect({ contents: contents(next.json), next: next.json.nextCursor }).toEqual({ contents: numbered(93, 100), next: null });

    // Back from it, page by page, to the first reply; nothing skipped, nothing twice.
    const earlier: string[] = [];
    let before = at.json.previousCursor;
    let pages = 0;
    while (before) {
      const page: CallResult<RepliesPage> = await call<RepliesPage>('GET', `/posts/${liamsPost}/replies?limit=20&before=${encodeURIComponent(before)}`);
      expect(page.status).toBe(200);
      earlier.unshift(...contents(page.json));
      before = page.json.previousCursor ?? null;
      pages += 1;
      if (pages > 10) throw new Error('the pages never end');
    }
    expect(pages).toBe(4);
    expect(earlier).toEqual(numbered(1, 72));
    await expectHealthy(at.json);
  });

  it('says when nothing comes before: the first reply, and a page read from the start', async () => {
    await arrange((snapshot) => {
      snapshot.replies = arrangedReplies(liamsPost, 5);
    });
    const first = await call<RepliesPage>('GET', `/posts/${liamsPost}/replies?at=r-${liamsPost.slice(-4)}-000&limit=3`);
    expect({ contents: contents(first.json), previous: first.json.previousCursor }).toEqual({ contents: numbered(1, 3), previous: null });
    expect(typeof first.json.nextCursor).toBe('string');
    const start = await call<RepliesPage>('GET', `/posts/${liamsPost}/replies?limit=3`);
    expect(start.json.previousCursor ?? null).toBeNull();
    const onward = await call<RepliesPage>('GET', `/posts/${liamsPost}/replies?limit=3&cursor=${encodeURIComponent(start.json.nextCursor ?? '')}`);
    expect(contents(onward.json)).toEqual(numbered(4, 5));
    expect(typeof onward.json.previousCursor).toBe('string');
  });

  it('refuses a reply that is gone or answers another post, and a page asked from two places', async () => {
    await arrange((snapshot) => {
      snapshot.replies = [...arrangedReplies(liamsPost, 3), ...arrangedReplies(avasPost, 1)];
    });
    const written = await reply('noah_kim', liamsPost, 'Soon gone');
    expect((await callAs('noah_kim', 'DELETE', `/replies/${written.json.reply.id}`)).status).toBe(200);
    expectRefusal(await call('GET', `/posts/${liamsPost}/replies?at=${written.json.reply.id}`), 404, MESSAGES.replyNotFound);
    expectRefusal(await call('GET', `/posts/${liamsPost}/replies?at=r-${avasPost.slice(-4)}-000`), 404, MESSAGES.replyNotFound);
    expectRefusal(await call('GET', `/posts/${liamsPost}/replies?at=${encodeURIComponent("' OR 1=1--")}`), 404, MESSAGES.replyNotFound);
    expectRefusal(await call('GET', `/posts/no-such-post/replies?at=r-${liamsPost.slice(-4)}-000`), 404, MESSAGES.postNotFound);

    const start = await call<RepliesPage>('GET', `/posts/${liamsPost}/replies?limit=1`);
    const cursor = encodeURIComponent(start.json.nextCursor ?? '');
    expectRefusal(await call('GET', `/posts/${liamsPost}/replies?cursor=${cursor}&before=${cursor}`), 400, MESSAGES.pageStartTwice);
    expectRefusal(await call('GET', `/posts/${liamsPost}/replies?at=r-${liamsPost.slice(-4)}-001&before=${cursor}`), 400, MESSAGES.pageStartTwice);
    const postsCursor = (await call<{ nextCursor: string }>('GET', '/posts?limit=1')).json.nextCursor;
    for (const before of ['garbage', postsCursor]) {
      expectRefusal(await call('GET', `/posts/${liamsPost}/replies?before=${encodeURIComponent(before)}`), 400, MESSAGES.pageCursorInvalid);
    }
  });
});

describe('POST /posts/:postId/replies', () => {
  it("writes a trimmed reply, answers it with the post's new count, and every copy of the post counts it", async () => {
    const result = await reply('noah_kim', avasPost, '  Lovely trail!  ');
    expect(result.status).toBe(201);
    expect(result.json.replyCount).toBe(1);
    expect(result.json.reply).toMatchObject({
      postId: avasPost, _id: SEED_USER_IDS.noah, username: 'noah_kim', userFullName: 'Noah Kim', content: 'Lovely trail!', replyTo: null, likes: { likeCount: 0, likedBy: [] },
    });
    expect(Date.parse(result.json.reply.createdAt)).not.toBeNaN();
    expect(await replyCountOf(avasPost)).toBe(1);
    const inList = (await call<PostsResponse>('GET', '/posts')).json.posts.find((post) => post.id === avasPost);
    expect(inList?.replyCount).toBe(1);
    expect((await storedReplies()).map((entry) => entry.content)).toEqual(['Lovely trail!']);
    await expectHealthy(result.json);
  });

  it('names the reply it answers, keeps one level, and refuses a reply to another post or none', async () => {
    const first = await reply('liam_chen', avasPost, 'First!');
    const answer = await reply('noah_kim', avasPost, 'Second, answering Liam', first.json.reply.id);
    expect(answer.status).toBe(201);
    expect(answer.json.reply.replyTo).toEqual({ replyId: first.json.reply.id, _id: SEED_USER_IDS.liam, username: 'liam_chen' });
    const list = await call<RepliesPage>('GET', `/posts/${avasPost}/replies`);
    expect(list.json.replies.map((entry) => [entry.content, entry.replyTo?.username ?? null])).toEqual([['First!', null], ['Second, answering Liam', 'liam_chen']]);

    const elsewhere = await reply('liam_chen', liamsPost, 'On another post');
    const before = await target().snapshot();
    expectRefusal(await reply('noah_kim', avasPost, 'Crossed wires', elsewhere.json.reply.id), 404, MESSAGES.replyNotFound);
    expectRefusal(await reply('noah_kim', avasPost, 'To nobody', 'no-such-reply'), 404, MESSAGES.replyNotFound);
    expect(await target().snapshot()).toEqual(before);
    // An empty replyTo answers the post itself.
    expect((await reply('noah_kim', avasPost, 'To the post', '')).json.reply.replyTo).toBeNull();
  });

  it('counts characters as a person does: 500 emoji are fine, 501 letters are not, blank is nothing', async () => {
    expect((await reply('demo_user', liamsPost, '👍🏽'.repeat(500))).status).toBe(201);
    expectRefusal(await reply('demo_user', liamsPost, 'x'.repeat(501)), 400, MESSAGES.replyTooLong);
    expectRefusal(await reply('demo_user', liamsPost, '   \n\t '), 400, MESSAGES.replyEmpty);
    expectRefusal(await reply('demo_user', liamsPost, null), 400, MESSAGES.replyEmpty);
    expectRefusal(await reply('demo_user', liamsPost, 'nul \u0000 inside'), 400, MESSAGES.textUnstorable);
    expectRefusal(await reply('demo_user', liamsPost, 42), 400, MESSAGES.invalidBody);
    expect(await replyCountOf(liamsPost)).toBe(1);
  });

  it('needs a token and a post that exists', async () => {
    expectRefusal(await call('POST', `/posts/${liamsPost}/replies`, { body: { replyData: { text: 'hi' } } }), 401, MESSAGES.tokenInvalid);
    expectRefusal(await reply('demo_user', 'no-such-post', 'hi'), 404, MESSAGES.postNotFound);
    expect(await storedReplies()).toEqual([]);
  });
});

describe('DELETE /replies/:replyId', () => {
  it("lets the reply's author delete it, and the post's author too, but nobody else", async () => {
    const noahs = await reply('noah_kim', avasPost, 'By Noah');
    const liams = await reply('liam_chen', avasPost, 'By Liam');
    const mayas = await reply('maya_patel', avasPost, 'By Maya');

    const byAuthor = await callAs<ReplyRemoval>('noah_kim', 'DELETE', `/replies/${noahs.json.reply.id}`);
    expect({ status: byAuthor.status, body: byAuthor.json }).toEqual({ status: 200, body: { replyId: noahs.json.reply.id, postId: avasPost, replyCount: 2 } });
    const byPostAuthor = await callAs<ReplyRemoval>('demo_user', 'DELETE', `/replies/${liams.json.reply.id}`);
    expect({ status: byPostAuthor.status, count: byPostAuthor.json.replyCount }).toEqual({ status: 200, count: 1 });

    expectRefusal(await callAs('zoe_martin', 'DELETE', `/replies/${mayas.json.reply.id}`), 400, MESSAGES.replyDeleteNotAllowed);
    expectRefusal(await callAs('zoe_martin', 'DELETE', `/replies/${noahs.json.reply.id}`), 404, MESSAGES.replyNotFound);
    expectRefusal(await call('DELETE', `/replies/${mayas.json.reply.id}`), 401, MESSAGES.tokenInvalid);
    expect((await storedReplies()).map((entry) => entry.content)).toEqual(['By Maya']);
    await expectHealthy();
  });

  it('leaves the replies that answered it naming its author', async () => {
    const first = await reply('liam_chen', avasPost, 'Liam asks');
    await reply('noah_kim', avasPost, 'Noah answers', first.json.reply.id);
    await callAs('liam_chen', 'DELETE', `/replies/${first.json.reply.id}`);
    const list = await call<RepliesPage>('GET', `/posts/${avasPost}/replies`);
    expect(list.json.replies.map((entry) => [entry.content, entry.replyTo])).toEqual([['Noah answers', { replyId: null, _id: SEED_USER_IDS.liam, username: 'liam_chen' }]]);
    await expectHealthy();
  });

  it('goes with its post: deleting a post deletes its replies and their likes', async () => {
    const liked = await reply('noah_kim', avasPost, 'Soon gone');
    await callAs('liam_chen', 'POST', `/replies/like/${liked.json.reply.id}`);
    await reply('liam_chen', liamsPost, 'Stays');
    expect((await callAs('demo_user', 'DELETE', `/posts/${avasPost}`)).status).toBe(200);
    expect((await storedReplies()).map((entry) => entry.content)).toEqual(['Stays']);
    expectRefusal(await call('GET', `/posts/${avasPost}/replies`), 404, MESSAGES.postNotFound);
    expectRefusal(await callAs('noah_kim', 'POST', `/replies/like/${liked.json.reply.id}`), 404, MESSAGES.replyNotFound);
    await expectHealthy();
  });
});

describe('POST /replies/like/:replyId and /replies/unlike/:replyId', () => {
  it('likes once, unlikes once, and answers the reply as it now is', async () => {
    const written = await reply('noah_kim', liamsPost, 'Like me');
    const id = written.json.reply.id;
    const liked = await callAs<ReplyResponse>('demo_user', 'POST', `/replies/like/${id}`);
    expect({ status: liked.status, likes: liked.json.reply.likes }).toEqual({
      status: 201,
      likes: { likeCount: 1, likedBy: [{ _id: DEMO_USER_ID, username: 'demo_user', firstName: 'Ava', lastName: 'Reed', image: expect.any(String) as string }] },
    });
    await callAs('liam_chen', 'POST', `/replies/like/${id}`);
    expectRefusal(await callAs('demo_user', 'POST', `/replies/like/${id}`), 400, MESSAGES.replyAlreadyLiked);
    const unliked = await callAs<ReplyResponse>('demo_user', 'POST', `/replies/unlike/${id}`);
    expect({ status: unliked.status, count: unliked.json.reply.likes.likeCount, by: unliked.json.reply.likes.likedBy.map((member) => member.username) })
      .toEqual({ status: 201, count: 1, by: ['liam_chen'] });
    expectRefusal(await callAs('demo_user', 'POST', `/replies/unlike/${id}`), 400, MESSAGES.replyNotLiked);
    expectRefusal(await callAs('demo_user', 'POST', '/replies/like/no-such-reply'), 404, MESSAGES.replyNotFound);
    const listed = (await call<RepliesPage>('GET', `/posts/${liamsPost}/replies`)).json.replies[0];
    expect(listed).toEqual(unliked.json.reply);
    await expectHealthy(listed);
  });
});

describe('replies on the live stream', () => {
  it('carries a reply written, liked and deleted, with the counts after each', async () => {
    const stream = await openStream(await tokenFor('demo_user'));
    try {
      const written = await reply('noah_kim', avasPost, 'Live reply');
      const id = written.json.reply.id;
      await callAs('liam_chen', 'POST', `/replies/like/${id}`);
      await callAs('noah_kim', 'DELETE', `/replies/${id}`);
      const events = await stream.until(5);
      // Ava hears of the reply to her post as a notification, and of its going.
      expect(events.map((event) => [event.type, event.data])).toEqual([
        ['reply-created', { postId: avasPost, replyId: id, authorId: SEED_USER_IDS.noah, replyCount: 1 }],
        ['notifications-changed', { memberId: DEMO_USER_ID, unreadCount: DEMO_UNREAD_NOTIFICATIONS + 1 }],
        ['reply-reacted', { postId: avasPost, replyId: id, memberId: SEED_USER_IDS.liam, liked: true, likeCount: 1 }],
        ['notifications-changed', { memberId: DEMO_USER_ID, unreadCount: DEMO_UNREAD_NOTIFICATIONS }],
        ['reply-deleted', { postId: avasPost, replyId: id, replyCount: 0 }],
      ]);
    } finally {
      stream.close();
    }
  });
});

