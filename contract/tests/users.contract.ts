import type { FollowResponse, PostsResponse, UserEditResponse, UserResponse, UsersResponse } from '../api';
import { MESSAGES } from '../messages';
import { DEMO_USER_ID, SEED_USER_IDS, seedPostId } from '../seed/default';
import { call, callAs, db, errorOf, expectHealthy, expectRefusal, findPasswordKeys, imageUrl, passwordWorks, PNG_DATA_URL } from './support';

describe('GET /users', () => {
  it('answers 200 with every member without a token, never a password', async () => {
    const result = await call<UsersResponse>('GET', '/users');

    expect(result.status).toBe(200);
    expect(result.json.users).toHaveLength(5);
    const ava = result.json.users.find((user) => user.id === DEMO_USER_ID);
    // Her bookmarks are hers alone (privacy.contract.ts): empty to a caller without her token.
    expect(ava).toMatchObject({ _id: DEMO_USER_ID, username: 'demo_user', bookmarks: [] });
    expect(ava?.following.map((user) => user._id)).toEqual([SEED_USER_IDS.liam, SEED_USER_IDS.maya]);
    expect(ava?.followers.map((user) => user._id).sort()).toEqual([SEED_USER_IDS.liam, SEED_USER_IDS.maya, SEED_USER_IDS.zoe].sort());
    expect(Object.keys(ava?.following[0] ?? {}).sort()).toEqual(['_id', 'firstName', 'image', 'lastName', 'username']);
    expect(findPasswordKeys(result.json)).toEqual([]);
  });
});

describe('GET /users/:userId', () => {
  it('answers 200 with the member', async () => {
    const result = await call<UserResponse>('GET', `/users/${SEED_USER_IDS.noah}`);
    expect(result.status).toBe(200);
    expect(result.json.user).toMatchObject({ _id: SEED_USER_IDS.noah, id: SEED_USER_IDS.noah, firstName: 'Noah', lastName: 'Kim' });
    expect(result.json.user).not.toHaveProperty('password');
  });

  it('answers 404 for an unknown member', async () => {
    expectRefusal(await call('GET', '/users/u-nobody'), 404, MESSAGES.userNotFound);
  });
});

