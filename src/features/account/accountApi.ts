import { api } from '../../lib/api/api';
import { writeAnswer } from '../../lib/api/writeAnswer';
import type { AccountDeletion, AccountEmail, DataExport, DataImportRequest, DataImportResult } from '../../types/api';

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
      onQueryStarted: (_email, { dispatch, queryFulfilled }) => writeAnswer(queryFulfilled, (data) => {
        dispatch(accountApi.util.upsertQueryData('getAccountEmail', undefined, data));
      }),
    }),
    confirmEmail: build.mutation<Record<string, never>, string>({
      query: (token) => ({ url: '/auth/confirm-email', method: 'POST', body: { token } }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Account']),
    }),
    /**
     * Everything the member made, for the zip they download: asked for when they press the button,
     * never kept (an act, not a page's read).
     */
    exportData: build.mutation<DataExport, void>({
      query: () => ({ url: '/account/export', method: 'GET' }),
      extraOptions: { ownRefusals: true },
    }),
    /** Reads an export into the account; what it made shows everywhere, so every list is read again. */
    importData: build.mutation<DataImportResult, DataImportRequest>({
      query: (body) => ({ url: '/account/import', method: 'POST', body }),
      extraOptions: { ownRefusals: true },
      invalidatesTags: (_answer, error) => (error ? [] : ['Post', 'User', 'Bookmark', 'Reply', 'Relation', 'Pin', 'Notification']),
    }),
    /**
     * Whether the account is set to be deleted, and when it goes: asked beside every page (the
     * banner that offers to keep it), so a failure leaves the page as it is.
     */
    getAccountDeletion: build.query<AccountDeletion, void>({
      query: () => '/account/deletion',
      providesTags: ['AccountDeletion'],
      extraOptions: { aside: true },
    }),
    /**
     * Sets the account to be deleted: the backend ends every session of the member, this one too. A
     * wrong password or code is said at its field (the section's own refusals).
     */
    deleteAccount: build.mutation<AccountDeletion, { password: string; code?: string }>({
      query: (body) => ({ url: '/account/deletion', method: 'POST', body }),
      extraOptions: { ownRefusals: true },
    }),
    /** Keeps the account after all: everyone sees the member again. */
    keepAccount: build.mutation<AccountDeletion, void>({
      query: () => ({ url: '/account/deletion', method: 'DELETE' }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => writeAnswer(queryFulfilled, (data) => {
        dispatch(accountApi.util.upsertQueryData('getAccountDeletion', undefined, data));
      }),
    }),
  }),
});

export const {
  useGetAccountDeletionQuery,
  useDeleteAccountMutation,
  useKeepAccountMutation,
  useGetAccountEmailQuery, useSetAccountEmailMutation, useConfirmEmailMutation, useExportDataMutation, useImportDataMutation } = accountApi;
