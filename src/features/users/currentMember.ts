import type { User, UserSummary } from '../../types/api';
import { toSummary, unknownMember } from './followUpdates';
import { usersApi } from './usersApi';

type CacheState = Parameters<ReturnType<typeof usersApi.endpoints.getUser.select>>[0] & { session: { userId: string | null } };

/**
 * The current member's record, from the one place it is kept: the cached getUser of their id (put
 * there at login, fetched by the member's shell, changed by follows, bookmarks and profile edits).
 * Null until it is known.
 */
export function selectCurrentMember(state: CacheState): User | null {
  const myId = state.session.userId;
  return myId ? (usersApi.endpoints.getUser.select(myId)(state).data ?? null) : null;
}

/** The current member as other members' lists carry them (id alone until their record arrives); null when logged out. */
export function selectCurrentSummary(state: CacheState): UserSummary | null {
  const myId = state.session.userId;
  if (!myId) return null;
  const member = selectCurrentMember(state);
  return member ? toSummary(member) : unknownMember(myId);
}
