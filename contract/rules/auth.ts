/** Signup, login, logout and who a token stands for. */
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import { errorCode } from '../messages';
import type { MemberRow } from '../store';
import { readToken, type TokenClaims } from '../tokens';
import type { Static } from '@sinclair/typebox';
import type { LoginRequest } from '../api';
import type { SignupRequest } from '../schemas';
import { validateEmail, validateName, validatePassword, validateUsername } from '../validation';
import { mailConfirmation, newConfirmation } from './email';
import { checkRulesAccepted } from './moderation';
import { purgeDueAccounts } from './leaving';
import { checkSecondFactor } from './twoFactor';

/** The member a call acts for, and the token it came with. */
export interface Session {
  member: MemberRow;
  claims: TokenClaims;
}

/**
 * Registers a member from `{ firstName, lastName, username, password }`, and `email` when sent (the
 * `accounts` extension; the spec's form has it); other fields are ignored, and a field that is not
 * text is refused with its own message. While the network has rules (`moderation`), `acceptedRules`
 * must be true. Usernames and email addresses are unique ignoring case.
 */
export async function signup(ctx: RuleContext, body: Static<typeof SignupRequest>): Promise<MemberRow> {
  const firstName = validateName(typeof body.firstName === 'string' ? body.firstName : '', 'firstNameInvalid');
  const lastName = validateName(typeof body.lastName === 'string' ? body.lastName : '', 'lastNameInvalid');
  const username = validateUsername(typeof body.username === 'string' ? body.username : '');
  const password = validatePassword(typeof body.password === 'string' ? body.password : '');
  // The spec's form asks for an email address and never sends it; `accounts` keeps one when it comes.
  const email = body.email === undefined || body.email === '' ? '' : validateEmail(typeof body.email === 'string' ? body.email : '');
  // Hashing takes a moment on a server: done before the transaction, which stays short.
  const passwordHash = await ctx.passwords.hash(password);
  const joinedAt = ctx.now().toISOString();
  const id = ctx.newId();
  const confirmation = email === '' ? undefined : await newConfirmation(ctx, id, email);
  const joined = await ctx.store.transaction(async (tx) => {
    // While the network has rules (`moderation`), a newcomer agrees to them to join.
    await checkRulesAccepted(tx, body.acceptedRules);
    if (await tx.memberByUsername(username)) throw refusal('usernameExists');
    if (email !== '' && (await tx.memberByEmail(email))) throw refusal('emailTaken');
    const member: MemberRow = {
      id, username, firstName, lastName, passwordHash,
      image: '', userBio: '', userPortfolioUrl: '', language: '', email, emailConfirmed: false,
      quotePolicy: 'anyone', role: 'member', sessionVersion: 0, createdAt: joinedAt, updatedAt: joinedAt,
    };
    await tx.insertMember(member);
    await tx.emit({ type: 'member-joined', memberId: member.id });
    // The address's link, kept with the member it confirms.
    if (confirmation) await tx.addEmailConfirmation(confirmation.row);
    return member;
  });
  if (confirmation) mailConfirmation(ctx, joined, confirmation.token);
  return joined;
}

/**
 * The member a username names, unless their account's grace period is over (`accounts`): then it is
 * gone, whether or not a purge came by yet, and goes now.
 */
async function memberStillThere(ctx: RuleContext, username: string): Promise<MemberRow | undefined> {
  const { member, deletion } = await ctx.store.read(async (reader) => {
    const found = await reader.memberByUsername(username);
    return { member: found, deletion: found && (await reader.accountDeletionOf(found.id)) };
  });
  if (!deletion || deletion.purgeAt > ctx.now().toISOString()) return member;
  await purgeDueAccounts(ctx);
  return undefined;
}

/** The member matching `{ username, password }`: 404 for an unknown username, 401 for a wrong password. */
export async function login(ctx: RuleContext, { username: typed, password, code }: LoginRequest): Promise<MemberRow> {
  const username = typed.trim();
  const member = await memberStillThere(ctx, username);
  if (!member) throw refusal('userNotRegistered');
  if (!(await ctx.passwords.verify(member.passwordHash, password))) throw refusal('invalidCredentials');
  // Told only once the password is right: a suspended account (`moderation`) does not log in.
  if ((await ctx.store.read((reader) => reader.standingOf(member.id))) === 'suspended') throw refusal('accountSuspended');
  // Asked only once the password is right, so a code tells nothing to one who does not know it.
  await checkSecondFactor(ctx, member, code);
  return member;
}

/** The claims of the header's token when it is well formed, signed with our key and unexpired; else 401. */
export async function verifiedClaims(ctx: RuleContext, authorization: string | undefined): Promise<TokenClaims> {
  const token = readToken(authorization);
  const claims = token ? await ctx.tokens.verify(token) : null;
  if (!claims) throw refusal('tokenInvalid');
  return claims;
}

/** The codes a token's session is refused with once its signature is verified (see `authenticate`). */
export const SESSION_REFUSALS: ReadonlySet<string> = new Set([errorCode('tokenInvalid'), errorCode('userNotRegistered')]);

/**
 * The session an authorization header stands for. 401 for a missing, forged, expired or ended token
 * and for one issued before the member's last password change; 404 when its member is gone.
 */
export async function authenticate(ctx: RuleContext, authorization: string | undefined): Promise<Session> {
  const claims = await verifiedClaims(ctx, authorization);
  return ctx.store.read(async (reader) => {
    const { revoked, member } = await reader.tokenHolder(claims.jti, claims.sub);
    if (revoked) throw refusal('tokenInvalid');
    if (!member || member.username.toLowerCase() !== claims.username.toLowerCase()) throw refusal('userNotRegistered');
    if (member.sessionVersion !== claims.ver) throw refusal('tokenInvalid');
    return { member, claims };
    // On the primary: a replica's copy could still hold a token that was just ended.
  }, { latest: true });
}

/** Ends this session's token at once; the member's other devices stay logged in. */
export async function logout(ctx: RuleContext, session: Session): Promise<void> {
  const expiresAt = new Date(session.claims.exp * 1000).toISOString();
  await ctx.store.transaction(async (tx) => {
    await tx.revokeToken(session.claims.jti, expiresAt);
    await tx.endSessions(session.member.id, [session.claims.jti]);
    await tx.emit({ type: 'session-ended', memberId: session.member.id, reason: 'logout', jti: session.claims.jti });
  });
}
