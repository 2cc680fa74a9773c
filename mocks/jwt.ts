/**
 * HS256 JSON Web Tokens over WebCrypto (crypto.subtle), for the browser and Node alike.
 *
 * NOT SECURE: the stand-in backend signs with a fixed development secret that ships in the bundle
 * (spec section 9: "token generated with a weak fixed secret, so not truly secure"). Anyone can mint
 * a valid token. A real server must use its own secret from its environment.
 */

import { isTokenClaims, STAND_IN_TOKEN_SECRET, TOKEN_TTL_SECONDS, type TokenClaims, type TokenService } from '../contract/tokens';

/** NOT SECURE: a fixed, public development secret. Never reuse it outside the stand-in backend. */
export const DEV_TOKEN_SECRET = STAND_IN_TOKEN_SECRET;

export const DEFAULT_TOKEN_TTL_SECONDS = TOKEN_TTL_SECONDS;

export interface TokenServiceOptions {
  subtle: SubtleCrypto;
  secret?: string;
  ttlSeconds?: number;
  now?: () => Date;
  /** Each token's own id (jti). */
  newId: () => string;
}

const HEADER = { alg: 'HS256', typ: 'JWT' } as const;

function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function encodeJson(value: unknown): string {
  return bytesToBase64Url(new TextEncoder().encode(JSON.stringify(value)));
}

function decodeJson(text: string): unknown {
  const bytes = base64UrlToBytes(text);
  if (!bytes) return null;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return null;
  }
}

export function createTokenService({ subtle, secret = DEV_TOKEN_SECRET, ttlSeconds = DEFAULT_TOKEN_TTL_SECONDS, now = () => new Date(), newId }: TokenServiceOptions): TokenService {
  let key: Promise<CryptoKey> | undefined;
  const getKey = (): Promise<CryptoKey> => {
    key ??= subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return key;
  };

  return {
    async sign(member) {
      const iat = Math.floor(now().getTime() / 1000);
      const claims: TokenClaims = { sub: member.id, username: member.username, iat, exp: iat + ttlSeconds, jti: newId(), ver: member.sessionVersion };
      const unsigned = `${encodeJson(HEADER)}.${encodeJson(claims)}`;
      const signature = await subtle.sign('HMAC', await getKey(), new TextEncoder().encode(unsigned));
      return `${unsigned}.${bytesToBase64Url(new Uint8Array(signature))}`;
    },

    async verify(token) {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
      const header = decodeJson(headerPart);
      if (typeof header !== 'object' || header === null || (header as Record<string, unknown>).alg !== HEADER.alg) return null;
      const signature = base64UrlToBytes(signaturePart);
      if (!signature || signature.length === 0) return null;
      const valid = await subtle.verify('HMAC', await getKey(), signature, new TextEncoder().encode(`${headerPart}.${payloadPart}`));
      if (!valid) return null;
      const claims = decodeJson(payloadPart);
      if (!isTokenClaims(claims)) return null;
      if (claims.exp <= Math.floor(now().getTime() / 1000)) return null;
      return claims;
    },
  };
}
