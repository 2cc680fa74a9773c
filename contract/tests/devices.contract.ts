/**
 * A member's devices (the `accounts` extension): every login is a device, named by its User-Agent;
 * the member lists them, this one first; logs one other out at once (its token refused, its live
 * stream ended); or logs out every other one, carrying on with a new token. A logout and a password
 * change take devices off the list too; nobody sees or ends another member's devices.
 */
import type { DeviceSession, DeviceSessions, LoginResponse, OtherDevicesEnded } from '../api';
import { errorBody } from '../errors';
import { MESSAGE_STATUS, type MessageKey } from '../messages';
import { DEMO_CREDENTIALS } from '../seed/accounts';
import { DEMO_USER_ID } from '../seed/default';
import { call, tokenFor, type CallResult } from './support';
import { openStream, type TestStream } from './streams';

const FIREFOX_ON_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';
const SAFARI_ON_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let streams: TestStream[] = [];
afterEach(() => {
  streams.forEach((stream) => stream.close());
  streams = [];
});

/** Logs in as `username` from a device that names itself `userAgent`: its token. */
async function loginFrom(userAgent: string, { username, password }: { username: string; password: string } = DEMO_CREDENTIALS): Promise<string> {
  const answer = await call<LoginResponse>('POST', '/auth/login', { body: { username, password }, headers: { 'user-agent': userAgent } });
  expect(answer.status).toBe(200);
  return answer.json.encodedToken;
}

function devicesOf(token: string, userAgent = FIREFOX_ON_ANDROID): Promise<CallResult<DeviceSessions>> {
  return call<DeviceSessions>('GET', '/sessions', { authorization: token, headers: { 'user-agent': userAgent } });
}

function end(token: string, id: string): Promise<CallResult<DeviceSessions>> {
  return call<DeviceSessions>('POST', `/sessions/end/${encodeURIComponent(id)}`, { authorization: token });
}

/** What a list says of each device: its name, and whether it is the one that asks. */
function named(sessions: readonly DeviceSession[]): [string, string, boolean][] {
  return sessions.map((session) => [session.browser, session.system, session.current]);
}

function expectRefused(result: CallResult<unknown>, key: MessageKey): void {
  expect({ status: result.status, body: result.json }).toEqual({ status: MESSAGE_STATUS[key], body: errorBody(key) });
}

