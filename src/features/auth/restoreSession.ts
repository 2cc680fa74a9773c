import { initialSessionState, type SessionState } from './sessionSlice';
import { readStoredToken, readTokenClaims } from './tokenStorage';

/** A reload keeps the member logged in: the stored token names them until the backend says otherwise. */
export function restoreSessionState(): { session: SessionState } | undefined {
  const token = readStoredToken();
  if (!token) return undefined;
  const claims = readTokenClaims(token);
  if (!claims) return undefined;
  return { session: { ...initialSessionState, token, userId: claims._id, userLoggedIn: true } };
}
