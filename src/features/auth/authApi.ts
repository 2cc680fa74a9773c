import { api } from '../../lib/api/api';
import { idempotencyHeaders } from '../../lib/idempotencyKey';
import { userLoggedIn } from './sessionSlice';
import type { LoginRequest, LoginResponse, SignupRequest, SignupResponse, User } from '../../types/api';

/** What the signup screen sends: the spec's four fields (the form's e-mail stays on the screen). */
export type SignupBody = SignupRequest & {
  /** The form's draft key (the `idempotency` extension): sent as a header, not in the body. */
  idempotencyKey?: string;
};

/** An answer the session can start from; anything else is ignored (spec section 7). */
function sessionFrom(token: unknown, user: unknown): { token: string; user: User } | null {
  if (typeof token !== 'string' || token === '' || !user || typeof user !== 'object') return null;
  return { token, user: user as User };
}

/** A signup's or login's answer, once it carries a token and a member, logs the member in. */
async function logInFrom(answer: Promise<{ token: string; user: User } | null>, dispatch: (action: ReturnType<typeof userLoggedIn>) => unknown): Promise<void> {
  try {
    const session = await answer;
    if (session) dispatch(userLoggedIn(session));
  } catch {
    // Reported by the base query; the listeners show it and the form keeps its fields.
  }
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signup: build.mutation<SignupResponse, SignupBody>({
      query: ({ idempotencyKey, ...body }) => ({ url: '/auth/signup', method: 'POST', body, headers: idempotencyHeaders(idempotencyKey) }),
      onQueryStarted: (_body, { dispatch, queryFulfilled }) => logInFrom(queryFulfilled.then(({ data }) => sessionFrom(data?.encodedToken, data?.createdUser)), dispatch),
    }),

    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      // The login screen words its refusals itself (loginRefusalMessage).
      extraOptions: { ownRefusals: true },
      onQueryStarted: (_body, { dispatch, queryFulfilled }) => logInFrom(queryFulfilled.then(({ data }) => sessionFrom(data?.encodedToken, data?.foundUser)), dispatch),
    }),

    /**
     * Ends this device's token on the backend (the member's other devices stay logged in). The app
     * forgets the session whatever the answer: a failure here is nobody's concern.
     */
    logout: build.mutation<Record<string, never>, string>({
      query: (token) => ({ url: '/auth/logout', method: 'POST', headers: { authorization: token } }),
      extraOptions: { silent: true },
    }),
  }),
});
