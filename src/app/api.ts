import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { absoluteApiBase } from '../config/env';
import { classifyFailure } from '../lib/apiError';
import { apiFailed } from './apiEvents';

interface TokenState {
  session: { token: string | null };
}

const rawBaseQuery = fetchBaseQuery({
  // fetch under Node (tests) needs an absolute URL; in the browser this is the page's origin + base.
  baseUrl: absoluteApiBase(),
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as TokenState).session.token;
    if (token) headers.set('authorization', token);
    return headers;
  },
});

/**
 * Every call goes through here. A failure is reported once, as an `apiFailed` event, and the app's
 * listeners decide what the member sees (toast, /error, /login). The error is still returned, so a
 * form's `unwrap()` fails and the form keeps what the member typed.
 */
export interface CallOptions {
  /** A failure of this call concerns nobody: no toast, no trip to /error or /login (logout). */
  silent?: boolean;
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, CallOptions> = async (args, api, extraOptions) => {
  const sentToken = Boolean((api.getState() as TokenState).session.token);
  const result = await rawBaseQuery(args, api, extraOptions);
  // A call aborted on purpose (the session ended and the cache was reset) is nobody's failure.
  if (result.error && !api.signal.aborted && !extraOptions?.silent) {
    const failure = classifyFailure(result.error, sentToken);
    api.dispatch(apiFailed({ ...failure, endpoint: api.endpoint }));
  }
  return result;
};

export const TAGS = ['Post', 'User', 'Bookmark'] as const;

/** The one API of the app; each resource adds its endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAGS,
  endpoints: () => ({}),
});
