import { api, cacheAccess, HOME_FEED_TAG, keepAnswer, SUGGESTIONS_TAG, type CacheAccess, type Undo } from '../../lib/api/api';
import { refusedAsAlready } from '../../lib/apiError';
import { writeAnswer } from '../../lib/api/writeAnswer';
import type { FollowChange, MembersFound, User, UserEditPayload, UserEditResponse, UserResponse } from '../../types/api';
import { follows, toSummary, unknownMember, withFollower, withFollowing } from './followUpdates';

/** What the profile form sends (spec section 7: body `{ userData }`). */
export type ProfileEdit = UserEditPayload['userData'];

/** What a follow or an unfollow answered: both members (the spec's), or the relation and its counts (`change-counts`). */
/** A follow asks for the relation and its counts alone (`return-minimal`, `change-counts`). */
const CHANGE_ALONE = { prefer: 'return=minimal, change-counts' } as const;

/**
 * What a follow or an unfollow answered: the relation and the two counts it moved; from a backend
 * without `change-counts`, the adapter (lib/api/specAdapter) reads both members as them. An answer
 * without them is no change (spec section 7).
 */
type FollowAnswer = FollowChange | undefined;

function readFollow(response: Partial<FollowChange> | undefined): FollowAnswer {
  const { userId, following, followerCount, followingCount } = response ?? {};
  if (typeof userId !== 'string' || typeof following !== 'boolean' || typeof followerCount !== 'number' || typeof followingCount !== 'number') return undefined;
  return { userId, following, followerCount, followingCount };
}

/**
 * How many people "Who to follow?" is given to show (the `suggestions` extension; the adapter cuts
 * as many from a backend's members list without it): a handful at first, more on request; the rest
 * are counted, and found by the search.
 */
const SUGGESTIONS_LIMIT = 100;

/** What a member search looks for: names holding a text (the people search), or one username (a mention). */
export type MemberLookup = { name: string; limit: number } | { username: string };

/** The members a search found, or the suggestions: none when the answer lacks `users`; as many in all as it has when it lacks `total`. */
function readMembersFound(response: MembersFound): MembersFound {
  const users = Array.isArray(response?.users) ? response.users : [];
  return { users, total: typeof response?.total === 'number' ? Math.max(response.total, users.length) : users.length };
}

/** Where a member's record is read. */
function memberPath(userId: string): string {
  return `/users/${encodeURIComponent(userId)}`;
}

/**
 * A login's answer carries the member's record: it goes where every view reads it, the cache, and
 * is kept as the answer to its read for a start with the network gone (offline/keptReads.ts).
 */
export function ownRecordArrived(user: User) {
  keepAnswer(user._id, memberPath(user._id), { user } satisfies UserResponse);
  return usersApi.util.upsertQueryEntries([{ endpointName: 'getUser', arg: user._id, value: user }]);
}

/** What a mutation's onQueryStarted is handed: the cache, and the promise of its answer. */
type Lifecycle<Answer> = { dispatch: CacheAccess['dispatch']; getState: () => unknown; queryFulfilled: Promise<{ data: Answer }> };

/**
 * A follow or an unfollow, alike but for its path: shown at once (undone if refused), kept to send
 * once the network is back when it is gone.
 */
function followCall(kind: 'follow' | 'unfollow') {
  return {
    query: (userId: string) => ({ url: `/users/${kind}/${encodeURIComponent(userId)}`, method: 'POST', headers: CHANGE_ALONE }),
    transformResponse: readFollow,
    onQueryStarted: (userId: string, lifecycle: Lifecycle<FollowAnswer>) => followLifecycle(userId, kind === 'follow', lifecycle),
    extraOptions: { waitsOffline: kind },
    // The home feed, where the backend builds it, now holds (or no longer holds) their posts.
    invalidatesTags: (answer: FollowAnswer) => (answer ? [HOME_FEED_TAG] : []),
  };
}

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The members a search finds (the `member-search` extension): by name as the member types, or
     * the one with a username. Beside the page, never its content; a member joining or leaving asks again.
     */
    findMembers: build.query<MembersFound, MemberLookup>({
      query: (lookup) => `/users/search?${new URLSearchParams('username' in lookup ? { username: lookup.username, limit: '1' } : { q: lookup.name, limit: String(lookup.limit) })}`,
      transformResponse: readMembersFound,
      extraOptions: { aside: true },
      providesTags: [{ type: 'User' as const, id: 'LIST' }],
    }),

    /** Whom the member might follow (spec section 2's "Who to follow?"), chosen by the backend. */
    getSuggestions: build.query<MembersFound, void>({
      query: () => `/users/suggestions?limit=${SUGGESTIONS_LIMIT}`,
      transformResponse: readMembersFound,
      extraOptions: { aside: true },
      providesTags: [SUGGESTIONS_TAG],
    }),

    getUser: build.query<User, string>({
      query: memberPath,
      transformResponse: (response: UserResponse) => response.user,
      providesTags: (_user, _error, userId) => [{ type: 'User' as const, id: userId }],
    }),

    editProfile: build.mutation<UserEditResponse, ProfileEdit>({
      query: (userData) => ({ url: '/users/edit', method: 'POST', body: { userData } }),
      // The profile window says the backend's refusals itself: a wrong current password at its field alone.
      extraOptions: { ownRefusals: true },
      // Posts carry their author's avatar: a new one means the cached posts are out of date.
      invalidatesTags: (answer, _error, userData) => (answer?.user && userData.avatar !== undefined ? ['Post', 'Bookmark'] : []),
      // A password change's new token reaches the session through the store's listeners.
      onQueryStarted: (_userData, lifecycle) => writeEditedMember(lifecycle),
    }),

    /**
     * The language the member chose, kept on their record where the backend has it
     * (`member-language`), so that it follows them to their other devices.
     */
    saveLanguage: build.mutation<UserEditResponse, string>({
      query: (language) => ({ url: '/users/edit', method: 'POST', body: { userData: { language } } }),
      // A failure leaves the choice kept in this browser all the same.
      onQueryStarted: (_language, lifecycle) => writeEditedMember(lifecycle),
    }),

    followUser: build.mutation<FollowAnswer, string>(followCall('follow')),

    unfollowUser: build.mutation<FollowAnswer, string>(followCall('unfollow')),
  }),
});

