/**
 * The member lists (the `member-lists` extension): a member's followers and followings and who likes
 * a post, the latest to begin first, a page at a time with cursors that keep their place; unknown
 * members and posts refused as their own reads are.
 */
import type { HealthResponse, MembersPage, UserResponse } from '../api';
import { encodeCursor } from '../cursor';
import { MESSAGES } from '../messages';
import { SEED_USER_IDS, seedPostId } from '../seed/default';
import { arrange, call, callAs, errorOf, everyPage, expectRefusal } from './support';

const { ava, liam, maya, noah } = SEED_USER_IDS;

async function usernames(path: string): Promise<string[]> {
  const result = await call<MembersPage>('GET', path);
  expect(result.status).toBe(200);
  return result.json.users.map((user) => user.username);
}

/** Sixty members who follow Liam and like his first post, in the order of their numbers. */
async function arrangeCrowd(): Promise<void> {
  await arrange((snapshot) => {
    const liamRecord = snapshot.users.find((user) => user.id === liam);
    const post = snapshot.posts.find((candidate) => candidate.id === seedPostId(1));
    if (!liamRecord || !post) throw new Error('the seed lacks Liam or his first post');
    for (let index = 0; index < 60; index += 1) {
      const id = `u-crowd-${String(index).padStart(2, '0')}`;
      snapshot.users.push({
        id, firstName: 'Crowd', lastName: `Member ${index}`, username: `crowd_${String(index).padStart(2, '0')}`, password: 'welcome123',
        image: '', userBio: '', userPortfolioUrl: '', followers: [], following: [liam], bookmarks: [],
        createdAt: '2025-05-01T09:00:00.000Z', updatedAt: '2025-05-01T09:00:00.000Z',
      });
      liamRecord.followers.push(id);
      post.likedBy.push(id);
    }
  });
}

describe('member lists: GET /health', () => {
  it("lists the 'member-lists' extension", async () => {
    expect((await call<HealthResponse>('GET', '/health')).json.extensions).toContain('member-lists');
  });
});

describe('GET /users/:userId/followers and /following', () => {
  it("answers the seed's followers and followings, the latest follow first, as member summaries", async () => {
    expect(await usernames(`/users/${ava}/followers`)).toEqual(['zoe_martin', 'maya_patel', 'liam_chen']);
    expect(await usernames(`/users/${ava}/following`)).toEqual(['maya_patel', 'liam_chen']);
    const page = await call<MembersPage>('GET', `/users/${ava}/following`);
    const avatarOf = async (id: string): Promise<string> => (await call<UserResponse>('GET', `/users/${id}`)).json.user.image;
    expect(page.json).toEqual({
      users: [
        { _id: maya, username: 'maya_patel', firstName: 'Maya', lastName: 'Patel', image: await avatarOf(maya) },
        { _id: liam, username: 'liam_chen', firstName: 'Liam', lastName: 'Chen', image: await avatarOf(liam) },
      ],
      nextCursor: null,
    });
  });

  it('answers an empty last page for a member nobody follows', async () => {
    await arrange((snapshot) => {
      snapshot.users.push({
        id: 'u-alone', firstName: 'Al', lastName: 'One', username: 'al_one', password: 'welcome123', image: '', userBio: '', userPortfolioUrl: '',
        followers: [], following: [], bookmarks: [], createdAt: '2025-05-01T09:00:00.000Z', updatedAt: '2025-05-01T09:00:00.000Z',
      });
    });
    expect((await call<MembersPage>('GET', '/users/u-alone/followers')).json).toEqual({ users: [], nextCursor: null });
    expect((await call<MembersPage>('GET', '/users/u-alone/following')).json).toEqual({ users: [], nextCursor: null });
  });

  it('pages a long list, 20 a page by default, each member once', async () => {
    await arrangeCrowd();
    const first = await call<MembersPage>('GET', `/users/${liam}/followers`);
    expect(first.json.users).toHaveLength(20);
    expect(first.json.users[0]?.username).toBe('crowd_59');
    expect(first.json.nextCursor).not.toBeNull();
    const all = await everyPage(`/users/${liam}/followers`, 7, (page: MembersPage) => page.users.map((user) => user.username));
    expect(all.pages).toBe(9);
    const crowd = Array.from({ length: 60 }, (_, index) => `crowd_${String(59 - index).padStart(2, '0')}`);
    expect(all.items).toEqual([...crowd, 'noah_kim', 'demo_user']);
  });

  it('follows a new follow and an unfollow: the newest follower comes first, the one who left is gone', async () => {
    expect((await callAs('noah_kim', 'POST', `/users/follow/${ava}`)).status).toBe(201);
    expect(await usernames(`/users/${ava}/followers`)).toEqual(['noah_kim', 'zoe_martin', 'maya_patel', 'liam_chen']);
    expect((await callAs('maya_patel', 'POST', `/users/unfollow/${ava}`)).status).toBe(201);
    expect(await usernames(`/users/${ava}/followers`)).toEqual(['noah_kim', 'zoe_martin', 'liam_chen']);
    expect(await usernames(`/users/${noah}/following`)).toEqual(['demo_user', 'zoe_martin', 'liam_chen']);
  });

  it('refuses an unknown member as GET /users/:userId does, and a cursor it did not issue', async () => {
    for (const side of ['followers', 'following']) {
      const missing = await call('GET', `/users/no-such-member/${side}`);
      expect({ status: missing.status, message: errorOf(missing), code: missing.json.code }).toEqual({ status: 404, message: MESSAGES.userNotFound, code: 'user_not_found' });
      expectRefusal(await call('GET', `/users/${ava}/${side}?cursor=${encodeCursor('bookmarks', ['x', 1])}`), 400, MESSAGES.pageCursorInvalid);
    }
  });
});

