/** The session token lives in localStorage under the spec's key. */
export const TOKEN_STORAGE_KEY = 'encodedToken';

export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeStoredToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, full quota): the session then lasts for this page only.
  }
}

/** Reads the member id and username a token carries, without verifying it (the backend does that). */
export function readTokenClaims(token: string): { _id: string; username: string } | null {
  const payload = token.replace(/^Bearer\s+/i, '').split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    if (claims && typeof claims === 'object' && '_id' in claims && 'username' in claims) {
      const { _id, username } = claims as { _id: unknown; username: unknown };
      if (typeof _id === 'string' && typeof username === 'string') return { _id, username };
    }
    return null;
  } catch {
    return null;
  }
}
