/**
 * Spec section 8, row by row: each backend error with its exact status and message, arranged the
 * way a member would meet it.
 */
import { ERROR_CODES, MESSAGES, type MessageKey } from '../messages';
import { DEMO_BOOKMARK_POST_ID, DEMO_USER_ID, SEED_USER_IDS, seedPostId } from '../seed/default';
import { arrange, call, callAs, db, expectHealthy, target, tokenFor, type CallResult } from './support';

/** The code that goes with a catalogue message: every refusal carries both. */
function codeOf(message: string): string | undefined {
  const key = (Object.keys(MESSAGES) as MessageKey[]).find((candidate) => MESSAGES[candidate] === message);
  return key && ERROR_CODES[key];
}

function expectRefusal(result: CallResult, status: number, message: string): void {
  expect({ status: result.status, body: result.json }).toEqual({ status, body: { errors: [message], code: codeOf(message) } });
}

describe('spec section 8: stand-in backend errors', () => {
  afterEach(() => expectHealthy());

  it('401 The token is invalid. Unauthorized access error.', async () => {
    expectRefusal(await call('POST', `/posts/like/${seedPostId(1)}`, { authorization: 'not-a-token' }), 401, 'The token is invalid. Unauthorized access error.');
  });

  it('404 The username you entered is not Registered. Not Found error (login)', async () => {
    expectRefusal(await call('POST', '/auth/login', { body: { username: 'nobody_here', password: 'welcome123' } }), 404, 'The username you entered is not Registered. Not Found error');
  });

  it('404 The username you entered is not Registered. Not Found error (authenticated call for a member who is gone)', async () => {
    const token = await tokenFor('noah_kim');
    await arrange((snapshot) => {
      const gone = SEED_USER_IDS.noah;
      snapshot.users = snapshot.users.filter((user) => user.id !== gone);
      for (const user of snapshot.users) {
        user.followers = user.followers.filter((id) => id !== gone);
        user.following = user.following.filter((id) => id !== gone);
      }
      snapshot.posts = snapshot.posts.filter((post) => post.authorId !== gone);
      const postIds = new Set(snapshot.posts.map((post) => post.id));
      for (const post of snapshot.posts) {
        post.likedBy = post.likedBy.filter((liker) => liker !== gone);
        post.dislikedBy = post.dislikedBy.filter((liker) => liker !== gone);
      }
      for (const user of snapshot.users) user.bookmarks = user.bookmarks.filter((id) => postIds.has(id));
    });
    expectRefusal(await call('GET', '/users/bookmark', { authorization: token }), 404, MESSAGES.userNotRegistered);
  });

  it('401 The credentials you entered are invalid. Unauthorized access error. (wrong password)', async () => {
    expectRefusal(await call('POST', '/auth/login', { body: { username: 'demo_user', password: 'wrong-password' } }), 401, 'The credentials you entered are invalid. Unauthorized access error.');
  });

  it('422 Unprocessable Entity. Username Already Exists. (signup, ignoring case)', async () => {
    const body = { firstName: 'Ava', lastName: 'Again', username: 'DEMO_USER', password: 'welcome123' };
    expectRefusal(await call('POST', '/auth/signup', { body }), 422, 'Unprocessable Entity. Username Already Exists.');
    expect((await db()).users).toHaveLength(5);
  });

  it("400 Cannot edit a Post doesn't belong to the logged in User.", async () => {
    expectRefusal(await callAs('demo_user', 'POST', `/posts/edit/${seedPostId(1)}`, { postData: { text: 'mine now' } }), 400, "Cannot edit a Post doesn't belong to the logged in User.");
    expect((await db()).post(seedPostId(1))?.content).not.toBe('mine now');
  });

  it("400 Cannot delete a Post doesn't belong to the logged in User.", async () => {
    expectRefusal(await callAs('demo_user', 'DELETE', `/posts/${seedPostId(1)}`), 400, "Cannot delete a Post doesn't belong to the logged in User.");
    expect((await db()).post(seedPostId(1))).toBeDefined();
  });

  it('400 Cannot like a post that is already liked.', async () => {
    expectRefusal(await callAs('demo_user', 'POST', `/posts/like/${seedPostId(1)}`), 400, 'Cannot like a post that is already liked.');
    expect((await db()).post(seedPostId(1))?.likedBy).toHaveLength(3);
  });

  it('400 Cannot decrement like less than 0.', async () => {
    expectRefusal(await callAs('demo_user', 'POST', `/posts/dislike/${seedPostId(8)}`), 400, 'Cannot decrement like less than 0.');
  });

  it('400 Cannot dislike a post that is already disliked.', async () => {
    // Noah disliked Zoe's snowy peaks (post 9), which Liam likes.
    expectRefusal(await callAs('noah_kim', 'POST', `/posts/dislike/${seedPostId(9)}`), 400, 'Cannot dislike a post that is already disliked.');
  });

  it('400 This Post is already bookmarked', async () => {
    expectRefusal(await callAs('demo_user', 'POST', `/users/bookmark/${DEMO_BOOKMARK_POST_ID}`), 400, 'This Post is already bookmarked');
    expect((await db()).user(DEMO_USER_ID)?.bookmarks).toEqual([DEMO_BOOKMARK_POST_ID]);
  });

  it('400 Post not bookmarked yet', async () => {
    expectRefusal(await callAs('demo_user', 'POST', `/users/remove-bookmark/${seedPostId(1)}`), 400, 'Post not bookmarked yet');
  });

  it('404 You cannot follow yourself', async () => {
    expectRefusal(await callAs('demo_user', 'POST', `/users/follow/${DEMO_USER_ID}`), 404, 'You cannot follow yourself');
  });

  it('400 User Already following', async () => {
    expectRefusal(await callAs('demo_user', 'POST', `/users/follow/${SEED_USER_IDS.liam}`), 400, 'User Already following');
  });

  it('400 User already not following', async () => {
    expectRefusal(await callAs('demo_user', 'POST', `/users/unfollow/${SEED_USER_IDS.noah}`), 400, 'User already not following');
  });

  it('404 Username cannot be changed', async () => {
    expectRefusal(await callAs('demo_user', 'POST', '/users/edit', { userData: { username: 'ava_reed', userBio: 'changed' } }), 404, 'Username cannot be changed');
    expect((await db()).user(DEMO_USER_ID)).toMatchObject({ username: 'demo_user', userBio: expect.not.stringMatching(/^changed$/) });
  });

  it('500 an error object on unexpected failures, never a stack', async () => {
    target().failNext(new TypeError('boom at secret/place.ts:12'));
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await call('POST', '/auth/login', { body: { username: 'demo_user', password: 'welcome123' } });
    quiet.mockRestore();
    expectRefusal(result, 500, MESSAGES.serverError);
    expect(JSON.stringify(result.json)).not.toMatch(/boom|secret|stack/);
  });
});

describe('MESSAGES', () => {
  it('holds every message of the section 8 table word for word', () => {
    expect(MESSAGES).toMatchObject({
      tokenInvalid: 'The token is invalid. Unauthorized access error.',
      userNotRegistered: 'The username you entered is not Registered. Not Found error',
      invalidCredentials: 'The credentials you entered are invalid. Unauthorized access error.',
      usernameExists: 'Unprocessable Entity. Username Already Exists.',
      editNotOwner: "Cannot edit a Post doesn't belong to the logged in User.",
      deleteNotOwner: "Cannot delete a Post doesn't belong to the logged in User.",
      alreadyLiked: 'Cannot like a post that is already liked.',
      likeBelowZero: 'Cannot decrement like less than 0.',
      alreadyDisliked: 'Cannot dislike a post that is already disliked.',
      alreadyBookmarked: 'This Post is already bookmarked',
      notBookmarked: 'Post not bookmarked yet',
      cannotFollowSelf: 'You cannot follow yourself',
      alreadyFollowing: 'User Already following',
      notFollowing: 'User already not following',
      usernameImmutable: 'Username cannot be changed',
    });
  });
});
