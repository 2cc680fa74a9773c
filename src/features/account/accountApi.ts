import { api } from '../../lib/api/api';
import type { AccountEmail } from '../../types/api';

/** The member's email address (the `accounts` extension): read, changed, and confirmed by its link. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccountEmail: build.query<AccountEmail, void>({
      query: () => '/account/email',
      providesTags: ['Account'],
    }),
    /** Sets the address (or sends its link again); the answer is the address as kept now. */
    setAccountEmail: build.mutation<AccountEmail, string>({
      query: (email) => ({ url: '/account/email', method: 'POST', body: { email } }),
      onQueryStarted: async (_email, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(accountApi.util.upsertQueryData('getAccountEmail', undefined, data));
        } catch {
          // Shown by the app's listener; the field keeps what was typed.
        }
      },
    }),
    confirmEmail: build.mutation<Record<string, never>, string>({
      query: (token) => ({ url: '/auth/confirm-email', method: 'POST', body: { token } }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Account']),
    }),
  }),
});

export const { useGetAccountEmailQuery, useSetAccountEmailMutation, useConfirmEmailMutation } = accountApi;
