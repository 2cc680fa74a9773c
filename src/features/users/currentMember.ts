import type { User } from '../../types/api';
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
