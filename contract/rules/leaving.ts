/**
 * Leaving (the `accounts` extension): a member deletes their account. It is hidden at once (every
 * device logged out, and to everyone else the member is as if they did not exist) and kept for the
 * backend's grace period, in which logging in and keeping it brings everything back; after it, the
 * member and all they made go for good (StoreTx.deleteMember).
 */
import type { AccountDeletion } from '../api';
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import { LIMITS } from '../limits';
import type { AccountDeletionRow, MemberRow } from '../store';
import { checkSecondFactor } from './twoFactor';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The backend's grace period, in days. */
export function graceDaysOf(ctx: RuleContext): number {
  return ctx.deletionGraceDays ?? LIMITS.deletionGraceDays;
}

function answerOf(ctx: RuleContext, row: AccountDeletionRow | undefined): AccountDeletion {
  return { scheduled: row !== undefined, purgeAt: row?.purgeAt ?? null, graceDays: graceDaysOf(ctx) };
}

/** Whether the member's account is set to be deleted, and when it goes. */
export async function accountDeletion(ctx: RuleContext, member: MemberRow): Promise<AccountDeletion> {
  return answerOf(ctx, await ctx.store.read((reader) => reader.accountDeletionOf(member.id)));
}

/**
 * Sets the member's account to be deleted, once the password (and with two-factor sign-in on, a
 * code) shows it is theirs: every device is logged out, and every stream is told they left.
 */
export async function deleteAccount(ctx: RuleContext, member: MemberRow, body: { password?: unknown; code?: unknown }): Promise<AccountDeletion> {
  const password = typeof body.password === 'string' ? body.password : '';
  if (password === '' || !(await ctx.passwords.verify(member.passwordHash, password))) throw refusal('invalidCredentials');
  if (await ctx.store.read((reader) => reader.accountDeletionOf(member.id))) throw refusal('deletionAlreadyScheduled');
  await checkSecondFactor(ctx, member, body.code);
  const now = ctx.now();
  const row: AccountDeletionRow = { memberId: member.id, requestedAt: now.toISOString(), purgeAt: new Date(now.getTime() + graceDaysOf(ctx) * DAY_MS).toISOString() };
  return ctx.store.transaction(async (tx) => {
    const current = await tx.memberById(member.id);
    if (!current) throw refusal('userNotRegistered');
    if (await tx.accountDeletionOf(member.id)) throw refusal('deletionAlreadyScheduled');
    await tx.scheduleAccountDeletion(row);
    const sessionVersion = current.sessionVersion + 1;
    await tx.updateMember(member.id, { sessionVersion, updatedAt: row.requestedAt });
    await tx.endSessions(member.id);
    await tx.emit({ type: 'session-ended', memberId: member.id, reason: 'leaving', sessionVersion });
    await tx.emit({ type: 'member-left', memberId: member.id });
    return answerOf(ctx, row);
  });
}

/** Keeps the account after all: the member shows again to everyone (each sees it at their next load). */
export async function keepAccount(ctx: RuleContext, member: MemberRow): Promise<AccountDeletion> {
  return ctx.store.transaction(async (tx) => {
    if (!(await tx.cancelAccountDeletion(member.id))) throw refusal('deletionNotScheduled');
    await tx.emit({ type: 'member-updated', memberId: member.id });
    return answerOf(ctx, undefined);
  });
}

/**
 * Deletes for good every account whose grace period is over by now, one transaction each, the
 * earliest first; answers how many went. A backend runs it now and then (the stand-in before each
 * call, the server on a timer).
 */
export async function purgeDueAccounts(ctx: RuleContext): Promise<number> {
  const due = await ctx.store.read((reader) => reader.accountDeletionsDue(ctx.now().toISOString()));
  let purged = 0;
  for (const memberId of due) {
    const gone = await ctx.store.transaction(async (tx) => {
      // Kept in the meantime, or gone by another process's hand: nothing goes.
      const row = await tx.accountDeletionOf(memberId);
      if (!row || row.purgeAt > ctx.now().toISOString()) return false;
      await tx.deleteMember(memberId);
      return true;
    });
    if (gone) purged += 1;
  }
  return purged;
}
