/**
 * Reposts and quotes (the `reposts` extension): a repost puts the original in the reposter's
 * followers' Home and on the reposter's profile with who reposted it, a page showing a post once; it
 * is undone, refused twice, and goes with its original. A quote carries the quoted post, or null once
 * that is gone for the reader; the author's quote policy (anyone, followers, nobody) is enforced;
 * blocks and mutes apply; the author is told, grouped by post; the stream carries the counts; the
 * snapshot keeps them.
 */
import type { NotificationsPage, Post, PostResponse, PostsPage, RepostChange, UserResponse } from '../api';
import { errorBody } from '../errors';
import { MESSAGE_STATUS, type MESSAGES } from '../messages';
import { SEED_USER_IDS } from '../seed/default';
import { findInconsistencies } from '../snapshot';
import { arrange, call, callAs, db, expectHealthy, target, tokenFor, type CallResult } from './support';
import { openStream } from './streams';

const { ava, liam, maya, noah, zoe } = SEED_USER_IDS;

async function newPost(member: string, text: string, quoteOf?: string): Promise<CallResult<PostResponse>> {
  return callAs<PostResponse>(member, 'POST', '/posts', { postData: { text }, ...(quoteOf === undefined ? {} : { quoteOf }) });
}

async function written(member: string, text: string): Promise<string> {
  const created = await callAs<PostResponse & { posts?: Post[] }>(member, 'POST', '/posts', { postData: { text } });
  const post = created.json.post ?? created.json.posts?.find((entry) => entry.content === text);
  if (!post) throw new Error(`the post "${text}" was not made`);
  return post.id;
}

function repost(member: string, postId: string, undo = false): Promise<CallResult<RepostChange>> {
  return callAs<RepostChange>(member, undo ? 'DELETE' : 'POST', `/posts/${encodeURIComponent(postId)}/repost`);
}

async function homeOf(member: string): Promise<Post[]> {
  const page = await callAs<PostsPage>(member, 'GET', '/feed?limit=50');
  expect(page.status).toBe(200);
  return page.json.posts;
}

async function postAs(member: string | undefined, postId: string): Promise<CallResult<PostResponse>> {
  return member === undefined ? call<PostResponse>('GET', `/posts/${postId}`) : callAs<PostResponse>(member, 'GET', `/posts/${postId}`);
}

function setPolicy(member: string, quotePolicy: string): Promise<CallResult> {
  return callAs(member, 'POST', '/users/edit', { userData: { quotePolicy } });
}

function expectRefused(result: CallResult, key: keyof typeof MESSAGES): void {
  expect({ status: result.status, body: result.json }).toEqual({ status: MESSAGE_STATUS[key], body: errorBody(key) });
}

/** What a member's notifications say of reposts and quotes: kind, who acted last, how many more, the post. */
async function sharesTold(member: string): Promise<Array<[string, string, number, string | null]>> {
  const page = await callAs<NotificationsPage>(member, 'GET', '/notifications');
  return page.json.notifications.filter((entry) => entry.kind === 'repost' || entry.kind === 'quote').map((entry) => [entry.kind, entry.actor.username, entry.others, entry.postId]);
}

