import type { Role } from '../../types/api';
import { selectCurrentMember } from '../users/currentMember';

type CurrentMemberState = Parameters<typeof selectCurrentMember>[0];

/** The current member's role, as their own record says it (`moderation`); 'member' until it says. */
export function selectOwnRole(state: CurrentMemberState): Role {
  return selectCurrentMember(state)?.role ?? 'member';
}