describe('POST /users/edit', () => {
  it('updates bio, link and avatar, answers 201 with the user, and keeps the username', async () => {
    const result = await callAs<UserResponse>('demo_user', 'POST', '/users/edit', {
      userData: { userBio: '  New bio  ', userPortfolioUrl: 'https://ava.example.org/work', avatar: PNG_DATA_URL, username: 'demo_user', password: '' },
    });

    expect(result.status).toBe(201);
    expect(result.json.user).toMatchObject({ userBio: 'New bio', userPortfolioUrl: 'https://ava.example.org/work', image: await imageUrl(PNG_DATA_URL), username: 'demo_user' });
    expect((await db()).user(DEMO_USER_ID)).toMatchObject({ userBio: 'New bio' });
    expect(await passwordWorks('demo_user', 'welcome123')).toBe(true);
    await expectHealthy(result.json);
  });

  it('leaves absent fields as they are and accepts an empty link, a shipped avatar or no avatar', async () => {
    const before = (await db()).user(DEMO_USER_ID)?.userBio;
    const emptyLink = await callAs<UserResponse>('demo_user', 'POST', '/users/edit', { userData: { userPortfolioUrl: '' } });
    expect(emptyLink.json.user).toMatchObject({ userBio: before, userPortfolioUrl: '' });
    const shipped = await callAs<UserResponse>('demo_user', 'POST', '/users/edit', { userData: { avatar: '/images/avatars/zoe-martin.jpg' } });
    expect(shipped.json.user.image).toBe(await imageUrl('/images/avatars/zoe-martin.jpg'));
    const noAvatar = await callAs<UserResponse>('demo_user', 'POST', '/users/edit', { userData: { avatar: '' } });
    expect(noAvatar.json.user.image).toBe('');
  });

  it('shows the change in every post and summary at once', async () => {
    await callAs('demo_user', 'POST', '/users/edit', { userData: { avatar: PNG_DATA_URL } });
    const posts = await call<PostsResponse>('GET', '/posts');
    const own = posts.json.posts.find((post) => post.id === seedPostId(5));
    expect(own?.image).toBe(await imageUrl(PNG_DATA_URL));
    const liked = posts.json.posts.find((post) => post.id === seedPostId(1));
    expect(liked?.likes.likedBy.find((user) => user._id === DEMO_USER_ID)?.image).toBe(await imageUrl(PNG_DATA_URL));
    const liam = await call<UserResponse>('GET', `/users/${SEED_USER_IDS.liam}`);
    expect(liam.json.user.followers.find((user) => user._id === DEMO_USER_ID)?.image).toBe(await imageUrl(PNG_DATA_URL));
  });

  it('changes the password only with the current one', async () => {
    const changed = await callAs('demo_user', 'POST', '/users/edit', { userData: { password: 'new-password-1', currentPassword: 'welcome123' } });
    expect(changed.status).toBe(201);
    expect(findPasswordKeys(changed.json)).toEqual([]);
    expect(JSON.stringify(changed.json)).not.toContain('new-password-1');
    expect((await call('POST', '/auth/login', { body: { username: 'demo_user', password: 'new-password-1' } })).status).toBe(200);
    expectRefusal(await call('POST', '/auth/login', { body: { username: 'demo_user', password: 'welcome123' } }), 401, MESSAGES.invalidCredentials);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = (await db()).user(DEMO_USER_ID);
    const cases: Array<[unknown, number, string]> = [
      [{ userData: { password: 'new-password-1' } }, 401, MESSAGES.invalidCredentials],
      [{ userData: { password: 'new-password-1', currentPassword: 'wrong-one' } }, 401, MESSAGES.invalidCredentials],
      [{ userData: { password: 'short', currentPassword: 'welcome123' } }, 400, MESSAGES.passwordInvalid],
      [{ userData: { userBio: 'b'.repeat(501) } }, 400, MESSAGES.bioTooLong],
      [{ userData: { userPortfolioUrl: 'javascript:alert(1)' } }, 400, MESSAGES.portfolioInvalid],
      [{ userData: { userPortfolioUrl: 'ava@example.com' } }, 400, MESSAGES.portfolioInvalid],
      [{ userData: { userPortfolioUrl: 'ftp://example.com' } }, 400, MESSAGES.portfolioInvalid],
      [{ userData: { userPortfolioUrl: 'http://' } }, 400, MESSAGES.portfolioInvalid],
      [{ userData: { userPortfolioUrl: `https://example.com/${'a'.repeat(240)}` } }, 400, MESSAGES.portfolioInvalid],
      [{ userData: { avatar: 'https://example.com/me.png' } }, 400, MESSAGES.avatarInvalid],
      [{ userData: { avatar: '/images/../secret.jpg' } }, 400, MESSAGES.avatarInvalid],
      [{ userData: { avatar: `data:image/svg+xml;base64,${btoa('<svg/>')}` } }, 400, MESSAGES.avatarInvalid],
      [{ userData: { avatar: PNG_DATA_URL.slice(0, -24) } }, 400, MESSAGES.imageCutOff],
      [{ userData: { userBio: 5 } }, 400, MESSAGES.invalidBody],
      [{ userData: 'bio' }, 400, MESSAGES.invalidBody],
      [{}, 400, MESSAGES.invalidBody],
      ['{', 400, MESSAGES.invalidJson],
    ];
    for (const [body, status, message] of cases) {
      const result = await callAs('demo_user', 'POST', '/users/edit', body);
      expect({ body, status: result.status, message: errorOf(result) }).toEqual({ body, status, message });
    }
    expect((await db()).user(DEMO_USER_ID)).toEqual(before);
  });

  it('accepts a 500 character bio and a 255 character link', async () => {
    const link = `https://example.com/${'a'.repeat(235)}`;
    expect(link).toHaveLength(255);
    const result = await callAs<UserResponse>('demo_user', 'POST', '/users/edit', { userData: { userBio: '🙂'.repeat(500), userPortfolioUrl: link } });
    expect(result.status).toBe(201);
  });
});