describe('reposts', () => {
  it("puts the original in the reposter's followers' Home and on their profile, once a page; undone, and refused twice", async () => {
    // Ava follows Liam and Maya, not Noah.
    const original = await written('noah_kim', 'Worth passing on');
    expect((await homeOf('demo_user')).some((post) => post.id === original)).toBe(false);

    const reposted = await repost('liam_chen', original);
    expect({ status: reposted.status, body: reposted.json }).toEqual({ status: 201, body: { postId: original, reposted: true, repostCount: 1, quoteCount: 0 } });
    await expectHealthy(reposted.json);

    const [first] = await homeOf('demo_user');
    expect(first).toMatchObject({ id: original, content: 'Worth passing on', username: 'noah_kim', repostCount: 1, repost: { by: { _id: liam, username: 'liam_chen' } } });
    const profile = await call<PostsPage>('GET', '/posts/user/liam_chen?limit=5');
    expect(profile.json.posts[0]).toMatchObject({ id: original, repost: { id: first?.repost?.id, by: { username: 'liam_chen' } } });
    expect((await postAs('liam_chen', original)).json.post.repostCount).toBe(1);
    // Whom a member reposted is theirs to know, as their bookmarks are.
    expect((await callAs<UserResponse>('liam_chen', 'GET', `/users/${liam}`)).json.user.reposts).toEqual([original]);
    expect((await callAs<UserResponse>('demo_user', 'GET', `/users/${liam}`)).json.user).not.toHaveProperty('reposts');
    expect((await call<UserResponse>('GET', `/users/${liam}`)).json.user).not.toHaveProperty('reposts');
    // The repost's own id answers the original with who reposted it (what the stream names).
    expect((await postAs('demo_user', first!.repost!.id)).json.post).toMatchObject({ id: original, repost: { by: { username: 'liam_chen' } } });

    // Reposted twice, by two members Ava follows: her page shows it once, the latest repost's.
    expect((await repost('maya_patel', original)).json).toEqual({ postId: original, reposted: true, repostCount: 2, quoteCount: 0 });
    const home = await homeOf('demo_user');
    expect(home.filter((post) => post.id === original).map((post) => post.repost?.by.username)).toEqual(['maya_patel']);
    // The network's list holds originals alone.
    const everyone = (await call<PostsPage>('GET', '/posts?limit=100')).json.posts;
    expect(everyone.filter((post) => post.id === original).map((post) => post.repost)).toEqual([undefined]);
    expect(await sharesTold(noah)).toEqual([['repost', 'maya_patel', 1, original]]);

    expectRefused(await repost('liam_chen', original), 'alreadyReposted');
    const undone = await repost('liam_chen', original, true);
    expect({ status: undone.status, body: undone.json }).toEqual({ status: 200, body: { postId: original, reposted: false, repostCount: 1, quoteCount: 0 } });
    expectRefused(await repost('liam_chen', original, true), 'notReposted');
    expect((await callAs<UserResponse>('liam_chen', 'GET', `/users/${liam}`)).json.user.reposts).toEqual([]);
    expect((await call<PostsPage>('GET', '/posts/user/liam_chen?limit=5')).json.posts.some((post) => post.id === original)).toBe(false);
    expect(await sharesTold(noah)).toEqual([['repost', 'maya_patel', 0, original]]);
    await expectHealthy();
  });

  it("acts on the original when a like, a dislike, a bookmark or a reply names a repost's own id", async () => {
    const original = await written('noah_kim', 'Liked through a repost');
    await repost('liam_chen', original);
    const repostId = (await homeOf('demo_user')).find((post) => post.id === original)?.repost?.id;
    if (!repostId) throw new Error('the repost is not on Home');
    expect(repostId).not.toBe(original);

    const liked = await callAs<{ posts?: Post[] }>('demo_user', 'POST', `/posts/like/${repostId}`);
    expect(liked.status).toBe(201);
    expect((await postAs('demo_user', original)).json.post.likes.likedBy.map((member) => member._id)).toEqual([ava]);
    expectRefused(await callAs('demo_user', 'POST', `/posts/like/${original}`), 'alreadyLiked');
    expect((await callAs('demo_user', 'POST', `/posts/dislike/${repostId}`)).status).toBe(201);
    expect((await postAs('demo_user', original)).json.post.likes).toMatchObject({ likeCount: 0, likedBy: [], dislikedBy: [{ _id: ava }] });

    expect((await callAs('demo_user', 'POST', `/users/bookmark/${repostId}`)).status).toBe(201);
    expect((await callAs<UserResponse>('demo_user', 'GET', `/users/${ava}`)).json.user.bookmarks).toContain(original);
    expectRefused(await callAs('demo_user', 'POST', `/users/bookmark/${original}`), 'alreadyBookmarked');
    expect((await callAs('demo_user', 'POST', `/users/remove-bookmark/${repostId}`)).status).toBe(201);
    expect((await callAs<UserResponse>('demo_user', 'GET', `/users/${ava}`)).json.user.bookmarks).not.toContain(original);

    const replied = await callAs<{ reply: { postId: string } }>('demo_user', 'POST', `/posts/${repostId}/replies`, { replyData: { text: 'Through the repost' } });
    expect({ status: replied.status, postId: replied.json.reply.postId }).toEqual({ status: 201, postId: original });
    expect((await postAs('demo_user', original)).json.post.replyCount).toBe(1);
    // The repost row itself holds nothing of its own.
    expect((await db()).post(repostId)).toMatchObject({ likedBy: [], dislikedBy: [] });
    await expectHealthy();
  });

  it('refuses a repost of a deleted post, a missing one, and without a token; a deleted post takes its reposts', async () => {
    const original = await written('noah_kim', 'Here for a moment');
    await repost('liam_chen', original);
    expect((await callAs('noah_kim', 'DELETE', `/posts/${original}`)).status).toBe(200);
    expect((await homeOf('demo_user')).some((post) => post.id === original)).toBe(false);
    expect([...(await target().snapshot()).posts].some((post) => post.repostOf === original)).toBe(false);
    expectRefused(await repost('maya_patel', original), 'postNotFound');
    expectRefused(await repost('liam_chen', original, true), 'postNotFound');
    expectRefused(await repost('liam_chen', 'no-such-post'), 'postNotFound');
    expect((await call('POST', `/posts/${original}/repost`)).status).toBe(401);
    expect(await sharesTold(noah)).toEqual([]);
    await expectHealthy();
  });

  it('leaves a muted author\'s reposted post out of Home, and refuses a repost across a block', async () => {
    const original = await written('zoe_martin', 'Seen through Liam');
    expect((await callAs('demo_user', 'POST', `/users/mute/${zoe}`)).status).toBe(201);
    await repost('liam_chen', original);
    expect((await homeOf('demo_user')).some((post) => post.id === original)).toBe(false);
    expect((await callAs('demo_user', 'POST', `/users/unmute/${zoe}`)).status).toBe(201);
    expect((await homeOf('demo_user')).find((post) => post.id === original)?.repost?.by.username).toBe('liam_chen');

    expect((await callAs('zoe_martin', 'POST', `/users/block/${ava}`)).status).toBe(201);
    expect((await homeOf('demo_user')).some((post) => post.id === original)).toBe(false);
    expectRefused(await repost('demo_user', original), 'postNotFound');
  });

  it('tells the stream: a new post for the reposter\'s followers, and the counts', async () => {
    const original = await written('noah_kim', 'Heard live');
    const stream = await openStream(await tokenFor('demo_user'));
    try {
      expect((await repost('liam_chen', original)).status).toBe(201);
      const received = await stream.until(2);
      const created = received.find((event) => event.type === 'post-created');
      expect(created?.data).toEqual({ postId: expect.any(String), authorId: liam, repostOf: original });
      expect(created?.data.postId).not.toBe(original);
      expect(received.find((event) => event.type === 'post-shared')?.data).toEqual({ postId: original, memberId: liam, kind: 'repost', shared: true, repostCount: 1, quoteCount: 0 });
    } finally {
      stream.close();
    }
  });
});

