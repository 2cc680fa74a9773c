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

export interface TokenClaims {
  _id: string;
  username: string;
  /** Expiry, in seconds since 1970, when the token carries one. */
  exp?: number;
}

/** base64url (JWT) to text; atob alone knows neither the URL alphabet nor missing padding, nor UTF-8. */
function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the member id (`sub`, or `_id`), username and expiry a token carries, without verifying it:
 * the backend does that on every authenticated call.
 */
export function readTokenClaims(token: string): TokenClaims | null {
  const payload = token.replace(/^Bearer\s+/i, '').split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (!claims || typeof claims !== 'object') return null;
    const { sub, _id, username, exp } = claims as Record<string, unknown>;
    const id = typeof sub === 'string' && sub !== '' ? sub : _id;
    if (typeof id !== 'string' || id === '' || typeof username !== 'string') return null;
    return typeof exp === 'number' ? { _id: id, username, exp } : { _id: id, username };
  } catch {
    return null;
  }
}

/** Whether the token says it has expired (a token without an expiry never does, by itself). */
export function isTokenExpired(claims: TokenClaims, now: Date = new Date()): boolean {
  return claims.exp !== undefined && claims.exp * 1000 <= now.getTime();
}