describe('a password change ends older sessions', () => {
  it('refuses every token issued before it, and answers the device that made it with a new one', async () => {
    const login = (password: string) => call<{ encodedToken: string }>('POST', '/auth/login', { body: { username: 'demo_user', password } });
    const laptop = (await login('welcome123')).json.encodedToken;
    const phone = (await login('welcome123')).json.encodedToken;

    const changed = await call<UserEditResponse>('POST', '/users/edit', { authorization: laptop, body: { userData: { password: 'new-password-1', currentPassword: 'welcome123' } } });
    expect(changed.status).toBe(201);
    const fresh = changed.json.encodedToken ?? '';
    expect(fresh.split('.')).toHaveLength(3);

    for (const old of [laptop, phone]) {
      expectRefusal(await call('GET', '/users/bookmark', { authorization: old }), 401, MESSAGES.tokenInvalid);
    }
    expect((await call('GET', '/users/bookmark', { authorization: fresh })).status).toBe(200);
    expect((await call('GET', '/users/bookmark', { authorization: (await login('new-password-1')).json.encodedToken })).status).toBe(200);
  });

  it('carries no new token when the password stays', async () => {
    const result = await callAs<UserEditResponse>('demo_user', 'POST', '/users/edit', { userData: { userBio: 'Same password', password: '' } });
    expect(result.status).toBe(201);
    expect(result.json).not.toHaveProperty('encodedToken');
  });
});

describe('POST /users/follow/:userId and /users/unfollow/:userId', () => {
  it('follow: answers 201 with user (me) and followUser (the other), both lists updated', async () => {
    const result = await callAs<FollowResponse>('demo_user', 'POST', `/users/follow/${SEED_USER_IDS.noah}`);

    expect(result.status).toBe(201);
    expect(result.json.user.id).toBe(DEMO_USER_ID);
    expect(result.json.user.following.map((user) => user._id)).toContain(SEED_USER_IDS.noah);
    expect(result.json.followUser.id).toBe(SEED_USER_IDS.noah);
    expect(result.json.followUser.followers.map((user) => user._id)).toContain(DEMO_USER_ID);
    expect((await db()).user(SEED_USER_IDS.noah)?.followers).toContain(DEMO_USER_ID);
    await expectHealthy(result.json);
  });

  it('unfollow: answers 201 with both members, both lists updated', async () => {
    const result = await callAs<FollowResponse>('demo_user', 'POST', `/users/unfollow/${SEED_USER_IDS.liam}`);

    expect(result.status).toBe(201);
    expect(result.json.user.following.map((user) => user._id)).toEqual([SEED_USER_IDS.maya]);
    expect(result.json.followUser.followers.map((user) => user._id)).not.toContain(DEMO_USER_ID);
    expect((await db()).user(DEMO_USER_ID)?.following).toEqual([SEED_USER_IDS.maya]);
    await expectHealthy(result.json);
  });

  it('answers 404 for an unknown member', async () => {
    for (const path of ['/users/follow/u-nobody', '/users/unfollow/u-nobody']) {
      expectRefusal(await callAs('demo_user', 'POST', path), 404, MESSAGES.userNotFound);
    }
  });

  it('unfollowing oneself is "already not following"', async () => {
    expectRefusal(await callAs('demo_user', 'POST', `/users/unfollow/${DEMO_USER_ID}`), 400, MESSAGES.notFollowing);
  });
});