describe('quotes', () => {
  it("carries the quoted post, lists a post's quotes newest first, and tells its author", async () => {
    const original = await written('zoe_martin', 'Quote me on this');
    const quote = await newPost('liam_chen', 'Well said', original);
    expect(quote.status).toBe(201);
    await expectHealthy(quote.json);
    const quoteId = (await homeOf('liam_chen')).find((post) => post.content === 'Well said')?.id;
    expect((await postAs(undefined, quoteId!)).json.post).toMatchObject({
      content: 'Well said', quote: { postId: original, post: { id: original, content: 'Quote me on this', username: 'zoe_martin', quoteCount: 1 } },
    });
    expect((await newPost('maya_patel', 'Agreed', original)).status).toBe(201);
    // Her own quote of her own post: allowed, and not told to herself.
    expect((await newPost('zoe_martin', 'Still true', original)).status).toBe(201);

    const quotes = await call<PostsPage>('GET', `/posts/${original}/quotes?limit=2`);
    expect(quotes.status).toBe(200);
    expect(quotes.json.posts.map((post) => post.content)).toEqual(['Still true', 'Agreed']);
    expect(quotes.json.nextCursor).not.toBeNull();
    expect((await postAs(undefined, original)).json.post.quoteCount).toBe(3);
    expect(await sharesTold(zoe)).toEqual([['quote', 'maya_patel', 1, original]]);
    expectRefused(await call('GET', '/posts/no-such-post/quotes'), 'postNotFound');
  });

  it("enforces each author's policy: anyone, followers, nobody; refuses a policy it does not know", async () => {
    // Liam follows Noah; Ava does not.
    expect((await setPolicy('noah_kim', 'followers')).status).toBe(201);
    const own = await callAs<UserResponse>('noah_kim', 'GET', `/users/${noah}`);
    expect(own.json.user.quotePolicy).toBe('followers');
    expect((await callAs<UserResponse>('demo_user', 'GET', `/users/${noah}`)).json.user).not.toHaveProperty('quotePolicy');
    const original = await written('noah_kim', 'For followers to quote');
    expect((await postAs(undefined, original)).json.post.quotePolicy).toBe('followers');

    expectRefused(await newPost('demo_user', 'May I?', original), 'quoteNotAllowed');
    expect((await newPost('liam_chen', 'A follower may', original)).status).toBe(201);

    expect((await setPolicy('noah_kim', 'nobody')).status).toBe(201);
    expectRefused(await newPost('liam_chen', 'Not any more', original), 'quoteNotAllowed');
    expect((await newPost('noah_kim', 'I may quote myself', original)).status).toBe(201);

    expectRefused(await setPolicy('noah_kim', 'everyone'), 'quotePolicyInvalid');
    expect((await db()).user(noah)?.quotePolicy).toBe('nobody');
    expectRefused(await newPost('liam_chen', 'Of nothing', 'no-such-post'), 'postNotFound');
    // Nothing refused was written.
    const texts = (await target().snapshot()).posts.map((post) => post.content);
    expect(texts.filter((text) => ['May I?', 'Not any more', 'Of nothing'].includes(text))).toEqual([]);
  });

  it('shows a quoted post as no longer available once it is deleted, or hidden by a block', async () => {
    const original = await written('zoe_martin', 'Soon gone');
    await newPost('liam_chen', 'Quoting Zoe', original);
    const quoteId = (await homeOf('liam_chen')).find((post) => post.content === 'Quoting Zoe')!.id;

    expect((await callAs('zoe_martin', 'POST', `/users/block/${ava}`)).status).toBe(201);
    expect((await postAs('demo_user', quoteId)).json.post.quote).toEqual({ postId: original, post: null });
    expect((await postAs('maya_patel', quoteId)).json.post.quote?.post?.id).toBe(original);
    expectRefused(await newPost('demo_user', 'Across a block', original), 'postNotFound');

    expect((await callAs('zoe_martin', 'DELETE', `/posts/${original}`)).status).toBe(200);
    expect((await postAs(undefined, quoteId)).json.post.quote).toEqual({ postId: original, post: null });
    await expectHealthy();
  });

  it('keeps reposts, quotes and policies in the snapshot, where a repost twice is an inconsistency', async () => {
    const original = await written('maya_patel', 'Kept in the snapshot');
    await repost('zoe_martin', original);
    await newPost('liam_chen', 'Quoted in the snapshot', original);
    await setPolicy('maya_patel', 'nobody');
    const snapshot = await target().snapshot();
    const reposted = snapshot.posts.find((post) => post.repostOf === original);
    expect(reposted).toMatchObject({ authorId: zoe, content: '', postImage: '' });
    expect(snapshot.posts.find((post) => post.content === 'Quoted in the snapshot')?.quoteOf).toBe(original);
    expect(snapshot.users.find((user) => user.id === maya)?.quotePolicy).toBe('nobody');
    expect(findInconsistencies(snapshot)).toEqual([]);

    snapshot.posts.push({ ...reposted!, id: 'b2c3d4e5-0000-4000-8000-000000000001' });
    expect(findInconsistencies(snapshot)).toEqual([`${zoe} reposts ${original} twice`]);

    // A repost arranged in a scenario is answered as one.
    const arrangedId = 'b2c3d4e5-0000-4000-8000-000000000002';
    await arrange((arranged) => {
      arranged.posts.push({ id: arrangedId, authorId: liam, content: '', postImage: '', likedBy: [], dislikedBy: [], createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), repostOf: original });
    });
    expect((await postAs(undefined, arrangedId)).json.post).toMatchObject({ id: original, repost: { id: arrangedId, by: { username: 'liam_chen' } } });
  });
});