describe("a member's devices", () => {
  it('lists each login as a device named by its browser and system, this one first', async () => {
    const before = Date.now();
    const phone = await loginFrom(FIREFOX_ON_ANDROID);
    const laptop = await loginFrom(CHROME_ON_WINDOWS);

    const seen = await devicesOf(phone);
    expect(seen.status).toBe(200);
    expect(named(seen.json.sessions)).toEqual([['Firefox', 'Android', true], ['Chrome', 'Windows', false]]);
    for (const session of seen.json.sessions) {
      // Logged in this second or the last (a token's time is in whole seconds).
      expect(Date.parse(session.signedInAt)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt));
      // Where it called from, as the backend can tell: the server its peer's address, the stand-in nothing.
      expect(['', '127.0.0.1', '::1', '::ffff:127.0.0.1']).toContain(session.address);
    }
    // From the laptop, the laptop comes first; the two lists name the same devices.
    const fromLaptop = (await devicesOf(laptop, CHROME_ON_WINDOWS)).json.sessions;
    expect(named(fromLaptop)).toEqual([['Chrome', 'Windows', true], ['Firefox', 'Android', false]]);
    expect(fromLaptop.map((session) => session.id).sort()).toEqual(seen.json.sessions.map((session) => session.id).sort());
  });

  it('logs one other device out at once: its token is refused and its live stream ends', async () => {
    const phone = await loginFrom(FIREFOX_ON_ANDROID);
    const laptop = await loginFrom(CHROME_ON_WINDOWS);
    const laptopStream = await openStream(laptop);
    streams.push(laptopStream);
    const laptopId = (await devicesOf(phone)).json.sessions.find((session) => !session.current)!.id;

    const ended = await end(phone, laptopId);
    expect(ended.status).toBe(200);
    expect(named(ended.json.sessions)).toEqual([['Firefox', 'Android', true]]);
    const [last] = await laptopStream.until(1);
    expect(last).toMatchObject({ type: 'session-ended', data: { memberId: DEMO_USER_ID, reason: 'logout', jti: laptopId } });
    await laptopStream.whenEnded();
    expectRefused(await devicesOf(laptop), 'tokenInvalid');

    // Once more: it is gone; and this device is logged out from the menu, not from here.
    expectRefused(await end(phone, laptopId), 'sessionNotFound');
    const phoneId = ended.json.sessions[0]!.id;
    expectRefused(await end(phone, phoneId), 'sessionIsCurrent');
    expect((await devicesOf(phone)).status).toBe(200);
  });

  it("neither shows nor ends another member's devices", async () => {
    const hers = await loginFrom(FIREFOX_ON_ANDROID);
    const his = await loginFrom(SAFARI_ON_IPHONE, { username: 'liam_chen', password: DEMO_CREDENTIALS.password });
    const hisDevices = (await devicesOf(his, SAFARI_ON_IPHONE)).json.sessions;
    expect(named(hisDevices)).toEqual([['Safari', 'iOS', true]]);
    expect(named((await devicesOf(hers)).json.sessions)).toEqual([['Firefox', 'Android', true]]);

    expectRefused(await end(hers, hisDevices[0]!.id), 'sessionNotFound');
    expect((await devicesOf(his, SAFARI_ON_IPHONE)).status).toBe(200);
  });

  it('logs out every other device, this one carrying on with a new token', async () => {
    const phone = await loginFrom(FIREFOX_ON_ANDROID);
    const laptop = await loginFrom(CHROME_ON_WINDOWS);
    const tablet = await loginFrom(SAFARI_ON_IPHONE);
    const tabletStream = await openStream(tablet);
    streams.push(tabletStream);
    const signedIn = (await devicesOf(phone)).json.sessions[0]!.signedInAt;

    const answer = await call<OtherDevicesEnded>('POST', '/sessions/end-others', { authorization: phone, headers: { 'user-agent': FIREFOX_ON_ANDROID } });
    expect(answer.status).toBe(200);
    const { encodedToken, sessions } = answer.json;
    expect(named(sessions)).toEqual([['Firefox', 'Android', true]]);
    expect(sessions[0]!.signedInAt).toBe(signedIn);
    const [last] = await tabletStream.until(1);
    expect(last).toMatchObject({ type: 'session-ended', data: { memberId: DEMO_USER_ID, reason: 'elsewhere' } });
    await tabletStream.whenEnded();

    // Every token issued before is refused, this device's old one too; its new one works.
    for (const token of [laptop, tablet, phone]) expectRefused(await devicesOf(token), 'tokenInvalid');
    const after = await devicesOf(encodedToken);
    expect(after.status).toBe(200);
    const withoutLastSeen = (list: readonly DeviceSession[]) => list.map(({ lastSeenAt: _seen, ...rest }) => rest);
    expect(withoutLastSeen(after.json.sessions)).toEqual(withoutLastSeen(sessions));
  });

  it('takes a device off the list when it logs out, and every device when the password changes', async () => {
    const phone = await loginFrom(FIREFOX_ON_ANDROID);
    const laptop = await loginFrom(CHROME_ON_WINDOWS);
    expect((await call('POST', '/auth/logout', { authorization: laptop })).status).toBe(200);
    expect(named((await devicesOf(phone)).json.sessions)).toEqual([['Firefox', 'Android', true]]);

    const tablet = await loginFrom(SAFARI_ON_IPHONE);
    const changed = await call<{ encodedToken: string }>('POST', '/users/edit', {
      authorization: tablet,
      headers: { 'user-agent': SAFARI_ON_IPHONE },
      body: { userData: { password: 'a-brand-new-pass', currentPassword: DEMO_CREDENTIALS.password } },
    });
    expect(changed.status).toBe(201);
    expect(named((await devicesOf(changed.json.encodedToken, SAFARI_ON_IPHONE)).json.sessions)).toEqual([['Safari', 'iOS', true]]);
  });

  it('names a device as it last said it is, and lists a token in use that no login recorded', async () => {
    const phone = await loginFrom(FIREFOX_ON_ANDROID);
    // Seen again from what names no known browser or system: named as it is now, by neither.
    expect(named((await devicesOf(phone, 'SomeApp/1.0')).json.sessions)).toEqual([['', '', true]]);

    // A token whose record was lost (issued before devices were kept, or kept by a store since
    // replaced) is a device as soon as it is seen.
    const unrecorded = await tokenFor('demo_user');
    expect(named((await devicesOf(unrecorded, CHROME_ON_WINDOWS)).json.sessions)).toEqual([['Chrome', 'Windows', true], ['', '', false]]);
  });
});
