import type { LoginResponse, SignupResponse } from '../api';
import { MESSAGES } from '../messages';
import { DEMO_CREDENTIALS, DEMO_USER_ID, SAMPLE_SIGNUP } from '../seed/default';
import { call, db, errorOf, expectHealthy, expectRefusal, passwordWorks, target } from './support';

describe('POST /auth/signup', () => {
  it('creates the member, answers 201 with createdUser and a working token, and ignores extra fields', async () => {
    const result = await call<SignupResponse>('POST', '/auth/signup', { body: SAMPLE_SIGNUP });

    expect(result.status).toBe(201);
    const { createdUser, encodedToken } = result.json;
    expect(createdUser).toMatchObject({ firstName: 'Sam', lastName: 'Rivera', username: 'sam_rivera', image: '', userBio: '', followers: [], following: [], bookmarks: [] });
    expect(createdUser._id).toBe(createdUser.id);
    expect(createdUser).not.toHaveProperty('email');
    expect((await db()).userByUsername('sam_rivera')).toMatchObject({ id: createdUser.id });
    expect(await passwordWorks('sam_rivera', 'welcome123')).toBe(true);
    expect((await db()).users).toHaveLength(6);

    const bookmarks = await call('GET', '/users/bookmark', { authorization: encodedToken });
    expect(bookmarks.status).toBe(200);
    await expectHealthy(result.json);
  });

  it('trims names and refuses bad fields with a clear message, storing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...SAMPLE_SIGNUP, firstName: '   ' }, MESSAGES.firstNameInvalid],
      [{ ...SAMPLE_SIGNUP, firstName: 'x'.repeat(31) }, MESSAGES.firstNameInvalid],
      [{ ...SAMPLE_SIGNUP, lastName: '' }, MESSAGES.lastNameInvalid],
      [{ ...SAMPLE_SIGNUP, lastName: 42 }, MESSAGES.lastNameInvalid],
      [{ ...SAMPLE_SIGNUP, username: 'ab' }, MESSAGES.usernameInvalid],
      [{ ...SAMPLE_SIGNUP, username: 'a'.repeat(31) }, MESSAGES.usernameInvalid],
      [{ ...SAMPLE_SIGNUP, username: 'sam rivera' }, MESSAGES.usernameInvalid],
      [{ ...SAMPLE_SIGNUP, username: 'sam-rivera' }, MESSAGES.usernameInvalid],
      [{ ...SAMPLE_SIGNUP, password: 'short' }, MESSAGES.passwordInvalid],
      [{ ...SAMPLE_SIGNUP, password: 'p'.repeat(129) }, MESSAGES.passwordInvalid],
      [{ firstName: 'Sam', lastName: 'Rivera', username: 'sam_rivera' }, MESSAGES.passwordInvalid],
    ];
    for (const [body, message] of cases) {
      const result = await call('POST', '/auth/signup', { body });
      expect({ status: result.status, message: errorOf(result) }).toEqual({ status: 400, message });
    }
    expect((await db()).users).toHaveLength(5);
  });

  it('accepts the limits: a 3 and a 30 character username, 8 and 128 character passwords', async () => {
    // One account an address (the `accounts` extension): each joins with their own.
    expect((await call('POST', '/auth/signup', { body: { ...SAMPLE_SIGNUP, username: 'abc', email: 'abc@example.com', password: '12345678' } })).status).toBe(201);
    expect((await call('POST', '/auth/signup', { body: { ...SAMPLE_SIGNUP, username: 'A'.repeat(30), email: 'a30@example.com', password: 'p'.repeat(128) } })).status).toBe(201);
    const created = await call<SignupResponse>('POST', '/auth/signup', { body: { ...SAMPLE_SIGNUP, firstName: '  Émile ', username: 'emile_1' } });
    expect(created.json.createdUser.firstName).toBe('Émile');
  });

  it('answers 400 for a body that is not JSON or not an object', async () => {
    const notJson = await call('POST', '/auth/signup', { body: '{"firstName": ' });
    expectRefusal(notJson, 400, MESSAGES.invalidJson);
    expectRefusal(await call('POST', '/auth/signup', { body: [SAMPLE_SIGNUP] }), 400, MESSAGES.invalidBody);
  });
});

describe('POST /auth/login', () => {
  it('answers 200 with foundUser and a token for the demo account', async () => {
    const result = await call<LoginResponse>('POST', '/auth/login', { body: DEMO_CREDENTIALS });

    expect(result.status).toBe(200);
    expect(result.json.foundUser).toMatchObject({ _id: DEMO_USER_ID, id: DEMO_USER_ID, username: 'demo_user', firstName: 'Ava', lastName: 'Reed' });
    expect(result.json.encodedToken.split('.')).toHaveLength(3);
    await expectHealthy(result.json);
  });

  it('matches the username ignoring case and surrounding spaces', async () => {
    const result = await call<LoginResponse>('POST', '/auth/login', { body: { username: ' Demo_User ', password: 'welcome123' } });
    expect(result.status).toBe(200);
    expect(result.json.foundUser.id).toBe(DEMO_USER_ID);
  });

  it('answers 400 when a field is missing', async () => {
    expectRefusal(await call('POST', '/auth/login', { body: { username: 'demo_user' } }), 400, MESSAGES.invalidBody);
  });

  it('changes nothing in the store', async () => {
    const before = await target().snapshot();
    await call('POST', '/auth/login', { body: DEMO_CREDENTIALS });
    expect(await target().snapshot()).toEqual(before);
  });
});


describe('POST /auth/logout', () => {
  it('ends the token it is sent with at once, answering 200 {}', async () => {
    const login = await call<LoginResponse>('POST', '/auth/login', { body: DEMO_CREDENTIALS });
    const token = login.json.encodedToken;
    expect((await call('GET', '/users/bookmark', { authorization: token })).status).toBe(200);

    const result = await call('POST', '/auth/logout', { authorization: token });
    expect({ status: result.status, body: result.json }).toEqual({ status: 200, body: {} });

    const after = await call('GET', '/users/bookmark', { authorization: token });
    expectRefusal(after, 401, MESSAGES.tokenInvalid);
    expect((await call('POST', '/auth/logout', { authorization: token })).status).toBe(401);
  });

  it("leaves the member's other sessions logged in", async () => {
    const phone = (await call<LoginResponse>('POST', '/auth/login', { body: DEMO_CREDENTIALS })).json.encodedToken;
    const laptop = (await call<LoginResponse>('POST', '/auth/login', { body: DEMO_CREDENTIALS })).json.encodedToken;
    expect((await call('POST', '/auth/logout', { authorization: phone })).status).toBe(200);
    expect((await call('GET', '/users/bookmark', { authorization: laptop })).status).toBe(200);
  });

  it('needs a token', async () => {
    expectRefusal(await call('POST', '/auth/logout'), 401, MESSAGES.tokenInvalid);
  });
});
