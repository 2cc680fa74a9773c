import { initialSessionState, type SessionState } from './sessionSlice';
import { isTokenExpired, readStoredToken, readTokenClaims, writeStoredToken } from './tokenStorage';

/**
 * A reload keeps the member logged in: the stored token names them until the backend says otherwise.
 * A token that cannot be read, or says it has expired, is forgotten: the member starts as a visitor.
 */
export function restoreSessionState(now: Date = new Date()): { session: SessionState } | undefined {
  const token = readStoredToken();
  if (!token) return undefined;
  const claims = readTokenClaims(token);
  if (!claims || isTokenExpired(claims, now)) {
    writeStoredToken(null);
    return undefined;
  }
  return { session: { ...initialSessionState, token, userId: claims._id, userLoggedIn: true } };
}
