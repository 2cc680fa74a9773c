import { base64url, SignJWT } from 'jose';
import { createTokenService, STAND_IN_TOKEN_SECRET, VERIFIED_TOKENS_KEPT } from './tokens';

let ids = 0;
const newId = (): string => `jti-${(ids += 1)}`;
const secret = STAND_IN_TOKEN_SECRET;

describe('HS256 tokens', () => {
  it('signs a JWT carrying the member id and username, and verifies it', async () => {
    const tokens = createTokenService({ secret, now: () => new Date('2025-06-01T00:00:00Z'), ttlSeconds: 60, newId });
    const token = await tokens.sign({ id: 'u-1', username: 'ünïcode_name', sessionVersion: 2 });
    const [header] = token.split('.');
    expect(JSON.parse(atob(header ?? ''))).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await tokens.verify(token)).toEqual({ sub: 'u-1', username: 'ünïcode_name', iat: 1748736000, exp: 1748736060, jti: expect.stringMatching(/^jti-/), ver: 2 });
  });

  it('issues a token with the very claims that verifying it gives', async () => {
    const tokens = createTokenService({ secret, now: () => new Date('2025-06-01T00:00:00Z'), ttlSeconds: 60, newId });
    const { token, claims } = await tokens.issue({ id: 'u-2', username: 'mia', sessionVersion: 4 });
    expect(claims).toEqual({ sub: 'u-2', username: 'mia', iat: 1748736000, exp: 1748736060, jti: expect.stringMatching(/^jti-/), ver: 4 });
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it("marks the stand-in's secret as not secure", () => {
    expect(STAND_IN_TOKEN_SECRET).toMatch(/NOT-SECURE/);
  });

  it('refuses expired, re-signed, truncated and malformed tokens', async () => {
    let now = new Date('2025-06-01T00:00:00Z');
    const tokens = createTokenService({ secret, now: () => now, ttlSeconds: 60, newId });
    const token = await tokens.sign({ id: 'u-1', username: 'a', sessionVersion: 0 });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    now = new Date('2025-06-01T00:01:00Z');
    expect(await tokens.verify(token)).toBeNull();
    now = new Date('2025-06-01T00:00:30Z');
    expect(await tokens.verify(token)).not.toBeNull();
    expect(await tokens.verify(`${header}.${payload}`)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}.`)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}.${signature.slice(0, -2)}`)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}.!!!`)).toBeNull();
    expect(await tokens.verify(`%%.${payload}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${base64url.encode('{"alg":"HS512"}')}.${payload}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${base64url.encode('{"alg":"none"}')}.${payload}.`)).toBeNull();
    const elsewhere = createTokenService({ secret: 'another-secret-of-another-backend', now: () => now, newId });
    expect(await elsewhere.verify(token)).toBeNull();
  });

  it('refuses a correctly signed token whose claims are incomplete', async () => {
    const tokens = createTokenService({ secret, newId });
    const signed = (claims: Record<string, unknown>): Promise<string> => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
    const iat = Math.floor(Date.now() / 1000);
    const claims = { sub: 'u-1', username: 'a', iat, exp: iat + 60, jti: 'jti-own', ver: 0 };
    expect(await tokens.verify(await signed(claims))).toEqual(claims);
    for (const name of Object.keys(claims)) {
      const { [name as keyof typeof claims]: _left, ...incomplete } = claims;
      expect({ without: name, claims: await tokens.verify(await signed(incomplete)) }).toEqual({ without: name, claims: null });
    }
  });

  it('checks a signature once a token: the same token again is answered from what was verified, until it expires', async () => {
    let now = new Date('2025-06-01T00:00:00Z');
    const tokens = createTokenService({ secret, now: () => now, ttlSeconds: 60, newId });
    const token = await tokens.sign({ id: 'u-1', username: 'a', sessionVersion: 0 });
    const checks = jest.spyOn(crypto.subtle, 'verify');
    try {
      const first = await tokens.verify(token);
      expect(first).toMatchObject({ sub: 'u-1', exp: 1748736060 });
      expect(await tokens.verify(token)).toEqual(first);
      expect(checks).toHaveBeenCalledTimes(1);
      // A token that differs in one character is checked, and refused.
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const forged = `${header}.${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      expect(await tokens.verify(forged)).toBeNull();
      expect(checks).toHaveBeenCalledTimes(2);
      now = new Date('2025-06-01T00:01:00Z');
      expect(await tokens.verify(token)).toBeNull();
      now = new Date('2025-06-01T00:00:30Z');
      expect(await tokens.verify(token)).toEqual(first);
    } finally {
      checks.mockRestore();
    }
  });

  it(`keeps the ${VERIFIED_TOKENS_KEPT.toLocaleString('en')} tokens used last: an older one is checked again`, async () => {
    const tokens = createTokenService({ secret, newId });
    const signed = await Promise.all(Array.from({ length: VERIFIED_TOKENS_KEPT + 1 }, (_, n) => tokens.sign({ id: `u-${n}`, username: `m${n}`, sessionVersion: 0 })));
    for (const token of signed) await tokens.verify(token);
    const checks = jest.spyOn(crypto.subtle, 'verify');
    try {
      expect(await tokens.verify(signed[VERIFIED_TOKENS_KEPT]!)).toMatchObject({ sub: `u-${VERIFIED_TOKENS_KEPT}` });
      expect(checks).toHaveBeenCalledTimes(0);
      expect(await tokens.verify(signed[0]!)).toMatchObject({ sub: 'u-0' });
      expect(checks).toHaveBeenCalledTimes(1);
    } finally {
      checks.mockRestore();
    }
  });
});
