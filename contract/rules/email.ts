/**
 * A member's email address (the `accounts` extension): given at signup or from their account, and
 * confirmed by a link mailed to it, as the reset links are made (contract/rules/passwordReset.ts): a
 * random token kept as its SHA-256, for the address it was sent to, working once within
 * LIMITS.emailConfirmHours, at most LIMITS.emailConfirmationsPerHour an hour. A changed address is
 * not confirmed until its own link is opened.
 */
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import { LIMITS } from '../limits';
import { emailConfirmMail } from '../mail';
import type { EmailConfirmationRow, MemberRow, StoreTx } from '../store';
import { validateEmail } from '../validation';
import { newLinkToken, resetTokenHash } from './passwordReset';

export interface AccountEmail {
  email: string;
  emailConfirmed: boolean;
}

/** Where a confirmation link opens: the app's page, the token in the fragment. */
export function confirmLink(appOrigin: string, token: string): string {
  return `${appOrigin}/confirm-email#token=${token}`;
}

/** A new confirmation link for `email`: its token, to mail, and its row, to keep in a transaction. */
export async function newConfirmation(ctx: RuleContext, memberId: string, email: string): Promise<{ token: string; row: EmailConfirmationRow }> {
  const now = ctx.now();
  const token = newLinkToken();
  const expiresAt = new Date(now.getTime() + LIMITS.emailConfirmHours * 60 * 60 * 1000).toISOString();
  return { token, row: { tokenHash: await resetTokenHash(token), memberId, email, createdAt: now.toISOString(), expiresAt } };
}

/** Mails the link to the member's address; not waited for (a mailer reports its own failures). */
export function mailConfirmation(ctx: RuleContext, member: MemberRow, token: string): void {
  const name = `${member.firstName} ${member.lastName}`.trim() || member.username;
  void ctx.mail.send(emailConfirmMail({ to: member.email, name, username: member.username, link: confirmLink(ctx.appOrigin, token) }));
}

/** Keeps a confirmation link in `tx` unless the member was sent too many this hour; whether it was kept. */
async function keptUnderLimit(tx: StoreTx, row: EmailConfirmationRow): Promise<boolean> {
  const since = new Date(Date.parse(row.createdAt) - 60 * 60 * 1000).toISOString();
  if ((await tx.emailConfirmationsSince(row.memberId, since)) >= LIMITS.emailConfirmationsPerHour) return false;
  await tx.addEmailConfirmation(row);
  return true;
}

/**
 * Sets the member's address (the same one again sends its link again, while it is not confirmed).
 * Refused when it is not an address, or another account has it.
 */
export async function setEmail(ctx: RuleContext, member: MemberRow, typed: unknown): Promise<AccountEmail> {
  const email = validateEmail(typeof typed === 'string' ? typed : '');
  const now = ctx.now().toISOString();
  const link = await newConfirmation(ctx, member.id, email);
  const after = await ctx.store.transaction(async (tx) => {
    const current = await tx.memberById(member.id);
    if (!current) throw refusal('userNotRegistered');
    if (current.email.toLowerCase() === email.toLowerCase() && current.emailConfirmed) return { member: current, send: false };
    const holder = await tx.memberByEmail(email);
    if (holder && holder.id !== current.id) throw refusal('emailTaken');
    const changes = { email, emailConfirmed: false, updatedAt: now };
    await tx.updateMember(current.id, changes);
    // Links sent to the address before it no longer confirm anything.
    if (current.email.toLowerCase() !== email.toLowerCase()) await tx.dropEmailConfirmations(current.id, now);
    return { member: { ...current, ...changes }, send: await keptUnderLimit(tx, link.row) };
  });
  if (after.send) mailConfirmation(ctx, after.member, link.token);
  return { email: after.member.email, emailConfirmed: after.member.emailConfirmed };
}

/** Confirms the address a link was sent to, if it is still the member's. */
export async function confirmEmail(ctx: RuleContext, token: unknown): Promise<void> {
  if (typeof token !== 'string' || token === '' || token.length > 200) throw refusal('confirmLinkInvalid');
  const tokenHash = await resetTokenHash(token);
  const now = ctx.now().toISOString();
  await ctx.store.transaction(async (tx) => {
    const link = await tx.emailConfirmation(tokenHash, now);
    const member = link && await tx.memberById(link.memberId);
    if (!link || !member || member.email.toLowerCase() !== link.email.toLowerCase()) throw refusal('confirmLinkInvalid');
    await tx.updateMember(member.id, { emailConfirmed: true, updatedAt: now });
    await tx.dropEmailConfirmations(member.id, now);
  });
}
