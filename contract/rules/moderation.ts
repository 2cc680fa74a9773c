/**
 * The network's roles and rules (the `moderation` extension). Admins are made on the server's command
 * line (`npm run admin`); in the app an admin names and unnames moderators and writes the rules a
 * newcomer agrees to at signup. Every call checks the caller's role as it stands in the store, never
 * as a token or a client says.
 */
import type { NetworkRule, Role, StaffMember } from '../api';
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import { LIMITS } from '../limits';
import type { MemberRow, StoreReader } from '../store';
import { countGraphemes } from '../validation';
import { visibleMember } from './relations';

/** The member as the staff list names them. */
export function staffMember(member: MemberRow): StaffMember {
  return { id: member.id, username: member.username, name: `${member.firstName} ${member.lastName}`.trim(), role: member.role };
}

/** Refused unless the caller is an admin, read again in the call's own transaction or read. */
export async function requireRole(reader: StoreReader, memberId: string, allowed: readonly Role[], refused: 'notAdmin' | 'notStaff'): Promise<MemberRow> {
  const current = await reader.memberById(memberId);
  if (!current || !allowed.includes(current.role)) throw refusal(refused);
  return current;
}

/** The admins and moderators, admins first: for moderators and admins alone. */
export async function listStaff(ctx: RuleContext, caller: MemberRow): Promise<StaffMember[]> {
  return ctx.store.read(async (reader) => {
    await requireRole(reader, caller.id, ['moderator', 'admin'], 'notStaff');
    return (await reader.staffMembers()).map(staffMember);
  });
}

/**
 * Names a member a moderator, or makes a moderator a member again: for admins alone. An admin's own
 * role, theirs or another admin's, is changed on the server's command line, never here.
 */
export async function changeRole(ctx: RuleContext, caller: MemberRow, memberId: string, role: unknown): Promise<StaffMember> {
  return ctx.store.transaction(async (tx) => {
    await requireRole(tx, caller.id, ['admin'], 'notAdmin');
    if (role !== 'member' && role !== 'moderator') throw refusal('roleInvalid');
    // Read in the transaction: a write locks the member's row, so two changes of one role take turns.
    const member = await visibleMember(tx, memberId, caller.id);
    if (member.role === 'admin') throw refusal('adminRoleFixed');
    if (member.role !== role) {
      await tx.setRole(member.id, role);
      // The member's own record changed: their open app reads it again; their streams hear reports, or stop.
      await tx.emit({ type: 'member-updated', memberId: member.id });
      await tx.emit({ type: 'role-changed', memberId: member.id, role });
    }
    return staffMember({ ...member, role });
  });
}

/** The network's rules, in the admin's order: public, as signup shows them. */
export async function listRules(ctx: RuleContext): Promise<NetworkRule[]> {
  return ctx.store.read((reader) => reader.networkRules());
}

/** One rule's text: trimmed, a title of 1 to LIMITS.ruleTitleMax characters, a description up to LIMITS.ruleDescriptionMax. */
function checkedRule(value: { id?: unknown; title?: unknown; description?: unknown }): { id: unknown; title: string; description: string } {
  const title = typeof value.title === 'string' ? value.title.replace(/\s+/gu, ' ').trim() : '';
  const count = countGraphemes(title);
  if (count < 1 || count > LIMITS.ruleTitleMax) throw refusal('ruleTitleInvalid');
  if (value.description !== undefined && value.description !== null && typeof value.description !== 'string') throw refusal('invalidBody');
  const description = (value.description ?? '').trim();
  if (countGraphemes(description) > LIMITS.ruleDescriptionMax) throw refusal('ruleDescriptionTooLong');
  return { id: value.id, title, description };
}

/**
 * Replaces the network's rules with `rules`, in their order: for admins alone. A rule naming the id
 * of a current rule keeps it; any other gets a new id.
 */
export async function replaceRules(ctx: RuleContext, caller: MemberRow, rules: ReadonlyArray<{ id?: unknown; title?: unknown; description?: unknown }>): Promise<NetworkRule[]> {
  return ctx.store.transaction(async (tx) => {
    await requireRole(tx, caller.id, ['admin'], 'notAdmin');
    if (rules.length > LIMITS.rulesMax) throw refusal('rulesTooMany');
    const checked = rules.map(checkedRule);
    const current = new Set((await tx.networkRules()).map((rule) => rule.id));
    const kept = new Set<string>();
    const next = checked.map(({ id, title, description }): NetworkRule => {
      if (typeof id === 'string' && current.has(id)) {
        if (kept.has(id)) throw refusal('ruleIdInvalid');
        kept.add(id);
        return { id, title, description };
      }
      return { id: ctx.newId(), title, description };
    });
    await tx.replaceNetworkRules(next);
    return next;
  });
}

/** Whether a signup agreed to the rules, when the network has any: refused otherwise. */
export async function checkRulesAccepted(reader: StoreReader, acceptedRules: unknown): Promise<void> {
  if (acceptedRules === true) return;
  if ((await reader.networkRules()).length > 0) throw refusal('rulesNotAccepted');
}
