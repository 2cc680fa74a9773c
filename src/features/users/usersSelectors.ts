import { createAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import type { Post, User } from '../../types/api';
import { selectCurrentUser, selectCurrentUserId } from '../auth/sessionSlice';
import { follows } from './followUpdates';
import { postsApi } from '../posts/postsApi';
import { EMPTY_POSTS, sortPosts } from '../posts/postsSelectors';
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

/** The current member's `following` ids (from the session record). */
const selectFollowingIds = createAppSelector([selectCurrentUser], (me): ReadonlySet<string> => new Set(me?.following.map((entry) => entry._id) ?? []));

/** Who to follow: members the current member does not follow yet, never themselves. */
export const selectWhoToFollow = createAppSelector(
  [selectAllUsers, selectCurrentUserId, selectFollowingIds],
  (users, myId, followingIds): readonly User[] => {
    const candidates = users.filter((user) => user._id !== myId && !followingIds.has(user._id));
    return candidates.length === 0 ? EMPTY_USERS : candidates;
  },
);

/** Whether the current member follows `userId`. */
export const selectIsFollowing = (state: RootState, userId: string): boolean => follows(selectCurrentUser(state), userId);

/** A member's posts as loaded for their profile (getUserPosts), newest first. */
export const selectMemberPosts = createAppSelector(
  [(state: RootState, username: string) => postsApi.endpoints.getUserPosts.select(username)(state).data],
  (posts): readonly Post[] => (posts && posts.length > 0 ? sortPosts(posts, 'latest') : EMPTY_POSTS),
);
