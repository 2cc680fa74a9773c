import { api } from '../../lib/api/api';
import { writeAnswer } from '../../lib/api/writeAnswer';
import type { TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from '../../types/api';

/** Two-factor sign-in (the `accounts` extension): whether it is on, a new key, turned on, turned off. */
export const twoFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTwoFactor: build.query<TwoFactorStatus, void>({
      query: () => '/account/two-factor',
      providesTags: ['TwoFactor'],
    }),
    /** A key for the authenticator app: nothing changes until a code made with it turns it on. */
    beginTwoFactor: build.mutation<TwoFactorSetup, void>({
      query: () => ({ url: '/account/two-factor/setup', method: 'POST' }),
    }),
    /** On with the key, once the app's first code matches: the answer's recovery codes are shown once. */
    enableTwoFactor: build.mutation<TwoFactorEnabled, { secret: string; code: string }>({
      query: (body) => ({ url: '/account/two-factor/enable', method: 'POST', body }),
      invalidatesTags: (_answer, error) => (error ? [] : ['TwoFactor']),
    }),
    disableTwoFactor: build.mutation<TwoFactorStatus, string>({
      query: (code) => ({ url: '/account/two-factor/disable', method: 'POST', body: { code } }),
      onQueryStarted: (_code, { dispatch, queryFulfilled }) => writeAnswer(queryFulfilled, (data) => {
        dispatch(twoFactorApi.util.upsertQueryData('getTwoFactor', undefined, data));
      }),
    }),
  }),
});

export const { useGetTwoFactorQuery, useBeginTwoFactorMutation, useEnableTwoFactorMutation, useDisableTwoFactorMutation } = twoFactorApi;
