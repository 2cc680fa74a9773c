import { initialSessionState, type SessionState } from './sessionSlice';
import { isTokenExpired, readStoredToken, readTokenClaims, writeStoredToken } from './tokenStorage';

/** A session with its token and member: what a readable token stands for. */
export type TokenSession = SessionState & { token: string; userId: string };

/** The session a token stands for, or null when it cannot be read or says it has expired. */
export function sessionFromToken(token: string, now: Date = new Date()): TokenSession | null {
  const claims = readTokenClaims(token);
  if (!claims || isTokenExpired(claims, now)) return null;
  return { ...initialSessionState, token, userId: claims._id };
}

/**
 * A reload keeps the member logged in: the stored token names them until the backend says otherwise.
 * A token that cannot be read is forgotten: the member starts as a visitor. One that has expired is
 * forgotten too, and the login screen says the session has ended.
 */
export function restoreSessionState(now: Date = new Date()): { session: SessionState } | undefined {
  const token = readStoredToken();
  if (!token) return undefined;
  const session = sessionFromToken(token, now);
  if (session) return { session };
  writeStoredToken(null);
  const claims = readTokenClaims(token);
  return claims ? { session: { ...initialSessionState, endedBySystem: true } } : undefined;
}
