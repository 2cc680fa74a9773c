/**
 * HS256 JSON Web Tokens over WebCrypto (crypto.subtle), for the browser and Node alike.
 *
 * NOT SECURE: the stand-in backend signs with a fixed development secret that ships in the bundle
 * (spec section 9: "token generated with a weak fixed secret, so not truly secure"). Anyone can mint
 * a valid token. A real server must use its own secret from its environment.
 */

/** NOT SECURE: a fixed, public development secret. Never reuse it outside the stand-in backend. */
export const DEV_TOKEN_SECRET = 'socialconnect-stand-in-dev-secret-NOT-SECURE';

/** Tokens last a week; a reload keeps the session meanwhile. */
export const DEFAULT_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  /** The member's id. */
  sub: string;
  username: string;
  /** Issued at, in seconds since the epoch. */
  iat: number;
  /** Expires at, in seconds since the epoch. */
  exp: number;
}

export interface TokenService {
  sign(member: { id: string; username: string }): Promise<string>;
  /** The claims of a well-formed, correctly signed, unexpired token; otherwise null. */
  verify(token: string): Promise<TokenClaims | null>;
}

export interface TokenServiceOptions {
  subtle: SubtleCrypto;
  secret?: string;
  ttlSeconds?: number;
  now?: () => Date;
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

function isClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return typeof claims.sub === 'string' && typeof claims.username === 'string'
    && typeof claims.iat === 'number' && typeof claims.exp === 'number';
}

export function createTokenService({ subtle, secret = DEV_TOKEN_SECRET, ttlSeconds = DEFAULT_TOKEN_TTL_SECONDS, now = () => new Date() }: TokenServiceOptions): TokenService {
  let key: Promise<CryptoKey> | undefined;
  const getKey = (): Promise<CryptoKey> => {
    key ??= subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return key;
  };

  return {
    async sign(member) {
      const iat = Math.floor(now().getTime() / 1000);
      const claims: TokenClaims = { sub: member.id, username: member.username, iat, exp: iat + ttlSeconds };
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
      if (!isClaims(claims)) return null;
      if (claims.exp <= Math.floor(now().getTime() / 1000)) return null;
      return claims;
    },
  };
}
