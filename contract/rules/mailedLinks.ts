/**
 * Links mailed to a member (the `accounts` extension): a password reset, an address's confirmation.
 * Each carries a random token (256 bits, base64url) that only the mail holds: the store keeps its
 * SHA-256; the link opens an app page with the token in the fragment, which no server is sent and no
 * log keeps. A member is sent at most a number of each kind an hour.
 */

const TOKEN_BYTES = 32;
/** Longer than any token made here: a typed or pasted one past it is refused unread. */
const TOKEN_MAX = 200;

/** A new link token: random bytes, base64url, so it travels in a URL as it is. */
export function newLinkToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TOKEN_BYTES));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** What is kept of a token: its SHA-256, in hex. */
export async function linkTokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The hash of a token a call sent, or undefined when it cannot be one. */
export async function sentTokenHash(token: unknown): Promise<string | undefined> {
  if (typeof token !== 'string' || token === '' || token.length > TOKEN_MAX) return undefined;
  return linkTokenHash(token);
}

/** Where a mailed link opens: an app page (`/reset-password`), the token in the fragment. */
export function mailedLink(appOrigin: string, page: `/${string}`, token: string): string {
  return `${appOrigin}${page}#token=${token}`;
}

/** A new link made at `now`, lasting `minutes`: its token, to mail, and what a row keeps of it. */
export async function newMailedLink(now: Date, minutes: number): Promise<{ token: string; tokenHash: string; createdAt: string; expiresAt: string }> {
  const token = newLinkToken();
  return { token, tokenHash: await linkTokenHash(token), createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + minutes * 60 * 1000).toISOString() };
}

/** The start of the hour a link's per-hour limit counts back over, from when it is made. */
export function hourBefore(at: string | Date): string {
  return new Date(new Date(at).getTime() - 60 * 60 * 1000).toISOString();
}

/** The name a mail greets the member by. */
export function greetingName(member: { firstName: string; lastName: string; username: string }): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.username;
}
