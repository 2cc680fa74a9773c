import { useCallback, useState } from 'react';
import { useAppDispatch } from '../../lib/store/hooks';
import { apiFailed } from '../../lib/api/apiEvents';
import type { LoginRequest, LoginResponse, SignupResponse } from '../../types/api';
import type { SignupBody } from './authApi';
import { recentHealth } from './healthHeard';

/**
 * The auth endpoints' code, and with it the API's (RTK Query): /login and /signup paint and take
 * their input without it, and load it when a member starts on a form, or at the latest on submit.
 */
function loadAuthApi() {
  return import(/* webpackChunkName: "api-auth" */ './authApi');
}

/** Starts loading the calls' code as a member starts on a form. A failure here is the call's to report. */
export function preloadAuthCalls(): void {
  loadAuthApi().catch(() => undefined);
}

interface AuthCalls {
  login: { body: LoginRequest; answer: LoginResponse };
  signup: { body: SignupBody; answer: SignupResponse };
}

export type AuthCall<Name extends keyof AuthCalls> = (body: AuthCalls[Name]['body']) => Promise<AuthCalls[Name]['answer']>;

/** The message of a call whose code could not load: as a call that could not reach the backend. */
const CODE_NOT_LOADED = 'SocialConnect could not be reached. Please check your connection and try again.';

/**
 * A login or signup call, as the forms make it: its answer (a refusal rejects, as RTK Query's
 * `unwrap()` does; the app's listeners show it) and whether it is under way. Code that cannot load
 * goes where a call that cannot reach the backend goes (/error); the form keeps what was typed.
 */
export function useAuthCall<Name extends keyof AuthCalls>(name: Name): [AuthCall<Name>, { isLoading: boolean }] {
  const dispatch = useAppDispatch();
  const [isLoading, setLoading] = useState(false);
  const call = useCallback<AuthCall<Name>>(async (body) => {
    setLoading(true);
    try {
      let authApi: Awaited<ReturnType<typeof loadAuthApi>>['authApi'];
      try {
        ({ authApi } = await loadAuthApi());
      } catch (error) {
        dispatch(apiFailed({ kind: 'network', status: 'CHUNK_LOAD_ERROR', message: CODE_NOT_LOADED, endpoint: name }));
        throw error;
      }
      // The member's feed comes next, and what the backend has (GET /health) decides how it loads:
      // taken from the answer the page read a moment ago, or asked for now.
      const health = recentHealth();
      // Put in the cache at once (not as a thunk that settles later): the call's own look at it comes next.
      if (health) dispatch(authApi.util.upsertQueryEntries([{ endpointName: 'getHealth', arg: undefined, value: health }]));
      else void dispatch(authApi.util.prefetch('getHealth', undefined, {}));
      const answer = name === 'login'
        ? dispatch(authApi.endpoints.login.initiate(body as LoginRequest)).unwrap()
        : dispatch(authApi.endpoints.signup.initiate(body as SignupBody)).unwrap();
      return (await answer) as AuthCalls[Name]['answer'];
    } finally {
      setLoading(false);
    }
  }, [dispatch, name]);
  return [call, { isLoading }];
}
