/**
 * The extensions beyond the spec, on every backend: pages of posts with opaque cursors, the home
 * feed on the backend's side, and mutations that answer only what changed. A client that does not
 * ask gets the spec's answers (the rest of the suite).
 */
import type { BookmarkChange, FollowChange, FollowResponse, Post, PostRemoval, PostResponse, PostsPage, PostsResponse, ReactionChange, UserResponse, UsersResponse } from '../api';
import { MESSAGES } from '../messages';
import { ORDER_COMPARATORS, POST_ORDERS, type PostOrder } from '../order';
import { DEMO_BOOKMARK_POST_ID, DEMO_USER_ID, SEED_USER_IDS, seedPostId } from '../seed/default';
import { buildPost, buildUser } from '../seed/factories';
import type { DbSnapshot } from '../snapshot';
import { arrange, call, callAs, everyPage, expectHealthy, expectRefusal, tokenFor, type CallResult } from './support';

const MINIMAL = { prefer: 'return=minimal' };

/** Every page of a list of posts, following its cursors to the end. */
async function allPages(path: string, limit: number, authorization?: string): Promise<{ posts: Post[]; pages: number }> {
  const { items, pages } = await everyPage(path, limit, (page: PostsPage) => page.posts, { authorization });
  return { posts: items, pages };
}

/** 50 new members who like the post, besides its own likers; `also` changes the post or the members further first. */
function arrangeLikers(post: string, also: (record: DbSnapshot['posts'][number], crowd: DbSnapshot['users'], snapshot: DbSnapshot) => void): Promise<void> {
  const crowd = Array.from({ length: 50 }, (_, n) => buildUser({ id: `u-crowd-${n}`, username: `crowd_${n}` }));
  return arrange((snapshot) => {
    snapshot.users.push(...crowd);
    const record = snapshot.posts.find((entry) => entry.id === post);
    if (!record) throw new Error('the seed lacks the post');
    also(record, crowd, snapshot);
    record.likedBy = [...record.likedBy, ...crowd.map((member) => member.id)];
  });
}

function ids(posts: readonly Post[]): string[] {
  return posts.map((post) => post.id);
}

describe('pages of GET /posts', () => {
  it('cut the spec list into pages in the same order, the last one with no cursor', async () => {
    const whole = (await call<PostsResponse>('GET', '/posts')).json.posts;
    const first = await call<PostsPage>('GET', '/posts?limit=7');
    expect(first.status).toBe(200);
    expect(ids(first.json.posts)).toEqual(ids(whole).slice(0, 7));
    expect(first.json.posts).toEqual(whole.slice(0, 7));
    expect(typeof first.json.nextCursor).toBe('string');

    const paged = await allPages('/posts', 7);
    expect(paged.pages).toBe(3);
    expect(ids(paged.posts)).toEqual(ids(whole));
    const single = await call<PostsPage>('GET', '/posts?limit=100');
    expect({ count: single.json.posts.length, next: single.json.nextCursor }).toEqual({ count: 20, next: null });
    await expectHealthy(single.json);
  });

  it('a cursor alone gives a page of 20, an empty cursor the first page', async () => {
    const first = await call<PostsPage>('GET', '/posts?limit=5');
    const next = await call<PostsPage>('GET', `/posts?cursor=${encodeURIComponent(first.json.nextCursor ?? '')}`);
    expect(next.json.posts).toHaveLength(15);
    expect(next.json.posts[0]?.id).toBe(seedPostId(15));
    expect((await call<PostsPage>('GET', '/posts?cursor=')).json.posts).toHaveLength(20);
  });

  it('keep their place when a post is written between two pages: nothing skipped, nothing twice', async () => {
    const first = await call<PostsPage>('GET', '/posts?limit=10');
    await callAs('demo_user', 'POST', '/posts', { postData: { text: 'Written while someone was reading' } });
    const second = await call<PostsPage>('GET', `/posts?limit=10&cursor=${encodeURIComponent(first.json.nextCursor ?? '')}`);
    expect(ids([...first.json.posts, ...second.json.posts])).toEqual(Array.from({ length: 20 }, (_, index) => seedPostId(20 - index)));
    expect(second.json.nextCursor).toBeNull();
  });

  it.each([['0'], ['101'], ['-1'], ['1.5'], ['ten'], ['1e2'], ['']])('refuses limit=%s', async (limit) => {
    expectRefusal(await call('GET', `/posts?limit=${limit}`), 400, MESSAGES.pageLimitInvalid);
  });

  it('reads a parameter named twice by its last value', async () => {
    expect((await call<PostsPage>('GET', '/posts?limit=200&limit=3')).json.posts).toHaveLength(3);
  });

  it('refuses a cursor it did not issue', async () => {
    const bookmarks = await call<PostsPage>('GET', '/users/bookmark?limit=1', { authorization: await tokenFor('liam_chen') });
    for (const cursor of ['garbage', 'eyJ4IjoxfQ', '%00', 'W10', bookmarks.json.nextCursor ?? 'x', 'a'.repeat(600)]) {
      expectRefusal(await call('GET', `/posts?limit=5&cursor=${encodeURIComponent(cursor)}`), 400, MESSAGES.pageCursorInvalid);
    }
  });
});

