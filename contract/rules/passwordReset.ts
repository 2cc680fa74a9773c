/**
 * A forgotten password (the `accounts` extension): a member asks by their email address or username;
 * if the account has an address, a link that sets a new password goes there. The answer is the same
 * whether or not an account matched, so nobody learns who has an account or which address it uses.
 * The link (contract/rules/mailedLinks.ts) works once, within
 * LIMITS.passwordResetMinutes; a member is sent at most LIMITS.passwordResetsPerHour an hour.
 * Setting the new password ends every session of the member's, as a password change does.
 */
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import { LIMITS } from '../limits';
import { passwordResetMail } from '../mail';
import { validatePassword } from '../validation';
import { greetingName, hourBefore, mailedLink, newMailedLink, sentTokenHash } from './mailedLinks';


/**
 * Sends a reset link to the account that `login` names (its email address, or its username), if it
 * has an address and was not sent too many lately. Refused only when nothing is typed.
 */
export async function askPasswordReset(ctx: RuleContext, login: unknown): Promise<void> {
  const typed = typeof login === 'string' ? login.trim() : '';
  if (typed === '') throw refusal('resetLoginMissing');
  if (typed.length > LIMITS.emailMax) return;
  const found = await ctx.store.read((reader) => (typed.includes('@') ? reader.memberByEmail(typed) : reader.memberByUsername(typed)));
  if (!found || found.email === '') return;
  const { token, ...link } = await newMailedLink(ctx.now(), LIMITS.passwordResetMinutes);
  const kept = await ctx.store.transaction(async (tx) => {
    if ((await tx.passwordResetsSince(found.id, hourBefore(link.createdAt))) >= LIMITS.passwordResetsPerHour) return false;
    await tx.addPasswordReset({ ...link, memberId: found.id });
    return true;
  });
  if (!kept) return;
  // Not waited for: a slow mail server would tell a caller that an account matched. A mailer
  // reports its own failures.
  void ctx.mail.send(passwordResetMail({ to: found.email, name: greetingName(found), username: found.username, link: mailedLink(ctx.appOrigin, '/reset-password', token) }));
}

/**
 * Sets a new password with a reset link's token: refused when the password is not one, and when the
 * link is unknown, used or expired. Every device of the member's is logged out, and every other link
 * of theirs stops working.
 */
export async function resetPassword(ctx: RuleContext, body: { token?: unknown; password?: unknown }): Promise<void> {
  const password = validatePassword(typeof body.password === 'string' ? body.password : '');
  const tokenHash = await sentTokenHash(body.token);
  if (tokenHash === undefined) throw refusal('resetLinkInvalid');
  // Checked before the password is hashed (a moment's work on a server), and again in the transaction.
  if (!(await ctx.store.read((reader) => reader.passwordReset(tokenHash, ctx.now().toISOString())))) throw refusal('resetLinkInvalid');
  const passwordHash = await ctx.passwords.hash(password);
  const now = ctx.now().toISOString();
  await ctx.store.transaction(async (tx) => {
    const reset = await tx.passwordReset(tokenHash, now);
    const member = reset && await tx.memberById(reset.memberId);
    if (!member) throw refusal('resetLinkInvalid');
    const sessionVersion = member.sessionVersion + 1;
    // The link reached the member at their address: it is theirs.
    await tx.updateMember(member.id, { passwordHash, sessionVersion, updatedAt: now, ...(member.email !== '' ? { emailConfirmed: true } : {}) });
    await tx.dropPasswordResets(member.id, now);
    await tx.endSessions(member.id);
    await tx.emit({ type: 'session-ended', memberId: member.id, reason: 'password', sessionVersion });
  });
}
