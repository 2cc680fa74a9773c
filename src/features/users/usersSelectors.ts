import { createAppSelector } from '../../lib/store/hooks';
import type { RootState } from '../../app/store';
import type { User } from '../../types/api';
import { selectCurrentMember } from './currentMember';
import { follows } from './followUpdates';
import { usersApi } from './usersApi';

/** Returned whenever there is nothing to list, so components see the same reference every time. */
export const EMPTY_USERS: readonly User[] = Object.freeze([]) as readonly User[];

const selectUsersResult = usersApi.endpoints.getUsers.select();

/** Every member the backend listed, or the empty constant before the list arrives. */
export const selectAllUsers = createAppSelector([selectUsersResult], (result): readonly User[] => result.data ?? EMPTY_USERS);

/** What the member typed, normalised for matching: trimmed and lower-cased. */
export function normaliseQuery(query: string): string {
  return query.trim().toLowerCase();
}

/** Spec section 5: a case-insensitive substring of the first or the last name. */
export function matchesName(user: Pick<User, 'firstName' | 'lastName'>, normalisedQuery: string): boolean {
  return user.firstName.toLowerCase().includes(normalisedQuery) || user.lastName.toLowerCase().includes(normalisedQuery);
}

/**
 * People search: the members whose first or last name contains the query. An empty query gives the
 * empty constant (no results list is shown).
 */
export const selectPeopleMatching = createAppSelector(
  [selectAllUsers, (_state: RootState, query: string) => normaliseQuery(query)],
  (users, query): readonly User[] => {
    if (query === '') return EMPTY_USERS;
    const matches = users.filter((user) => matchesName(user, query));
    return matches.length === 0 ? EMPTY_USERS : matches;
  },
);

/** Whether the current member follows `userId`. */
export const selectIsFollowing = (state: RootState, userId: string): boolean => follows(selectCurrentMember(state), userId);
