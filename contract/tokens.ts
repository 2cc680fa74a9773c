/**
 * Session tokens: JWT HS256 on jose, the same for both backends. Each signs and verifies with its
 * own key (the stand-in with a fixed development secret, the server with JWT_SECRET); the rules
 * decide what a verified token still stands for.
 */
import { jwtVerify, SignJWT } from 'jose';

/**
 * NOT SECURE: the stand-in's fixed signing secret (spec section 9: "a weak fixed secret"), public in
 * every build that ships the stand-in. The server never accepts it.
 */
export const STAND_IN_TOKEN_SECRET = 'socialconnect-stand-in-dev-secret-NOT-SECURE';

/** Tokens last a week; a reload keeps the session meanwhile. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  /** The member's id. */
  sub: string;
  username: string;
  /** Issued at and expires at, in seconds since the epoch. */
  iat: number;
  exp: number;
  /** This token's own id: logout ends exactly this token. */
  jti: string;
  /** The member's session version when it was issued: a password change raises it. */
  ver: number;
}

export interface TokenSubject {
  id: string;
  username: string;
  sessionVersion: number;
}

export interface TokenService {
  sign(member: TokenSubject): Promise<string>;
  /** A new token and the claims it carries, for a caller that records it (a device). */
  issue(member: TokenSubject): Promise<{ token: string; claims: TokenClaims }>;
  /** The claims of a well-formed, correctly signed, unexpired token; otherwise null. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** Whether a decoded payload has every claim a session token needs. */
export function isTokenClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return typeof claims.sub === 'string' && typeof claims.username === 'string'
    && typeof claims.iat === 'number' && typeof claims.exp === 'number'
    && typeof claims.jti === 'string' && claims.jti !== ''
    && typeof claims.ver === 'number' && Number.isInteger(claims.ver);
}

export interface TokenServiceOptions {
  secret: string;
  now?: () => Date;
  ttlSeconds?: number;
  /** Each token's own id (jti). */
  newId?: () => string;
}

/**
 * How many verified tokens a service keeps, the most recently used. A member's every call carries
 * the same token, and checking its signature again (WebCrypto's HMAC, with jose's parsing) was about
 * a fifth of a like's CPU on the server, twice that with rate limits on (they read the token too).
 */
export const VERIFIED_TOKENS_KEPT = 2_000;

/** The secret as an HMAC SHA-256 key, usable only to sign and verify. */
function importHmacKey(secret: string) {
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/**
 * Tokens signed with `secret`. Verifying accepts HS256 alone (never `none` or another algorithm)
 * and no clock tolerance: a token is refused from the second it expires.
 */
export function createTokenService({ secret, now = () => new Date(), ttlSeconds = TOKEN_TTL_SECONDS, newId = () => crypto.randomUUID() }: TokenServiceOptions): TokenService {
  // Imported once, when first needed: given the secret's bytes, jose imports a key on every call,
  // and every call a member makes verifies a token.
  let imported: ReturnType<typeof importHmacKey> | undefined;
  // Tokens already verified with this secret, their claims by the token's text, oldest first.
  const verified = new Map<string, TokenClaims>();
  const key = () => {
    imported ??= importHmacKey(secret);
    return imported;
  };
  const issue: TokenService['issue'] = async (member) => {
    const iat = Math.floor(now().getTime() / 1000);
    const claims: TokenClaims = { sub: member.id, username: member.username, iat, exp: iat + ttlSeconds, jti: newId(), ver: member.sessionVersion };
    const token = await new SignJWT({ username: claims.username, ver: claims.ver })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .setJti(claims.jti)
      .sign(await key());
    return { token, claims };
  };
  return {
    issue,
    async sign(member) {
      return (await issue(member)).token;
    },
    async verify(token) {
      const at = now();
      const known = verified.get(token);
      if (known) {
        verified.delete(token);
        // As jose decides: refused from the second it expires.
        if (known.exp <= Math.floor(at.getTime() / 1000)) return null;
        verified.set(token, known);
        return known;
      }
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, await key(), { algorithms: ['HS256'], currentDate: at, clockTolerance: 0 }));
      } catch {
        return null;
      }
      if (!isTokenClaims(payload)) return null;
      // The exact string whose signature was checked: the same string verifies the same way until it
      // expires (logouts and password changes are the rules' to check, against the store).
      const claims = Object.freeze({ ...payload });
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
      verified.set(token, claims);
      return claims;
    },
  };
}

/** The token of an authorization header: as the app stores it, or with the `Bearer ` scheme. */
export function readToken(header: string | undefined | null): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const bearer = /^Bearer\s+(.+)$/i.exec(value);
  const token = (bearer?.[1] ?? value).trim();
  return token === '' || /^Bearer$/i.test(token) ? undefined : token;
}