describe('GET /posts/:postId/likes', () => {
  it('answers who likes the post, the latest like first, and nobody who disliked it', async () => {
    expect(await usernames(`/posts/${seedPostId(1)}/likes`)).toEqual(['zoe_martin', 'maya_patel', 'demo_user']);
    // Noah dislikes Liam's tulips: not a like.
    expect(await usernames(`/posts/${seedPostId(15)}/likes`)).toEqual(['zoe_martin', 'maya_patel']);
    expect((await call<MembersPage>('GET', `/posts/${seedPostId(8)}/likes`)).json).toEqual({ users: [], nextCursor: null });
  });

  it('follows likes and dislikes: a new like comes first, a like turned dislike leaves', async () => {
    expect((await callAs('noah_kim', 'POST', `/posts/like/${seedPostId(1)}`)).status).toBe(201);
    expect(await usernames(`/posts/${seedPostId(1)}/likes`)).toEqual(['noah_kim', 'zoe_martin', 'maya_patel', 'demo_user']);
    expect((await callAs('zoe_martin', 'POST', `/posts/dislike/${seedPostId(1)}`)).status).toBe(201);
    expect(await usernames(`/posts/${seedPostId(1)}/likes`)).toEqual(['noah_kim', 'maya_patel', 'demo_user']);
  });

  it('pages a long list of likers with cursors, each once', async () => {
    await arrangeCrowd();
    const all = await everyPage(`/posts/${seedPostId(1)}/likes`, 25, (page: MembersPage) => page.users.map((user) => user.username));
    expect(all.pages).toBe(3);
    expect(all.items).toHaveLength(63);
    expect(new Set(all.items).size).toBe(63);
    expect(all.items.slice(-3)).toEqual(['zoe_martin', 'maya_patel', 'demo_user']);
  });

  it('refuses an unknown post as GET /posts/:postId does', async () => {
    const missing = await call('GET', '/posts/no-such-post/likes');
    expect({ status: missing.status, message: errorOf(missing), code: missing.json.code }).toEqual({ status: 404, message: MESSAGES.postNotFound, code: 'post_not_found' });
  });
});

