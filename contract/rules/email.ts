/**
 * A member's email address (the `accounts` extension): given at signup or from their account, and
 * confirmed by a link mailed to it (contract/rules/mailedLinks.ts), for the address it was sent to, working once within
 * LIMITS.emailConfirmHours, at most LIMITS.emailConfirmationsPerHour an hour. A changed address is
 * not confirmed until its own link is opened.
 */
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import { LIMITS } from '../limits';
import { emailConfirmMail } from '../mail';
import type { EmailConfirmationRow, MemberRow, StoreTx } from '../store';
import { validateEmail } from '../validation';
import { greetingName, hourBefore, mailedLink, newMailedLink, sentTokenHash } from './mailedLinks';

export interface AccountEmail {
  email: string;
  emailConfirmed: boolean;
}

/** A new confirmation link for `email`: its token, to mail, and its row, to keep in a transaction. */
export async function newConfirmation(ctx: RuleContext, memberId: string, email: string): Promise<{ token: string; row: EmailConfirmationRow }> {
  const { token, ...link } = await newMailedLink(ctx.now(), LIMITS.emailConfirmHours * 60);
  return { token, row: { ...link, memberId, email } };
}

/** Mails the link to the member's address; not waited for (a mailer reports its own failures). */
export function mailConfirmation(ctx: RuleContext, member: MemberRow, token: string): void {
  void ctx.mail.send(emailConfirmMail({ to: member.email, name: greetingName(member), username: member.username, link: mailedLink(ctx.appOrigin, '/confirm-email', token) }));
}

/** Keeps a confirmation link in `tx` unless the member was sent too many this hour; whether it was kept. */
async function keptUnderLimit(tx: StoreTx, row: EmailConfirmationRow): Promise<boolean> {
  if ((await tx.emailConfirmationsSince(row.memberId, hourBefore(row.createdAt))) >= LIMITS.emailConfirmationsPerHour) return false;
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
  const tokenHash = await sentTokenHash(token);
  if (tokenHash === undefined) throw refusal('confirmLinkInvalid');
  const now = ctx.now().toISOString();
  await ctx.store.transaction(async (tx) => {
    const link = await tx.emailConfirmation(tokenHash, now);
    const member = link && await tx.memberById(link.memberId);
    if (!link || !member || member.email.toLowerCase() !== link.email.toLowerCase()) throw refusal('confirmLinkInvalid');
    await tx.updateMember(member.id, { emailConfirmed: true, updatedAt: now });
    await tx.dropEmailConfirmations(member.id, now);
  });
}
