/**
 * The language a member chose for the app (the `member-language` extension): kept on their record,
 * so that it follows them from device to device, and shown to them alone, as their bookmarks are.
 */
import type { FollowResponse, LoginResponse, UserEditResponse, UserResponse, UsersResponse } from '../api';
import { MESSAGES } from '../messages';
import { DEMO_USER_ID, SEED_PASSWORD, SEED_USER_IDS } from '../seed/default';
import { call, callAs, db, errorOf, tokenFor } from './support';

const setLanguage = (member: string, language: unknown) => callAs<UserEditResponse>(member, 'POST', '/users/edit', { userData: { language } });

describe("a member's language", () => {
  it("starts empty, is kept as sent, and is in the member's own record: the edit's answer, their login, their /users/:id, their entry in /users", async () => {
    const asLiam = { authorization: await tokenFor('liam_chen') };
    expect((await call<UserResponse>('GET', `/users/${SEED_USER_IDS.liam}`, asLiam)).json.user.language).toBe('');

    const edited = await setLanguage('liam_chen', ' pt-BR ');
    expect(edited.status).toBe(201);
    expect(edited.json.user.language).toBe('pt-BR');

    const login = await call<LoginResponse>('POST', '/auth/login', { body: { username: 'liam_chen', password: SEED_PASSWORD } });
    expect(login.json.foundUser.language).toBe('pt-BR');
    expect((await call<UserResponse>('GET', `/users/${SEED_USER_IDS.liam}`, asLiam)).json.user.language).toBe('pt-BR');
    const everyone = await call<UsersResponse>('GET', '/users', asLiam);
    expect(everyone.json.users.find((user) => user._id === SEED_USER_IDS.liam)?.language).toBe('pt-BR');
  });

  it("is absent from every other member's record, read with a token or without, and from a follow's answer for the other member", async () => {
    expect((await setLanguage('liam_chen', 'de')).status).toBe(201);
    const asAva = { authorization: await tokenFor('demo_user') };
    for (const options of [{}, asAva]) {
      const liam = await call<UserResponse>('GET', `/users/${SEED_USER_IDS.liam}`, options);
      expect(liam.json.user).not.toHaveProperty('language');
      const everyone = await call<UsersResponse>('GET', '/users', options);
      for (const user of everyone.json.users) {
        if (options === asAva && user._id === DEMO_USER_ID) continue;
        expect({ user: user.username, language: user.language }).toEqual({ user: user.username, language: undefined });
      }
    }
    const followed = await callAs<FollowResponse>('demo_user', 'POST', `/users/unfollow/${SEED_USER_IDS.liam}`);
    expect(followed.json.followUser).not.toHaveProperty('language');
    expect(followed.json.user.language).toBe('');
  });

  it('is left as it is by an edit that does not name it, and cleared by an empty one', async () => {
    expect((await setLanguage('demo_user', 'ar')).status).toBe(201);
    const bio = await callAs<UserEditResponse>('demo_user', 'POST', '/users/edit', { userData: { userBio: 'Still here' } });
    expect(bio.json.user.language).toBe('ar');
    const cleared = await setLanguage('demo_user', '');
    expect(cleared.json.user.language).toBe('');
  });

  it('refuses a value that is not a language tag, with its code, and changes nothing', async () => {
    expect((await setLanguage('demo_user', 'pl')).status).toBe(201);
    const before = (await db()).user(DEMO_USER_ID);
    for (const language of ['english', 'e', 'en_US', 'en-', '../etc', `en-${'a'.repeat(40)}`, 'de-DE-x-'.repeat(5)]) {
      const refused = await setLanguage('demo_user', language);
      expect({ language, status: refused.status, message: errorOf(refused), code: (refused.json as { code?: string }).code })
        .toEqual({ language, status: 400, message: MESSAGES.languageInvalid, code: 'language_invalid' });
    }
    expect((await setLanguage('demo_user', 7)).status).toBe(400);
    expect((await db()).user(DEMO_USER_ID)).toEqual(before);
  });
});
