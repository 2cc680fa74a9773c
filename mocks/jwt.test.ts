import { webcrypto } from 'node:crypto';
import { createTokenService, DEV_TOKEN_SECRET } from './jwt';

const subtle = webcrypto.subtle as SubtleCrypto;
let ids = 0;
const newId = (): string => `jti-${(ids += 1)}`;

describe('HS256 tokens', () => {
  it('signs a JWT carrying the member id and username, and verifies it', async () => {
    const tokens = createTokenService({ subtle, now: () => new Date('2025-06-01T00:00:00Z'), ttlSeconds: 60, newId });
    const token = await tokens.sign({ id: 'u-1', username: 'ünïcode_name', sessionVersion: 2 });
    const [header] = token.split('.');
    expect(JSON.parse(atob(header ?? ''))).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await tokens.verify(token)).toEqual({ sub: 'u-1', username: 'ünïcode_name', iat: 1748736000, exp: 1748736060, jti: expect.stringMatching(/^jti-/), ver: 2 });
  });

  it('is marked as not secure', () => {
    expect(DEV_TOKEN_SECRET).toMatch(/NOT-SECURE/);
  });

  it('refuses expired, re-signed, truncated and malformed tokens', async () => {
    let now = new Date('2025-06-01T00:00:00Z');
    const tokens = createTokenService({ subtle, now: () => now, ttlSeconds: 60, newId });
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
    expect(await tokens.verify(`${btoa('{"alg":"HS512"}')}.${payload}.${signature}`)).toBeNull();

    const unsignedClaims = btoa(JSON.stringify({ sub: 'u-1' })).replace(/=+$/, '');
    const signer = createTokenService({ subtle, now: () => now, newId });
    const raw = await signer.sign({ id: 'u-1', username: 'a', sessionVersion: 0 });
    // A correctly signed token whose claims are incomplete is still refused.
    const key = await subtle.importKey('raw', new TextEncoder().encode(DEV_TOKEN_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const head = raw.split('.')[0] ?? '';
    const sig = new Uint8Array(await subtle.sign('HMAC', key, new TextEncoder().encode(`${head}.${unsignedClaims}`)));
    const sigText = btoa(String.fromCharCode(...sig)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    expect(await signer.verify(`${head}.${unsignedClaims}.${sigText}`)).toBeNull();
  });
});
