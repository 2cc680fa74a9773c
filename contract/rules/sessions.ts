/**
 * A member's devices (the `accounts` extension): every token a login, a signup or a password change
 * gives is a device, recorded with what it said of itself (its User-Agent) and where it called from;
 * the member sees the list, logs out one other device at once, or every other one.
 *
 * A record is kept beside the network, not in its snapshot: a token still in use makes its record
 * again when it is next seen, from its own claims (when it was issued, when it expires). Seeing is
 * written at most every SESSION_SEEN_EVERY_MS a token in each process, outside any transaction and
 * with no event, so a member's every call does not write.
 */
import type { DeviceSession } from '../api';
import type { RuleContext } from '../context';
import { deviceOf } from '../devices';
import { refusal } from '../errors';
import { LIMITS } from '../limits';
import type { SessionRow, Store } from '../store';
import type { TokenClaims } from '../tokens';
import type { MemberRow } from '../store';
import type { Session } from './auth';

/** What a call says of the device it comes from: its User-Agent header and its address. */
export interface Client {
  userAgent?: string;
  address?: string;
}

/** How often a device's "last seen" is written, at most, for each token in each process. */
export const SESSION_SEEN_EVERY_MS = 5 * 60 * 1000;
/** How many tokens a process remembers having seen; past it, it starts again. */
const SEEN_KEPT = 10_000;

/** By store: each token's id, and when this process last wrote that it was seen. */
const seenByStore = new WeakMap<Store, Map<string, number>>();

function seenIn(store: Store): Map<string, number> {
  let seen = seenByStore.get(store);
  if (!seen) {
    seen = new Map();
    seenByStore.set(store, seen);
  }
  return seen;
}

function sessionRow(claims: TokenClaims, client: Client | undefined, at: Date): SessionRow {
  return {
    id: claims.jti,
    memberId: claims.sub,
    sessionVersion: claims.ver,
    userAgent: (client?.userAgent ?? '').slice(0, LIMITS.userAgentMax),
    address: (client?.address ?? '').slice(0, LIMITS.addressMax),
    createdAt: new Date(claims.iat * 1000).toISOString(),
    lastSeenAt: at.toISOString(),
    expiresAt: new Date(claims.exp * 1000).toISOString(),
  };
}

async function see(ctx: RuleContext, claims: TokenClaims, client: Client | undefined): Promise<void> {
  const at = ctx.now();
  await ctx.store.seeSession(sessionRow(claims, client, at));
  const seen = seenIn(ctx.store);
  if (seen.size >= SEEN_KEPT) seen.clear();
  seen.set(claims.jti, at.getTime());
}

/** A new token for the member, recorded as a device: what login, signup and a password change answer. */
export async function issueToken(ctx: RuleContext, member: MemberRow, client: Client | undefined): Promise<string> {
  const { token, claims } = await ctx.tokens.issue(member);
  await see(ctx, claims, client);
  return token;
}

/** Records that an accepted token was seen, unless this process wrote so lately. */
export async function noteSeen(ctx: RuleContext, claims: TokenClaims, client: Client | undefined): Promise<void> {
  const last = seenIn(ctx.store).get(claims.jti);
  if (last !== undefined && ctx.now().getTime() - last < SESSION_SEEN_EVERY_MS) return;
  await see(ctx, claims, client);
}

function present(row: SessionRow, currentId: string): DeviceSession {
  const { browser, system } = deviceOf(row.userAgent);
  return { id: row.id, browser, system, address: row.address, signedInAt: row.createdAt, lastSeenAt: row.lastSeenAt, current: row.id === currentId };
}

/** The member's devices as the list shows them: this one first, then the last seen first. */
function presentAll(rows: readonly SessionRow[], currentId: string): DeviceSession[] {
  return rows.map((row) => present(row, currentId)).sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt) || a.id.localeCompare(b.id));
}

/** The member's devices; this one is seen now, so it is always there, with where it calls from. */
export async function listSessions(ctx: RuleContext, session: Session, client: Client | undefined): Promise<DeviceSession[]> {
  await see(ctx, session.claims, client);
  const rows = await ctx.store.read((reader) => reader.sessionsOf(session.member.id, ctx.now().toISOString()));
  return presentAll(rows, session.claims.jti);
}

/**
 * Logs one other device of the member out: its token is refused from now, and its live stream ends.
 * This device is refused (logout is for it); another member's device is not found, as one not there.
 */
export async function endSession(ctx: RuleContext, session: Session, id: string): Promise<DeviceSession[]> {
  if (id === session.claims.jti) throw refusal('sessionIsCurrent');
  const memberId = session.member.id;
  const now = ctx.now().toISOString();
  const rows = await ctx.store.transaction(async (tx) => {
    const sessions = await tx.sessionsOf(memberId, now);
    const ended = sessions.find((row) => row.id === id);
    if (!ended) throw refusal('sessionNotFound');
    await tx.revokeToken(id, ended.expiresAt);
    await tx.endSessions(memberId, [id]);
    await tx.emit({ type: 'session-ended', memberId, reason: 'logout', jti: id });
    return sessions.filter((row) => row !== ended);
  });
  return presentAll(rows, session.claims.jti);
}

/**
 * Logs out every other device of the member, those whose records were lost among them: the member's
 * session version is raised, as a password change raises it, so every token issued before is refused;
 * this device carries on with a new token, recorded as signed in when it was.
 */
export async function endOtherSessions(ctx: RuleContext, session: Session, client: Client | undefined): Promise<{ token: string; sessions: DeviceSession[] }> {
  const memberId = session.member.id;
  const member = await ctx.store.transaction(async (tx) => {
    const current = await tx.memberById(memberId);
    if (!current) throw refusal('userNotRegistered');
    const sessionVersion = current.sessionVersion + 1;
    await tx.updateMember(memberId, { sessionVersion });
    await tx.endSessions(memberId);
    await tx.emit({ type: 'session-ended', memberId, reason: 'elsewhere', sessionVersion });
    return { ...current, sessionVersion };
  });
  const { token, claims } = await ctx.tokens.issue(member);
  // The new token stands for the same device: it keeps the time this one signed in.
  await see(ctx, { ...claims, iat: session.claims.iat }, client);
  const rows = await ctx.store.read((reader) => reader.sessionsOf(memberId, ctx.now().toISOString()));
  return { token, sessions: presentAll(rows, claims.jti) };
}
