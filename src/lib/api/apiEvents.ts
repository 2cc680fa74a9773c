import { createAction } from '@reduxjs/toolkit';
import type { ApiFailure } from '../apiError';

/**
 * What a failed call was for, which decides where the member is left: an act of theirs (a change, a
 * form's save) stays on their screen with a toast; a reload of what is on screen already (a refetch
 * on focus or reconnect, a poll, a check) keeps it and says the app is reconnecting; what stands
 * beside every page (the members list) leaves the page as it is, saying so only of a lost
 * connection; a page's first load, with nothing to show, goes to /error.
 */
export type CallPurpose = 'act' | 'reload' | 'aside' | 'load';

/**
 * A call failed; listeners turn it into a toast, a reconnecting notice, a trip to /error or the end
 * of the session. `pageOf`: the route of the page the call loads, where it is not every page's
 * (CallOptions.pageOf).
 */
export const apiFailed = createAction<ApiFailure & { endpoint: string; purpose?: CallPurpose; pageOf?: string }>('api/failed');

/**
 * A read found no network, and the answer kept when it last came (offline/keptReads.ts) is shown in
 * its place: `at` is when it was kept; `queryCacheKey` names the query, to load again once the
 * backend answers.
 */
export const keptAnswerShown = createAction<{ at: number; queryCacheKey: string | undefined }>('api/keptAnswerShown');

/** The meta of an answer shown from what was kept: not the backend's answer. */
export const KEPT_ANSWER_META = { kept: true } as const;

/** The meta of a write's answer when the write waits in the outbox (offline/outboxSlice.ts): nothing was sent. */
export const WAITING_META = { waiting: true } as const;

/**
 * Whether an API action (RTK Query's fulfilled) came from the backend itself: not an answer shown
 * from what was kept, nor a write that waits in the outbox.
 */
export function isBackendAnswer(action: object): boolean {
  const { meta } = action as { meta?: { baseQueryMeta?: { kept?: unknown; waiting?: unknown } } };
  return meta?.baseQueryMeta?.kept !== true && meta?.baseQueryMeta?.waiting !== true;
}
