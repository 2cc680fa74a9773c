import type { BookmarksResponse, UserResponse } from '../api';
import { MESSAGES } from '../messages';
import { DEMO_BOOKMARK_POST_ID, DEMO_USER_ID, seedPostId } from '../seed/default';
import { call, callAs, db, expectHealthy, expectRefusal } from './support';

describe('GET /users/bookmark', () => {
  it('answers 200 with full post objects (and is not mistaken for GET /users/:userId)', async () => {
    const result = await callAs<BookmarksResponse>('demo_user', 'GET', '/users/bookmark');

    expect(result.status).toBe(200);
    expect(result.json.bookmarks).toHaveLength(1);
    expect(result.json.bookmarks[0]).toMatchObject({ id: DEMO_BOOKMARK_POST_ID, userFullName: 'Maya Patel', likes: { likeCount: 4 } });
    await expectHealthy(result.json);
  });

  it('needs a token', async () => {
    expectRefusal(await call('GET', '/users/bookmark'), 401, MESSAGES.tokenInvalid);
  });
});

describe('POST /users/bookmark/:postId', () => {
  it('adds the post, answers 201 with the bookmarks, most recent first', async () => {
    const result = await callAs<BookmarksResponse>('demo_user', 'POST', `/users/bookmark/${seedPostId(2)}`);

    expect(result.status).toBe(201);
    expect(result.json.bookmarks.map((post) => post.id)).toEqual([seedPostId(2), DEMO_BOOKMARK_POST_ID]);
    expect((await db()).user(DEMO_USER_ID)?.bookmarks).toEqual([DEMO_BOOKMARK_POST_ID, seedPostId(2)]);
    const me = await callAs<UserResponse>('demo_user', 'GET', `/users/${DEMO_USER_ID}`);
    expect(me.json.user.bookmarks).toEqual([DEMO_BOOKMARK_POST_ID, seedPostId(2)]);
    await expectHealthy(result.json);
  });

  it('answers 404 for an unknown post', async () => {
    expectRefusal(await callAs('demo_user', 'POST', '/users/bookmark/not-a-post'), 404, MESSAGES.postNotFound);
  });
});

describe('POST /users/remove-bookmark/:postId', () => {
  it('removes the post, answers 201 with the bookmarks', async () => {
    const result = await callAs<BookmarksResponse>('demo_user', 'POST', `/users/remove-bookmark/${DEMO_BOOKMARK_POST_ID}`);

    expect(result.status).toBe(201);
    expect(result.json.bookmarks).toEqual([]);
    expect((await db()).user(DEMO_USER_ID)?.bookmarks).toEqual([]);
    await expectHealthy(result.json);
  });

  it('answers 404 for an unknown post', async () => {
    expectRefusal(await callAs('demo_user', 'POST', '/users/remove-bookmark/not-a-post'), 404, MESSAGES.postNotFound);
  });

  it('the spec flow: remove the bookmark, then delete the post', async () => {
    await callAs('demo_user', 'POST', `/users/bookmark/${seedPostId(5)}`);
    expect((await callAs('demo_user', 'POST', `/users/remove-bookmark/${seedPostId(5)}`)).status).toBe(201);
    expect((await callAs('demo_user', 'DELETE', `/posts/${seedPostId(5)}`)).status).toBe(200);
    await expectHealthy();
  });
});