/** An edit's answer carries the member's record as it is now: it goes into every cached copy. */
function writeEditedMember(lifecycle: Lifecycle<UserEditResponse>): Promise<void> {
  return writeAnswer(lifecycle.queryFulfilled, (data) => {
    if (data?.user) writeMembers(cacheAccess(lifecycle), [data.user]);
  });
}

/**
 * Changes the cached copy of a member's record (their profile; the current member's profile is also
 * the app's record of them) and returns the one undo.
 */
function patchMember(cache: CacheAccess, userId: string, change: (user: User) => User): Undo {
  const patch = cache.dispatch(usersApi.util.updateQueryData('getUser', userId, (draft) => change(draft)));
  return () => patch.undo();
}

/** Changes the current member's record wherever it is cached; returns the undo. */
export function patchCurrentMember(cache: CacheAccess, change: (me: User) => User): Undo {
  const myId = cache.getState().session.userId;
  return myId ? patchMember(cache, myId, change) : () => undefined;
}

/** Fresh records from the backend replace their cached copies. */
function writeMembers(cache: CacheAccess, users: User[]): void {
  for (const user of users) patchMember(cache, user._id, () => user);
}

/** A member's record as cached: their profile. */
function cachedMember(state: ReturnType<CacheAccess['getState']>, userId: string): User | undefined {
  return usersApi.endpoints.getUser.select(userId)(state).data;
}

/**
 * Follow and unfollow update the screen at once: my `following` and their `followers`, wherever
 * either record is cached. A refusal undoes it with the one undo (the listeners show the message).
 * An answer with both records is then written over the guess; an answer of counts alone leaves the
 * guess, and a record whose list does not have the count the backend gave (another device changed
 * it, or the record was not there to change) loads again.
 */
async function followLifecycle(
  userId: string,
  follow: boolean,
  lifecycle: Lifecycle<FollowAnswer>,
): Promise<void> {
  const cache = cacheAccess(lifecycle);
  const state = cache.getState();
  const myId = state.session.userId;
  const me = myId ? cachedMember(state, myId) : undefined;
  const them = cachedMember(state, userId);

  const undos: Undo[] = [];
  if (me && them && me._id !== them._id) {
    undos.push(patchMember(cache, me._id, (current) => withFollowing(current, toSummary(them), follow)));
    undos.push(patchMember(cache, them._id, (current) => withFollower(current, toSummary(me), follow)));
  }

  try {
    const { data } = await lifecycle.queryFulfilled;
    if (data) checkCounts(cache, myId, userId, data.followingCount, data.followerCount);
  } catch (failure) {
    if (!refusedAsAlready(failure)) {
      for (const undo of undos.reverse()) undo();
      return;
    }
    // "Already following", "already not following": as shown; both records load again, as the backend has them.
    cache.dispatch(usersApi.util.invalidateTags([{ type: 'User', id: userId }, ...(myId ? [{ type: 'User' as const, id: myId }] : [])]));
  }
}

/** The cached records of both members load again where their lists do not have the counts the backend answered. */
function checkCounts(cache: CacheAccess, myId: string | null, userId: string, followingCount: number, followerCount: number): void {
  const state = cache.getState();
  const me = myId ? cachedMember(state, myId) : undefined;
  const them = cachedMember(state, userId);
  const stale = [
    ...(me && me.following.length !== followingCount ? [me._id] : []),
    ...(them && them.followers.length !== followerCount ? [them._id] : []),
  ];
  if (stale.length > 0) cache.dispatch(usersApi.util.invalidateTags(stale.map((id) => ({ type: 'User' as const, id }))));
}

/**
 * A follow or an unfollow made elsewhere (by another member, or by the member on another device): the
 * follower's `following` and the followee's `followers`, wherever either record is cached. The home
 * feed, where the backend builds it, loads again when the member's own follows changed.
 */
export function followChangedElsewhere(cache: CacheAccess, { followerId, followeeId, following }: { followerId: string; followeeId: string; following: boolean }): void {
  const state = cache.getState();
  const follower = cachedMember(state, followerId);
  const followee = cachedMember(state, followeeId);
  const summaryOf = (user: User | undefined, id: string) => (user ? toSummary(user) : unknownMember(id));
  if (follower && follows(follower, followeeId) !== following) {
    patchMember(cache, followerId, (current) => withFollowing(current, summaryOf(followee, followeeId), following));
    if (followerId === state.session.userId) cache.dispatch(usersApi.util.invalidateTags([HOME_FEED_TAG]));
  }
  if (followee && followee.followers.some((entry) => entry._id === followerId) !== following) {
    patchMember(cache, followeeId, (current) => withFollower(current, summaryOf(follower, followerId), following));
  }
}

export const {
  useFindMembersQuery,
  useLazyFindMembersQuery,
  useGetSuggestionsQuery,
  useGetUserQuery,
  useEditProfileMutation,
  useSaveLanguageMutation,
  useFollowUserMutation,
  useUnfollowUserMutation,
} = usersApi;
