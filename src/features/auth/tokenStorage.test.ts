import { isTokenExpired, readStoredToken, readTokenClaims, TOKEN_STORAGE_KEY, writeStoredToken } from './tokenStorage';
import { restoreSessionState } from './restoreSession';
import { tokenFor } from '../../../mocks/testing/node';
import { DEMO_USER_ID } from '../../../contract/seed/default';

/** A token with the given claims and no real signature (the app never checks signatures). */
function unsignedToken(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

describe('token storage', () => {
  it('keeps the token under encodedToken and forgets it', () => {
    writeStoredToken('abc');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('abc');
    expect(readStoredToken()).toBe('abc');
    writeStoredToken(null);
    expect(readStoredToken()).toBeNull();
  });

  it('reads who a real token names', async () => {
    const claims = readTokenClaims(await tokenFor('demo_user'));
    expect(claims).toMatchObject({ _id: DEMO_USER_ID, username: 'demo_user' });
    expect(typeof claims?.exp).toBe('number');
  });

  it('reads tokens with _id, a Bearer prefix, and non-ASCII names', () => {
    expect(readTokenClaims(`Bearer ${unsignedToken({ _id: 'u-1', username: 'zoë' })}`)).toEqual({ _id: 'u-1', username: 'zoë' });
  });

  it('refuses what is not a token', () => {
    expect(readTokenClaims('garbage')).toBeNull();
    expect(readTokenClaims('a.%%%.c')).toBeNull();
    expect(readTokenClaims(`${unsignedToken({ _id: 'u-1', username: 'x' })}.d.e`)).toBeNull();
    expect(readTokenClaims(`x.${Buffer.from('[1,2]').toString('base64url')}.y`)).toBeNull();
    expect(readTokenClaims(unsignedToken({ username: 'x' }))).toBeNull();
    expect(readTokenClaims(unsignedToken({ sub: 'u-1' }))).toBeNull();
    expect(readTokenClaims(`x.${Buffer.from('"just a string"').toString('base64url')}.y`)).toBeNull();
  });

  it('knows when a token has expired', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const seconds = now.getTime() / 1000;
    expect(isTokenExpired({ _id: 'u', username: 'u', exp: seconds - 1 }, now)).toBe(true);
    expect(isTokenExpired({ _id: 'u', username: 'u', exp: seconds + 60 }, now)).toBe(false);
    expect(isTokenExpired({ _id: 'u', username: 'u' }, now)).toBe(false);
  });
});

describe('restoreSessionState', () => {
  it('starts logged in from a stored token', async () => {
    const token = await tokenFor('demo_user');
    writeStoredToken(token);
    expect(restoreSessionState()).toEqual({ session: { token, userId: DEMO_USER_ID, endedBySystem: false } });
  });

  it('starts as a visitor without a token', () => {
    expect(restoreSessionState()).toBeUndefined();
  });

  it('forgets an unreadable or expired token', () => {
    writeStoredToken('garbage');
    expect(restoreSessionState()).toBeUndefined();
    expect(readStoredToken()).toBeNull();

    writeStoredToken(unsignedToken({ sub: 'u-1', username: 'x', exp: 1 }));
    // An expired token: a visitor again, told on the login screen that the session has ended.
    expect(restoreSessionState(new Date('2026-01-01T00:00:00Z'))).toEqual({
      session: { token: null, userId: null, endedBySystem: true },
    });
    expect(readStoredToken()).toBeNull();
  });
});
