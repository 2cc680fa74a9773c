/**
 * A member's email address (the `accounts` extension): theirs alone to read; set or changed from
 * their account, with a mailed link that confirms it (signup's address too); a link confirms once,
 * only the address it was sent to; and a reset link that reached the address confirms it as well.
 */
import type { AccountEmail, SignupResponse } from '../api';
import { errorBody } from '../errors';
import { LIMITS } from '../limits';
import { MESSAGE_STATUS, type MessageKey } from '../messages';
import { SAMPLE_SIGNUP } from '../seed/default';
import { call, callAs, mailedLinks, tokenInLink, type CallResult } from './support';

function expectRefused(result: CallResult<unknown>, key: MessageKey): void {
  expect({ status: result.status, body: result.json }).toEqual({ status: MESSAGE_STATUS[key], body: errorBody(key) });
}

const confirmMails = () => mailedLinks('confirm-email');
const confirmMailsOnce = (count: number) => mailedLinks('confirm-email', count);

const confirm = (token: unknown) => call('POST', '/auth/confirm-email', { body: { token } });
const emailOf = (member: string) => callAs<AccountEmail>(member, 'GET', '/account/email');
const setEmailOf = (member: string, email: unknown) => callAs<AccountEmail>(member, 'POST', '/account/email', { email });

describe("a member's email address", () => {
  it('is confirmed by the link mailed at signup, once', async () => {
    const joined = await call<SignupResponse>('POST', '/auth/signup', { body: { ...SAMPLE_SIGNUP, email: 'Sam@Example.com' } });
    expect(joined.status).toBe(201);
    expect((await emailOf('sam_rivera')).json).toEqual({ email: 'Sam@Example.com', emailConfirmed: false });
    const [mail] = await confirmMailsOnce(1);
    expect(mail).toMatchObject({ to: 'Sam@Example.com', subject: 'Confirm your email address for SocialConnect' });
    expect(mail?.text).toContain('@sam_rivera');

    const done = await confirm(tokenInLink(mail));
    expect({ status: done.status, body: done.json }).toEqual({ status: 200, body: {} });
    expect((await emailOf('sam_rivera')).json).toEqual({ email: 'Sam@Example.com', emailConfirmed: true });
    expectRefused(await confirm(tokenInLink(mail)), 'confirmLinkInvalid');
    // Saved again as it is, a confirmed address sends nothing.
    expect((await setEmailOf('sam_rivera', 'sam@example.COM')).json).toEqual({ email: 'Sam@Example.com', emailConfirmed: true });
    expect(await confirmMails()).toHaveLength(1);
  });

  it('is set from the account, unconfirmed until its own link; a link to the address before confirms nothing', async () => {
    expect((await emailOf('demo_user')).json).toEqual({ email: '', emailConfirmed: false });
    const first = await setEmailOf('demo_user', '  ava@example.com ');
    expect({ status: first.status, body: first.json }).toEqual({ status: 201, body: { email: 'ava@example.com', emailConfirmed: false } });
    const [toFirst] = await confirmMailsOnce(1);
    expect(toFirst?.to).toBe('ava@example.com');

    // The same address again, still unconfirmed: its link is sent again.
    expect((await setEmailOf('demo_user', 'ava@example.com')).status).toBe(201);
    expect(await confirmMailsOnce(2)).toHaveLength(2);

    expect((await setEmailOf('demo_user', 'ava.reed@example.com')).json).toEqual({ email: 'ava.reed@example.com', emailConfirmed: false });
    const toSecond = (await confirmMailsOnce(3))[2];
    expect(toSecond?.to).toBe('ava.reed@example.com');
    expectRefused(await confirm(tokenInLink(toFirst)), 'confirmLinkInvalid');
    expect((await emailOf('demo_user')).json.emailConfirmed).toBe(false);
    expect((await confirm(tokenInLink(toSecond))).status).toBe(200);
    expect((await emailOf('demo_user')).json).toEqual({ email: 'ava.reed@example.com', emailConfirmed: true });
  });

  it("refuses an address that is not one, or another account's, and keeps the one before", async () => {
    expect((await setEmailOf('liam_chen', 'liam@example.com')).status).toBe(201);
    expectRefused(await setEmailOf('demo_user', 'LIAM@example.com'), 'emailTaken');
    expectRefused(await setEmailOf('demo_user', 'not an address'), 'emailInvalid');
    expectRefused(await setEmailOf('demo_user', `${'a'.repeat(LIMITS.emailMax)}@example.com`), 'emailInvalid');
    expectRefused(await setEmailOf('demo_user', undefined), 'emailInvalid');
    expect((await emailOf('demo_user')).json).toEqual({ email: '', emailConfirmed: false });
    expect((await emailOf('liam_chen')).json).toEqual({ email: 'liam@example.com', emailConfirmed: false });
  });

  it('is confirmed by a reset link that reached it', async () => {
    expect((await setEmailOf('demo_user', 'ava@example.com')).status).toBe(201);
    expect((await call('POST', '/auth/forgot-password', { body: { login: 'demo_user' } })).status).toBe(200);
    const token = tokenInLink((await mailedLinks('reset-password', 1))[0]);
    expect((await call('POST', '/auth/reset-password', { body: { token, password: 'a-brand-new-pass' } })).status).toBe(200);
    const login = await call<SignupResponse>('POST', '/auth/login', { body: { username: 'demo_user', password: 'a-brand-new-pass' } });
    expect((await call<AccountEmail>('GET', '/account/email', { authorization: login.json.encodedToken })).json).toEqual({ email: 'ava@example.com', emailConfirmed: true });
  });

  it('refuses a link it did not send', async () => {
    expectRefused(await confirm('made-up-token'), 'confirmLinkInvalid');
    expectRefused(await confirm(''), 'confirmLinkInvalid');
    expectRefused(await confirm(42), 'confirmLinkInvalid');
  });
});
