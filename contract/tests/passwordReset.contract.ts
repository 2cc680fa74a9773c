/**
 * A forgotten password (the `accounts` extension): signup keeps an email address (one account an
 * address); "Forgot password?" mails a link to the account's address, answering the same whether or
 * not one matched; the link sets a new password once, logs every device out, and then is refused.
 */
import type { LoginResponse, SignupResponse } from '../api';
import { errorBody } from '../errors';
import { LIMITS } from '../limits';
import { MESSAGE_STATUS, type MessageKey } from '../messages';
import { SAMPLE_SIGNUP } from '../seed/default';
import { call, db, mailedLinks, tokenInLink, type CallResult } from './support';

const JOINING = { ...SAMPLE_SIGNUP, username: 'river_song', email: 'River.Song@example.com' };

function expectRefused(result: CallResult<unknown>, key: MessageKey): void {
  expect({ status: result.status, body: result.json }).toEqual({ status: MESSAGE_STATUS[key], body: errorBody(key) });
}

async function join(body: Record<string, unknown> = JOINING): Promise<CallResult<SignupResponse>> {
  return call<SignupResponse>('POST', '/auth/signup', { body });
}

function forgot(login: unknown): Promise<CallResult<Record<string, never>>> {
  return call('POST', '/auth/forgot-password', { body: { login } });
}

function reset(token: string, password: string): Promise<CallResult<Record<string, never>>> {
  return call('POST', '/auth/reset-password', { body: { token, password } });
}

function loginStatus(username: string, password: string): Promise<number> {
  return call<LoginResponse>('POST', '/auth/login', { body: { username, password } }).then((answer) => answer.status);
}

/** The reset links mailed since the test began (not the mail that confirms an address at signup), once `count` have come. */
const mailSent = (count: number) => mailedLinks('reset-password', count);

describe('an email address at signup', () => {
  it('is kept as typed, one account an address whatever its case, and checked', async () => {
    expect((await join()).status).toBe(201);
    expect((await db()).userByUsername('river_song')?.email).toBe('River.Song@example.com');
    // Private: no answer about the member carries it, to others or to themselves.
    const joined = (await db()).userByUsername('river_song')!;
    for (const path of ['/users', `/users/${joined.id}`]) {
      expect(JSON.stringify((await call('GET', path)).json).toLowerCase()).not.toContain('river.song@example.com');
    }
    expectRefused(await join({ ...JOINING, username: 'river_two', email: 'river.song@EXAMPLE.com' }), 'emailTaken');
    expectRefused(await join({ ...JOINING, username: 'river_three', email: 'not-an-address' }), 'emailInvalid');
    expectRefused(await join({ ...JOINING, username: 'river_four', email: 42 }), 'emailInvalid');
    // The spec's four fields alone still make an account, without an address.
    const { email: _email, ...specFields } = { ...JOINING, username: 'river_five' };
    expect((await join(specFields)).status).toBe(201);
    expect((await db()).userByUsername('river_five')).not.toHaveProperty('email');
  });
});

describe('a forgotten password', () => {
  it('mails a link to the account by its address or its username, and the link sets a new password once', async () => {
    expect((await join()).status).toBe(201);
    const before = await call<LoginResponse>('POST', '/auth/login', { body: { username: 'river_song', password: JOINING.password } });

    const asked = await forgot('  river.song@example.COM ');
    expect({ status: asked.status, body: asked.json }).toEqual({ status: 200, body: {} });
    const [mail] = await mailSent(1);
    expect(mail).toMatchObject({ to: 'River.Song@example.com', subject: 'Set a new password for SocialConnect' });
    expect(mail?.link).toMatch(/^https?:\/\/[^/]+\/reset-password#token=[A-Za-z0-9_-]{43}$/);
    expect(mail?.text).toContain(mail?.link);
    expect(mail?.text).toContain('@river_song');
    expect((await forgot('river_song')).status).toBe(200);
    const second = (await mailSent(2))[1];
    expect(tokenInLink(second)).not.toBe(tokenInLink(mail));

    // A password that is not one is refused, and the link keeps working.
    expectRefused(await reset(tokenInLink(mail), 'short'), 'passwordInvalid');
    const done = await reset(tokenInLink(mail), 'a-brand-new-pass');
    expect({ status: done.status, body: done.json }).toEqual({ status: 200, body: {} });
    expect(await loginStatus('river_song', 'a-brand-new-pass')).toBe(200);
    expect(await loginStatus('river_song', JOINING.password)).toBe(401);
    // Every device was logged out; the link, and the other one sent before it, work no more.
    expectRefused(await call('GET', '/sessions', { authorization: before.json.encodedToken }), 'tokenInvalid');
    expectRefused(await reset(tokenInLink(mail), 'another-new-pass'), 'resetLinkInvalid');
    expectRefused(await reset(tokenInLink(second), 'another-new-pass'), 'resetLinkInvalid');
    expect(await loginStatus('river_song', 'a-brand-new-pass')).toBe(200);
  });

  it('answers the same, and mails nobody, when no account matches or it has no address', async () => {
    expect((await join()).status).toBe(201);
    for (const login of ['nobody@example.com', 'no_such_member', 'demo_user', 'x'.repeat(LIMITS.emailMax + 1)]) {
      const answer = await forgot(login);
      expect({ login, status: answer.status, body: answer.json }).toEqual({ login, status: 200, body: {} });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await mailedLinks('reset-password')).toEqual([]);
    // Nothing typed is the one refusal, with what to type.
    expectRefused(await forgot('   '), 'resetLoginMissing');
    expectRefused(await forgot(undefined), 'resetLoginMissing');
  });

  it(`sends an account at most ${LIMITS.passwordResetsPerHour} links an hour, answering the same`, async () => {
    expect((await join()).status).toBe(201);
    for (let n = 0; n < LIMITS.passwordResetsPerHour + 2; n += 1) expect((await forgot('river_song')).status).toBe(200);
    await mailSent(LIMITS.passwordResetsPerHour);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await mailedLinks('reset-password')).toHaveLength(LIMITS.passwordResetsPerHour);
  });

  it('refuses a link it did not send', async () => {
    expectRefused(await reset('made-up-token', 'a-brand-new-pass'), 'resetLinkInvalid');
    expectRefused(await reset('', 'a-brand-new-pass'), 'resetLinkInvalid');
    expectRefused(await call('POST', '/auth/reset-password', { body: { password: 'a-brand-new-pass' } }), 'resetLinkInvalid');
  });
});
