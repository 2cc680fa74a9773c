import type { EventPayloads } from '../../../contract/events';
import { chosenRealServer } from '../../config/env';
import type { SessionEndReason } from './sessionSlice';

/** The session token lives in localStorage under the spec's key. */
export const TOKEN_STORAGE_KEY = 'encodedToken';

/**
 * Where this tab's token is kept: the spec's key, or, while a stand-in build is pointed at a real
 * server, a key of that server's own: each backend keeps its own session, and neither sees the other's token.
 */
export function tokenStorageKey(): string {
  const server = chosenRealServer();
  return server ? `${TOKEN_STORAGE_KEY}@${server}` : TOKEN_STORAGE_KEY;
}

export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(tokenStorageKey());
  } catch {
    return null;
  }
}

/**
 * Set while no one is logged in because the backend ended the session (rather than the member
 * logging out), so that the other tabs, told the token is gone, can say which it was: '1', or why
 * ('suspended').
 */
const ENDED_BY_BACKEND_KEY = 'socialconnect.sessionEndedByBackend';

/** Whether the stored token was last removed because the backend ended the session. */
export function readStoredEndedByBackend(): boolean {
  try {
    return window.localStorage.getItem(ENDED_BY_BACKEND_KEY) !== null;
  } catch {
    return false;
  }
}

/** Why the backend ended the session, when it said (see readStoredEndedByBackend). */
export function readStoredEndedBecause(): SessionEndReason | undefined {
  try {
    return window.localStorage.getItem(ENDED_BY_BACKEND_KEY) === 'suspended' ? 'suspended' : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the token, or forgets it; `endedByBackend` says the backend ended the session, and why when it said. */
export function writeStoredToken(token: string | null, { endedByBackend = false }: { endedByBackend?: boolean | SessionEndReason } = {}): void {
  try {
    // Before the token: the other tabs read it when they hear the token changed.
    if (endedByBackend) window.localStorage.setItem(ENDED_BY_BACKEND_KEY, endedByBackend === true ? '1' : endedByBackend);
    else window.localStorage.removeItem(ENDED_BY_BACKEND_KEY);
    if (token) window.localStorage.setItem(tokenStorageKey(), token);
    else window.localStorage.removeItem(tokenStorageKey());
  } catch {
    // Storage can be unavailable (private mode, full quota): the session then lasts for this page only.
  }
}

export interface TokenClaims {
  _id: string;
  username: string;
  /** Expiry, in seconds since 1970, when the token carries one. */
  exp?: number;
}

/**
 * The payload of a JWT in compact form (three base64url parts): a JSON object, or null for anything
 * else. Decoded here, in a few lines, rather than by a JWT library: /login carries every byte of it,
 * and nothing is verified on this side.
 */
function tokenPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  const encoded = parts[1];
  if (parts.length !== 3 || !encoded || !/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  try {
    const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const payload: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Reads the member id (`sub`, or `_id`), username and expiry a token carries, without verifying it:
 * the backend does that on every authenticated call.
 */
export function readTokenClaims(token: string): TokenClaims | null {
  const claims = tokenPayload(token.replace(/^Bearer\s+/i, ''));
  if (!claims) return null;
  const { sub, _id, username, exp } = claims;
  const id = typeof sub === 'string' && sub !== '' ? sub : _id;
  if (typeof id !== 'string' || id === '' || typeof username !== 'string') return null;
  return typeof exp === 'number' ? { _id: id, username, exp } : { _id: id, username };
}

/** Whether the token says it has expired (a token without an expiry never does, by itself). */
export function isTokenExpired(claims: TokenClaims, now: Date = new Date()): boolean {
  return claims.exp !== undefined && claims.exp * 1000 <= now.getTime();
}

/**
 * Whether an ended session (the live stream's `session-ended`) is the one this token stands for: the
 * token a logout ended, or any token issued before a password change.
 */
export function isSessionEndedFor(token: string, ended: EventPayloads['session-ended']): boolean {
  const claims = tokenPayload(token.replace(/^Bearer\s+/i, ''));
  if (!claims) return false;
  if (readTokenClaims(token)?._id !== ended.memberId) return false;
  return ended.reason === 'logout' ? claims.jti === ended.jti : typeof claims.ver === 'number' && claims.ver < ended.sessionVersion;
}
