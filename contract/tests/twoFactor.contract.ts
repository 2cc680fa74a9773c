/**
 * Two-factor sign-in (the `accounts` extension): off until a code made with a new key turns it on;
 * then login asks for a code once the password is right, takes each code once, and takes a recovery
 * code once; turning it off asks for a code. The key is the member's alone: no other answer carries it.
 */
import type { LoginResponse, TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from '../api';
import { errorBody } from '../errors';
import { LIMITS } from '../limits';
import { MESSAGE_STATUS, type MessageKey } from '../messages';
import { authenticatorCode } from '../rules/twoFactor';
import { DEMO_USER_ID, SEED_PASSWORD } from '../seed/default';
import { call, callAs, type CallResult } from './support';

function expectRefused(result: CallResult<unknown>, key: MessageKey): void {
  expect({ status: result.status, body: result.json }).toEqual({ status: MESSAGE_STATUS[key], body: errorBody(key) });
}

const STEP_MS = 30_000;
/**
 * The code an authenticator with `secret` shows `steps` steps of 30 seconds from `from` (now unless
 * given). A test that means the code which turned sign-in on passes the moment it was made: the
 * clock may have crossed into the next step since, whose code is a new one.
 */
const codeOf = (secret: string, steps = 0, from = Date.now()) => authenticatorCode(secret, new Date(from + steps * STEP_MS));

const statusOf = (member: string) => callAs<TwoFactorStatus>(member, 'GET', '/account/two-factor');
const login = (body: Record<string, unknown>) => call<LoginResponse>('POST', '/auth/login', { body: { username: 'demo_user', password: SEED_PASSWORD, ...body } });

/**
 * Turns two-factor sign-in on for demo_user, with the code of now; its key, its recovery codes, and
 * the moment whose code turned it on (`at`).
 */
async function turnOn(): Promise<{ secret: string; recoveryCodes: string[]; at: number }> {
  const setup = await callAs<TwoFactorSetup>('demo_user', 'POST', '/account/two-factor/setup');
  expect(setup.status).toBe(201);
  const { secret } = setup.json;
  const at = Date.now();
  const enabled = await callAs<TwoFactorEnabled>('demo_user', 'POST', '/account/two-factor/enable', { secret, code: await codeOf(secret, 0, at) });
  expect(enabled.status).toBe(201);
  return { secret, recoveryCodes: enabled.json.recoveryCodes, at };
}

describe('two-factor sign-in', () => {
  it('is off until the first code made with a new key turns it on, and answers the recovery codes once', async () => {
    expect((await statusOf('demo_user')).json).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const setup = await callAs<TwoFactorSetup>('demo_user', 'POST', '/account/two-factor/setup');
    expect(setup.status).toBe(201);
    const { secret, uri } = setup.json;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new URL(uri)).toMatchObject({ protocol: 'otpauth:', host: 'totp', pathname: '/SocialConnect:demo_user' });
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    // A key alone changes nothing.
    expect((await statusOf('demo_user')).json.enabled).toBe(false);

    const wrong = String((Number(await codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');
    expectRefused(await callAs('demo_user', 'POST', '/account/two-factor/enable', { secret, code: wrong }), 'twoFactorCodeInvalid');
    expectRefused(await callAs('demo_user', 'POST', '/account/two-factor/enable', { secret: 'not a key', code: await codeOf(secret) }), 'twoFactorKeyInvalid');
    expect((await statusOf('demo_user')).json.enabled).toBe(false);

    const spaced = (await codeOf(secret)).replace(/^(\d{3})/, '$1 ');
    const enabled = await callAs<TwoFactorEnabled>('demo_user', 'POST', '/account/two-factor/enable', { secret: secret.toLowerCase(), code: spaced });
    expect(enabled.status).toBe(201);
    expect(enabled.json.enabled).toBe(true);
    expect(enabled.json.recoveryCodes).toHaveLength(LIMITS.recoveryCodes);
    expect(new Set(enabled.json.recoveryCodes).size).toBe(LIMITS.recoveryCodes);
    for (const code of enabled.json.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await statusOf('demo_user')).json).toEqual({ enabled: true, recoveryCodesLeft: LIMITS.recoveryCodes });

    // On once: neither a new key nor a second turning on.
    expectRefused(await callAs('demo_user', 'POST', '/account/two-factor/setup'), 'twoFactorAlreadyOn');
    expectRefused(await callAs('demo_user', 'POST', '/account/two-factor/enable', { secret, code: await codeOf(secret, 1) }), 'twoFactorAlreadyOn');
  });

  it('asks for a code at login once the password is right, and takes each code once', async () => {
    const { secret, at } = await turnOn();
    expectRefused(await login({}), 'twoFactorRequired');
    expectRefused(await login({ code: '' }), 'twoFactorRequired');
    // A wrong password is refused as before, code or none: a code tells nothing of the password.
    expectRefused(await login({ password: 'not-the-password' }), 'invalidCredentials');
    expectRefused(await login({ password: 'not-the-password', code: await codeOf(secret, 1, at) }), 'invalidCredentials');
    expectRefused(await login({ code: '000000x' }), 'twoFactorCodeInvalid');
    // The code of now turned it on: taken, it does not log in.
    expectRefused(await login({ code: await codeOf(secret, 0, at) }), 'twoFactorCodeInvalid');

    const next = await codeOf(secret, 1, at);
    const done = await login({ code: next });
    expect(done.status).toBe(200);
    expect(done.json.foundUser.username).toBe('demo_user');
    expect(typeof done.json.encodedToken).toBe('string');
    expectRefused(await login({ code: next }), 'twoFactorCodeInvalid');
    // Nor one from before it, once a later one was taken.
    expectRefused(await login({ code: await codeOf(secret, 0, at) }), 'twoFactorCodeInvalid');
  });

  it('takes a recovery code once, however it is typed', async () => {
    const { recoveryCodes } = await turnOn();
    const [first, second] = recoveryCodes as [string, string];
    const typed = ` ${first.toUpperCase().replace('-', ' - ')} `;
    expect((await login({ code: typed })).status).toBe(200);
    expectRefused(await login({ code: first }), 'twoFactorCodeInvalid');
    expect((await statusOf('demo_user')).json).toEqual({ enabled: true, recoveryCodesLeft: LIMITS.recoveryCodes - 1 });
    expectRefused(await login({ code: 'aaaaa-aaaaa' }), 'twoFactorCodeInvalid');
    expect((await login({ code: second.replace('-', '') })).status).toBe(200);
    expect((await statusOf('demo_user')).json.recoveryCodesLeft).toBe(LIMITS.recoveryCodes - 2);
  });

  it('is turned off by a code, after which login asks for none', async () => {
    expectRefused(await callAs('demo_user', 'POST', '/account/two-factor/disable', { code: '123456' }), 'twoFactorNotOn');
    const { secret, recoveryCodes, at } = await turnOn();
    expectRefused(await callAs('demo_user', 'POST', '/account/two-factor/disable', {}), 'twoFactorCodeInvalid');
    expectRefused(await callAs('demo_user', 'POST', '/account/two-factor/disable', { code: await codeOf(secret, 0, at) }), 'twoFactorCodeInvalid');
    expect((await statusOf('demo_user')).json.enabled).toBe(true);

    const off = await callAs<TwoFactorStatus>('demo_user', 'POST', '/account/two-factor/disable', { code: await codeOf(secret, 1, at) });
    expect({ status: off.status, body: off.json }).toEqual({ status: 200, body: { enabled: false, recoveryCodesLeft: 0 } });
    expect((await login({})).status).toBe(200);

    // On again with a new key: the recovery codes of the first are gone with it.
    await turnOn();
    expectRefused(await login({ code: recoveryCodes[0] }), 'twoFactorCodeInvalid');
  });

  it("is the member's alone: their key is in no other answer, theirs or anyone's", async () => {
    const { secret } = await turnOn();
    expect((await statusOf('noah_kim')).json).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const answers = [
      await login({ code: await codeOf(secret, 1) }),
      await callAs('demo_user', 'GET', '/account/two-factor'),
      await call('GET', `/users/${DEMO_USER_ID}`),
      await callAs('noah_kim', 'GET', `/users/${DEMO_USER_ID}`),
      await callAs('demo_user', 'GET', `/users/${DEMO_USER_ID}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.json)).not.toContain(secret);
    }
  });
});