describe("pages of a member's posts and of bookmarks", () => {
  it("page GET /posts/user/:username, and still answer 404 for an unknown member", async () => {
    const whole = (await call<PostsResponse>('GET', '/posts/user/liam_chen')).json.posts;
    const paged = await allPages('/posts/user/LIAM_CHEN', 2);
    expect(ids(paged.posts)).toEqual(ids(whole));
    expect(paged.pages).toBe(3);
    expectRefusal(await call('GET', '/posts/user/nobody_here?limit=2'), 404, MESSAGES.userNotFound);
  });

  it('page GET /users/bookmark, most recently bookmarked first, and need a token', async () => {
    for (const n of [1, 2, 3]) expect((await callAs('demo_user', 'POST', `/users/bookmark/${seedPostId(n)}`)).status).toBe(201);
    const paged = await allPages('/users/bookmark', 2, await tokenFor('demo_user'));
    expect(ids(paged.posts)).toEqual([seedPostId(3), seedPostId(2), seedPostId(1), DEMO_BOOKMARK_POST_ID]);
    expect(paged.pages).toBe(2);
    expectRefusal(await call('GET', '/users/bookmark?limit=2'), 401, MESSAGES.tokenInvalid);
  });
});

describe('GET /feed', () => {
  /** The member's feed as the app computes it from the spec's lists (spec section 4). */
  async function expectedFeed(memberId: string, order: PostOrder): Promise<string[]> {
    const posts = (await call<PostsResponse>('GET', '/posts')).json.posts;
    const me = (await call<UsersResponse>('GET', '/users')).json.users.find((user) => user.id === memberId);
    const authors = new Set([memberId, ...(me?.following ?? []).map((user) => user._id)]);
    return posts
      .filter((post) => authors.has(post._id))
      .map((post) => ({ post, key: { id: post.id, createdAt: post.createdAt, likeCount: post.likes.likeCount } }))
      .sort((a, b) => ORDER_COMPARATORS[order](a.key, b.key))
      .map(({ post }) => post.id);
  }

  it.each(POST_ORDERS.map((order) => [order]))('answers own and followed posts, sorted %s, page by page', async (order) => {
    const token = await tokenFor('demo_user');
    const paged = await allPages(`/feed?sort=${order}`, 5, token);
    expect(ids(paged.posts)).toEqual(await expectedFeed(DEMO_USER_ID, order));
    expect(paged.posts).toHaveLength(12);
    await expectHealthy(paged.posts);
  });

  it('is latest first by default, 20 a page, and follows what the member follows now', async () => {
    const token = await tokenFor('noah_kim');
    const before = await call<PostsPage>('GET', '/feed', { authorization: token });
    expect(ids(before.json.posts)).toEqual(await expectedFeed(SEED_USER_IDS.noah, 'latest'));
    await callAs('noah_kim', 'POST', `/users/follow/${SEED_USER_IDS.maya}`);
    const after = await call<PostsPage>('GET', '/feed?limit=100', { authorization: token });
    expect(ids(after.json.posts)).toEqual(await expectedFeed(SEED_USER_IDS.noah, 'latest'));
    expect(after.json.posts.length).toBeGreaterThan(before.json.posts.length);
  });

  it('orders trending ties newest first, and keeps its place across a new like', async () => {
    const token = await tokenFor('demo_user');
    const first = await call<PostsPage>('GET', '/feed?sort=trending&limit=4', { authorization: token });
    expect(ids(first.json.posts).slice(0, 2)).toEqual([seedPostId(12), seedPostId(7)]);
    await callAs('noah_kim', 'POST', `/posts/like/${seedPostId(18)}`);
    const seen = ids(first.json.posts);
    let cursor = first.json.nextCursor;
    while (cursor !== null) {
      const page: CallResult<PostsPage> = await call<PostsPage>('GET', `/feed?sort=trending&limit=4&cursor=${encodeURIComponent(cursor)}`, { authorization: token });
      seen.push(...ids(page.json.posts));
      cursor = page.json.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refuses a sort it does not know, a bad limit, and a call without a token', async () => {
    const token = await tokenFor('demo_user');
    expectRefusal(await call('GET', '/feed?sort=random', { authorization: token }), 400, MESSAGES.feedSortInvalid);
    expectRefusal(await call('GET', '/feed?limit=500', { authorization: token }), 400, MESSAGES.pageLimitInvalid);
    expectRefusal(await call('GET', '/feed'), 401, MESSAGES.tokenInvalid);
  });

  it('answers an empty page for a member who follows nobody and wrote nothing', async () => {
    await arrange((snapshot) => {
      snapshot.posts.push(buildPost({ authorId: SEED_USER_IDS.zoe, content: 'not followed' }));
    });
    await call('POST', '/auth/signup', { body: { firstName: 'New', lastName: 'Comer', username: 'new_comer', password: 'new-comer-pw' } });
    const result = await call<PostsPage>('GET', '/feed', { authorization: await tokenFor('new_comer') });
    expect(result.json).toEqual({ posts: [], nextCursor: null });
  });
});

describe('Prefer: return=minimal', () => {
  async function minimalAs<T>(member: string, method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<CallResult<T>> {
    return call<T>(method, path, { body, authorization: await tokenFor(member), headers: MINIMAL });
  }

  it('answers a new, edited, liked or disliked post with that post alone, with the same status', async () => {
    const created = await minimalAs<PostResponse>('demo_user', 'POST', '/posts', { postData: { text: 'Only this comes back' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('preference-applied')).toBe('return=minimal');
    expect(Object.keys(created.json)).toEqual(['post']);
    expect(created.json.post).toMatchObject({ _id: DEMO_USER_ID, content: 'Only this comes back', likes: { likeCount: 0 } });
    const id = created.json.post.id;

    const edited = await minimalAs<PostResponse>('demo_user', 'POST', `/posts/edit/${id}`, { postData: { text: 'Edited, alone' } });
    expect({ status: edited.status, content: edited.json.post.content }).toEqual({ status: 201, content: 'Edited, alone' });

    const liked = await minimalAs<PostResponse>('noah_kim', 'POST', `/posts/like/${id}`);
    expect({ status: liked.status, likes: liked.json.post.likes.likeCount, by: liked.json.post.likes.likedBy.map((user) => user._id) }).toEqual({ status: 201, likes: 1, by: [SEED_USER_IDS.noah] });
    const disliked = await minimalAs<PostResponse>('noah_kim', 'POST', `/posts/dislike/${id}`);
    expect({ status: disliked.status, likes: disliked.json.post.likes.likeCount, dislikedBy: disliked.json.post.likes.dislikedBy.map((user) => user._id) }).toEqual({ status: 201, likes: 0, dislikedBy: [SEED_USER_IDS.noah] });

    // The post in the full list is the same as the one answered.
    const whole = (await call<PostsResponse>('GET', '/posts')).json.posts.find((post) => post.id === id);
    expect(whole).toEqual(disliked.json.post);
    await expectHealthy(disliked.json);
  });

  it('answers a delete with the id of the post that is gone', async () => {
    const result = await minimalAs<PostRemoval>('demo_user', 'DELETE', `/posts/${seedPostId(5)}`);
    expect({ status: result.status, body: result.json }).toEqual({ status: 200, body: { postId: seedPostId(5) } });
    expect((await call('GET', `/posts/${seedPostId(5)}`)).status).toBe(404);
  });

  it('answers a bookmark with what changed for the member', async () => {
    const added = await minimalAs<BookmarkChange>('demo_user', 'POST', `/users/bookmark/${seedPostId(2)}`);
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ postId: seedPostId(2), bookmarked: true, post: { id: seedPostId(2) } });
    const removed = await minimalAs<BookmarkChange>('demo_user', 'POST', `/users/remove-bookmark/${seedPostId(2)}`);
    expect({ status: removed.status, body: removed.json }).toEqual({ status: 201, body: { postId: seedPostId(2), bookmarked: false } });
  });

  it('refuses exactly as without it, and the spec answer comes back without it', async () => {
    const refused = await minimalAs<Record<string, unknown>>('demo_user', 'POST', `/posts/like/${seedPostId(1)}`);
    expectRefusal(refused, 400, MESSAGES.alreadyLiked);
    expect(refused.headers.get('preference-applied')).toBeNull();
    const full = await callAs<PostsResponse>('demo_user', 'POST', `/posts/like/${seedPostId(8)}`);
    expect(full.json.posts).toHaveLength(20);
    expect(full.headers.get('preference-applied')).toBeNull();
    const other = await call<PostsResponse>('POST', `/posts/dislike/${seedPostId(8)}`, { authorization: await tokenFor('demo_user'), headers: { prefer: 'respond-async, wait=5' } });
    expect(other.json.posts).toHaveLength(20);
  });
});

describe('Prefer: return=minimal, reaction-counts', () => {
  const COUNTS = { prefer: 'return=minimal, reaction-counts' };

  async function reactAs<T>(member: string, kind: 'like' | 'dislike', postId: string): Promise<CallResult<T>> {
    return call<T>('POST', `/posts/${kind}/${postId}`, { authorization: await tokenFor(member), headers: COUNTS });
  }

  it("answers a like or a dislike with the post's counts and the caller's reaction, as the post then shows them", async () => {
    const post = seedPostId(8);
    const liked = await reactAs<ReactionChange>('demo_user', 'like', post);
    expect(liked.status).toBe(201);
    expect(liked.headers.get('preference-applied')).toBe('return=minimal, reaction-counts');
    const afterLike = (await call<PostResponse>('GET', `/posts/${post}`)).json.post;
    expect(liked.json).toEqual({ postId: post, likeCount: afterLike.likes.likeCount, dislikeCount: afterLike.likes.dislikedBy.length, reaction: 'like' });
    const disliked = await reactAs<ReactionChange>('demo_user', 'dislike', post);
    const afterDislike = (await call<PostResponse>('GET', `/posts/${post}`)).json.post;
    expect(disliked.json).toEqual({ postId: post, likeCount: afterDislike.likes.likeCount, dislikeCount: afterDislike.likes.dislikedBy.length, reaction: 'dislike' });
    expect(disliked.json.likeCount).toBe(liked.json.likeCount - 1);
    expect(disliked.json.dislikeCount).toBe(liked.json.dislikeCount + 1);
    await expectHealthy(afterDislike);
  });

  it('keeps its size under 1 KB with 50 members who liked the post, where the post alone grows with them', async () => {
    const post = seedPostId(3);
    await arrangeLikers(post, (record) => {
      record.likedBy = record.likedBy.filter((id) => id !== DEMO_USER_ID);
      record.dislikedBy = record.dislikedBy.filter((id) => id !== DEMO_USER_ID);
    });
    const counts = await reactAs<ReactionChange>('demo_user', 'like', post);
    expect(counts.json).toMatchObject({ postId: post, likeCount: 51, reaction: 'like' });
    expect(Buffer.byteLength(JSON.stringify(counts.json))).toBeLessThan(1024);
    const whole = await reactAs<ReactionChange>('demo_user', 'dislike', post);
    expect(whole.json).toMatchObject({ likeCount: 50, reaction: 'dislike' });
    // The same call answered with the post carries every member who liked it.
    const withPost = await call<PostResponse>('POST', `/posts/like/${post}`, { authorization: await tokenFor('demo_user'), headers: MINIMAL });
    expect(withPost.json.post.likes.likedBy).toHaveLength(51);
    expect(Buffer.byteLength(JSON.stringify(withPost.json))).toBeGreaterThan(1024);
  });

  it('refuses exactly as without it, and answers the post to return=minimal alone', async () => {
    const refused = await reactAs<Record<string, unknown>>('demo_user', 'like', seedPostId(1));
    expectRefusal(refused, 400, MESSAGES.alreadyLiked);
    expect(refused.headers.get('preference-applied')).toBeNull();
    expectRefusal(await reactAs('demo_user', 'like', 'no-such-post'), 404, MESSAGES.postNotFound);
    expectRefusal(await call('POST', `/posts/like/${seedPostId(8)}`, { headers: COUNTS }), 401, MESSAGES.tokenInvalid);
    const alone = await call<PostResponse>('POST', `/posts/like/${seedPostId(8)}`, { authorization: await tokenFor('demo_user'), headers: MINIMAL });
    expect(Object.keys(alone.json)).toEqual(['post']);
    expect(alone.headers.get('preference-applied')).toBe('return=minimal');
    // Without return=minimal, the preference alone asks for nothing: the spec's answer.
    const spec = await call<PostsResponse>('POST', `/posts/dislike/${seedPostId(8)}`, { authorization: await tokenFor('demo_user'), headers: { prefer: 'reaction-counts' } });
    expect(spec.json.posts).toHaveLength(20);
  });
});

describe('Prefer: return=minimal, change-counts', () => {
  const CHANGE = { prefer: 'return=minimal, change-counts' };

  async function changeAs<T>(member: string, path: string): Promise<CallResult<T>> {
    return call<T>('POST', path, { authorization: await tokenFor(member), headers: CHANGE });
  }

  /** A member's record as the demo member reads it (her own with her bookmarks). */
  async function userNow(userId: string) {
    return (await call<UserResponse>('GET', `/users/${userId}`, { authorization: await tokenFor('demo_user') })).json.user;
  }

  it('answers a bookmark and its removal with the change alone, never the post', async () => {
    const post = seedPostId(2);
    const added = await changeAs<BookmarkChange>('demo_user', `/users/bookmark/${post}`);
    expect({ status: added.status, body: added.json }).toEqual({ status: 201, body: { postId: post, bookmarked: true } });
    expect(added.headers.get('preference-applied')).toBe('return=minimal, change-counts');
    expect((await userNow(DEMO_USER_ID)).bookmarks).toContain(post);
    const removed = await changeAs<BookmarkChange>('demo_user', `/users/remove-bookmark/${post}`);
    expect({ status: removed.status, body: removed.json }).toEqual({ status: 201, body: { postId: post, bookmarked: false } });
    expect(removed.headers.get('preference-applied')).toBe('return=minimal, change-counts');
    expect((await userNow(DEMO_USER_ID)).bookmarks).not.toContain(post);
  });

  it("answers a follow and an unfollow with the relation and both counts, as the members' records then show them", async () => {
    const followed = await changeAs<FollowChange>('demo_user', `/users/follow/${SEED_USER_IDS.noah}`);
    expect(followed.status).toBe(201);
    expect(followed.headers.get('preference-applied')).toBe('return=minimal, change-counts');
    const [noah, me] = [await userNow(SEED_USER_IDS.noah), await userNow(DEMO_USER_ID)];
    expect(noah.followers.map((user) => user._id)).toContain(DEMO_USER_ID);
    expect(followed.json).toEqual({ userId: SEED_USER_IDS.noah, following: true, followerCount: noah.followers.length, followingCount: me.following.length });

    const unfollowed = await changeAs<FollowChange>('demo_user', `/users/unfollow/${SEED_USER_IDS.liam}`);
    const [liam, meAfter] = [await userNow(SEED_USER_IDS.liam), await userNow(DEMO_USER_ID)];
    expect(liam.followers.map((user) => user._id)).not.toContain(DEMO_USER_ID);
    expect(unfollowed.json).toEqual({ userId: SEED_USER_IDS.liam, following: false, followerCount: liam.followers.length, followingCount: meAfter.following.length });
    expect(meAfter.following.length).toBe(me.following.length - 1);
    await expectHealthy(meAfter);
  });

  it("keeps a bookmark's and a follow's answers under 1 KB with 50 members who liked the post and follow the member", async () => {
    const post = seedPostId(3);
    await arrangeLikers(post, (_record, crowd, snapshot) => {
      const noah = snapshot.users.find((entry) => entry.id === SEED_USER_IDS.noah);
      if (!noah) throw new Error('the seed lacks the member');
      noah.followers = [...noah.followers, ...crowd.map((member) => member.id)];
      for (const member of crowd) member.following = [SEED_USER_IDS.noah];
    });
    const bookmarked = await changeAs<BookmarkChange>('demo_user', `/users/bookmark/${post}`);
    expect(bookmarked.json).toEqual({ postId: post, bookmarked: true });
    const followed = await changeAs<FollowChange>('demo_user', `/users/follow/${SEED_USER_IDS.noah}`);
    expect(followed.json).toMatchObject({ userId: SEED_USER_IDS.noah, following: true, followerCount: (await userNow(SEED_USER_IDS.noah)).followers.length });
    expect(followed.json.followerCount).toBeGreaterThan(50);
    for (const answer of [bookmarked.json, followed.json]) expect(Buffer.byteLength(JSON.stringify(answer))).toBeLessThan(1024);
    // The same calls answered the other ways carry the post, and both members with their lists.
    await callAs('demo_user', 'POST', `/users/remove-bookmark/${post}`);
    const withPost = await call<BookmarkChange>('POST', `/users/bookmark/${post}`, { authorization: await tokenFor('demo_user'), headers: MINIMAL });
    expect(Buffer.byteLength(JSON.stringify(withPost.json))).toBeGreaterThan(1024);
    const both = await callAs<FollowResponse>('demo_user', 'POST', `/users/unfollow/${SEED_USER_IDS.noah}`);
    expect(both.json.followUser.followers.length).toBeGreaterThan(50);
  });

  it('refuses exactly as without it; without return=minimal, or to return=minimal alone, a follow answers both members', async () => {
    const already = await changeAs<Record<string, unknown>>('demo_user', `/users/follow/${SEED_USER_IDS.liam}`);
    expectRefusal(already, 400, MESSAGES.alreadyFollowing);
    expect(already.headers.get('preference-applied')).toBeNull();
    expectRefusal(await changeAs('demo_user', `/users/unfollow/${SEED_USER_IDS.noah}`), 400, MESSAGES.notFollowing);
    expectRefusal(await changeAs('demo_user', '/users/follow/u-nobody'), 404, MESSAGES.userNotFound);
    expectRefusal(await changeAs('demo_user', `/users/follow/${DEMO_USER_ID}`), 404, MESSAGES.cannotFollowSelf);
    expectRefusal(await changeAs('demo_user', `/users/bookmark/${DEMO_BOOKMARK_POST_ID}`), 400, MESSAGES.alreadyBookmarked);
    expectRefusal(await changeAs('demo_user', '/users/remove-bookmark/no-such-post'), 404, MESSAGES.postNotFound);
    expectRefusal(await call('POST', `/users/follow/${SEED_USER_IDS.noah}`, { headers: CHANGE }), 401, MESSAGES.tokenInvalid);

    const minimalAlone = await call<FollowResponse>('POST', `/users/follow/${SEED_USER_IDS.noah}`, { authorization: await tokenFor('demo_user'), headers: MINIMAL });
    expect(Object.keys(minimalAlone.json).sort()).toEqual(['followUser', 'user']);
    expect(minimalAlone.headers.get('preference-applied')).toBeNull();
    const spec = await call<FollowResponse>('POST', `/users/unfollow/${SEED_USER_IDS.noah}`, { authorization: await tokenFor('demo_user'), headers: { prefer: 'change-counts' } });
    expect(spec.json.user.id).toBe(DEMO_USER_ID);
    const bookmarks = await call<{ bookmarks: Post[] }>('POST', `/users/bookmark/${seedPostId(2)}`, { authorization: await tokenFor('demo_user'), headers: { prefer: 'change-counts' } });
    expect(bookmarks.json.bookmarks.map((entry) => entry.id)).toContain(seedPostId(2));
  });
});
