import { api } from '../../lib/api/api';
import type { PasswordForgotRequest, PasswordResetRequest } from '../../types/api';

/** A forgotten password (the `accounts` extension): the link asked for, and the new password set with it. */
export const passwordApi = api.injectEndpoints({
  endpoints: (build) => ({
    forgotPassword: build.mutation<Record<string, never>, PasswordForgotRequest>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<Record<string, never>, PasswordResetRequest>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const { useForgotPasswordMutation, useResetPasswordMutation } = passwordApi;
