/**
 * Rules that hold across the whole contract: every call of spec section 7 in one member's session,
 * with no password anywhere in any answer and the store consistent after each call.
 */
import type { LoginResponse, PostsResponse, SignupResponse, UserEditResponse } from '../api';
import { SAMPLE_SIGNUP, SEED_USER_IDS, seedPostId } from '../seed/default';
import { call, expectHealthy, findPasswordKeys, target } from './support';

describe('the whole contract in one session', () => {
  it('answers every call of section 7 with its status, never a password, keeping the store consistent', async () => {
    const signup = await call<SignupResponse>('POST', '/auth/signup', { body: SAMPLE_SIGNUP });
    const login = await call<LoginResponse>('POST', '/auth/login', { body: { username: SAMPLE_SIGNUP.username, password: SAMPLE_SIGNUP.password } });
    const token = login.json.encodedToken;
    const me = login.json.foundUser.id;
    const as = { authorization: token };
    const created = await call<PostsResponse>('POST', '/posts/', { ...as, body: { postData: { text: 'My first post' } } });
    const mine = created.json.posts.find((post) => post._id === me)?.id ?? '';

    const steps: Array<[string, () => Promise<{ status: number; json: unknown }>, number]> = [
      ['signup', async () => signup, 201],
      ['login', async () => login, 200],
      ['create', async () => created, 201],
      ['all posts', () => call('GET', '/posts'), 200],
      ['one post', () => call('GET', `/posts/${mine}`), 200],
      ['posts of a member', () => call('GET', `/posts/user/${SAMPLE_SIGNUP.username}`), 200],
      ['edit', () => call('POST', `/posts/edit/${mine}`, { ...as, body: { postData: { text: 'Edited' } } }), 201],
      ['like', () => call('POST', `/posts/like/${seedPostId(1)}`, as), 201],
      ['dislike', () => call('POST', `/posts/dislike/${seedPostId(1)}`, as), 201],
      ['users', () => call('GET', '/users'), 200],
      ['one user', () => call('GET', `/users/${me}`), 200],
      ['edit profile', async () => {
        const edited = await call<UserEditResponse>('POST', '/users/edit', { ...as, body: { userData: { userBio: 'Hi', userPortfolioUrl: '', password: 'another-pass', currentPassword: SAMPLE_SIGNUP.password, avatar: '' } } });
        // A password change ends older tokens; the answer carries this device's new one.
        as.authorization = edited.json.encodedToken ?? '';
        return edited;
      }, 201],
      ['bookmark', () => call('POST', `/users/bookmark/${seedPostId(2)}`, as), 201],
      ['bookmarks', () => call('GET', '/users/bookmark', as), 200],
      ['remove bookmark', () => call('POST', `/users/remove-bookmark/${seedPostId(2)}`, as), 201],
      ['follow', () => call('POST', `/users/follow/${SEED_USER_IDS.zoe}`, as), 201],
      ['unfollow', () => call('POST', `/users/unfollow/${SEED_USER_IDS.zoe}`, as), 201],
      ['delete', () => call('DELETE', `/posts/${mine}`, as), 200],
      ['logout', () => call('POST', '/auth/logout', as), 200],
      ['after logout', () => call('GET', '/users/bookmark', as), 401],
    ];
    for (const [name, step, status] of steps) {
      const result = await step();
      expect({ name, status: result.status }).toEqual({ name, status });
      expect({ name, passwords: findPasswordKeys(result.json) }).toEqual({ name, passwords: [] });
      expect(JSON.stringify(result.json)).not.toContain('another-pass');
      await expectHealthy(result.json);
    }
  });

  it('answers an unknown route under the base with a JSON 404', async () => {
    const result = await call('GET', '/nothing/here');
    expect({ status: result.status, body: result.json }).toEqual({ status: 404, body: { errors: ['No such API route.'], code: 'route_not_found' } });
  });

  it('answers its health, with the limits it sets (the defaults here)', async () => {
    const result = await call('GET', '/health');
    expect({ status: result.status, body: result.json }).toEqual({ status: 200, body: { status: 'ok', extensions: ['pages', 'feed', 'return-minimal', 'events', 'replies', 'tags', 'notifications', 'idempotency', 'reply-links', 'reaction-counts', 'alt-text', 'edit-marks', 'member-lists', 'mute-block', 'change-counts', 'image-sizes', 'member-language', 'pins', 'content-warnings', 'post-search', 'accounts', 'scheduled-posts', 'reposts', 'more-images', 'moderation', 'suggestions', 'member-search'], demo: target().traits.demo, limits: { imagePixelsMax: 16_777_216, postImagesMax: 4 } } });
  });
});
