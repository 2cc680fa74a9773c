import type { User } from '../../types/api';
import { selectCurrentUserId } from '../auth/sessionSlice';
import { usersApi } from './usersApi';

type CacheState = Parameters<ReturnType<typeof usersApi.endpoints.getUser.select>>[0] & Parameters<typeof selectCurrentUserId>[0];

/**
 * The current member's record, from the one place it is kept: the cached getUser of their id (put
 * there at login, fetched by the member's shell, changed by follows, bookmarks and profile edits).
 * Null until it is known.
 */
export function selectCurrentMember(state: CacheState): User | null {
  const myId = selectCurrentUserId(state);
  return myId ? (usersApi.endpoints.getUser.select(myId)(state).data ?? null) : null;
}
