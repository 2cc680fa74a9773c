import { api, storeState, type ApiDispatch } from '../../app/api';
import { currentUserReceived, tokenRenewed } from '../auth/sessionSlice';
import type { FollowResponse, User, UserEditPayload, UserEditResponse, UserResponse, UsersResponse } from '../../types/api';
import { toSummary, withFollower, withFollowing } from './followUpdates';

/** What the profile form sends (spec section 7: body `{ userData }`). */
export type ProfileEdit = UserEditPayload['userData'];

/** The members list: empty when the answer lacks `users` (spec: such an answer is ignored). */
function readUsers(response: UsersResponse): User[] {
  return Array.isArray(response?.users) ? response.users : [];
}

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<User[], void>({
      query: () => '/users',
      transformResponse: readUsers,
      providesTags: (users = []) => [{ type: 'User' as const, id: 'LIST' }, ...users.map((user) => ({ type: 'User' as const, id: user._id }))],
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const myId = storeState(getState).session.userId;
          const me = data.find((user) => user._id === myId);
          if (me) dispatch(currentUserReceived(me));
        } catch {
          // Reported by the base query; the listeners show it.
        }
      },
    }),

    getUser: build.query<User, string>({
      query: (userId) => `/users/${encodeURIComponent(userId)}`,
      transformResponse: (response: UserResponse) => response.user,
      providesTags: (_user, _error, userId) => [{ type: 'User' as const, id: userId }],
      async onQueryStarted(_userId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The session keeps the current member's record fresh (ignored for anyone else).
          if (data) dispatch(currentUserReceived(data));
        } catch {
          // Reported by the base query.
        }
      },
    }),

    editProfile: build.mutation<UserEditResponse, ProfileEdit>({
      query: (userData) => ({ url: '/users/edit', method: 'POST', body: { userData } }),
      // Posts carry their author's avatar: a new one means the cached posts are out of date.
      invalidatesTags: (answer, _error, userData) => (answer?.user && userData.avatar !== undefined ? ['Post', 'Bookmark'] : []),
      async onQueryStarted(_userData, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // A password change ends every older token; the answer carries this device's new one.
          if (typeof data?.encodedToken === 'string' && data.encodedToken !== '') dispatch(tokenRenewed(data.encodedToken));
          if (data?.user) writeUsersIntoCache(dispatch, [data.user]);
        } catch {
          // Reported by the base query; the form keeps what was typed.
        }
      },
    }),

    followUser: build.mutation<FollowResponse, string>({
      query: (userId) => ({ url: `/users/follow/${encodeURIComponent(userId)}`, method: 'POST' }),
      onQueryStarted: (userId, lifecycle) => followLifecycle(userId, true, lifecycle),
    }),

    unfollowUser: build.mutation<FollowResponse, string>({
      query: (userId) => ({ url: `/users/unfollow/${encodeURIComponent(userId)}`, method: 'POST' }),
      onQueryStarted: (userId, lifecycle) => followLifecycle(userId, false, lifecycle),
    }),
  }),
});

/**
 * Writes fresh member records into every cached place they appear: their profile (getUser), their
 * entry in the members list (getUsers), and the session when it is the current member (the home
 * feed is built from the session member's `following`).
 */
function writeUsersIntoCache(dispatch: ApiDispatch, users: User[]): void {
  for (const user of users) {
    dispatch(usersApi.util.updateQueryData('getUser', user._id, () => user));
    dispatch(currentUserReceived(user));
  }
  dispatch(
    usersApi.util.updateQueryData('getUsers', undefined, (list) => {
      for (const user of users) {
        const index = list.findIndex((entry) => entry._id === user._id);
        if (index >= 0) list[index] = user;
      }
    }),
  );
}

interface FollowLifecycle {
  dispatch: ApiDispatch;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: FollowResponse }>;
}

/**
 * Follow and unfollow update the screen at once: my `following` and their `followers`, in the
 * profiles, the members list and the session. A refusal undoes it (the listeners show the message);
 * the answer, which carries both records, is then written over the guess.
 */
async function followLifecycle(userId: string, follow: boolean, { dispatch, getState, queryFulfilled }: FollowLifecycle): Promise<void> {
  const state = storeState(getState);
  const myId = state.session.userId;
  const list = usersApi.endpoints.getUsers.select()(state).data;
  const me: User | undefined = state.session.user ?? list?.find((user) => user._id === myId) ?? (myId ? usersApi.endpoints.getUser.select(myId)(state).data : undefined);
  const them: User | undefined = list?.find((user) => user._id === userId) ?? usersApi.endpoints.getUser.select(userId)(state).data;

  const undos: Array<() => void> = [];
  if (me && them && me._id !== them._id) {
    const nextMe = withFollowing(me, toSummary(them), follow);
    const nextThem = withFollower(them, toSummary(me), follow);
    for (const next of [nextMe, nextThem]) {
      const patch = dispatch(usersApi.util.updateQueryData('getUser', next._id, () => next));
      undos.push(() => patch.undo());
    }
    const listPatch = dispatch(
      usersApi.util.updateQueryData('getUsers', undefined, (draft) => {
        for (const next of [nextMe, nextThem]) {
          const index = draft.findIndex((entry) => entry._id === next._id);
          if (index >= 0) draft[index] = next;
        }
      }),
    );
    undos.push(() => listPatch.undo());
    const previousSessionUser = state.session.user;
    if (previousSessionUser) {
      dispatch(currentUserReceived(nextMe));
      undos.push(() => dispatch(currentUserReceived(previousSessionUser)));
    }
  }

  try {
    const { data } = await queryFulfilled;
    const fresh = [data?.user, data?.followUser].filter((user): user is User => Boolean(user));
    writeUsersIntoCache(dispatch, fresh);
  } catch {
    for (const undo of undos.reverse()) undo();
  }
}

export const {
  useGetUsersQuery,
  useGetUserQuery,
  useEditProfileMutation,
  useFollowUserMutation,
  useUnfollowUserMutation,
} = usersApi;
