import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { createApi, fetchBaseQuery, type BaseQueryApi, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { NETWORK_VERSION_HEADER, readNetworkVersionHeader } from '../../../contract/networkVersion';
import { absoluteApiBase } from '../../config/env';
import { TIMINGS } from '../../config/timings';
import { loadKeptReads } from '../../offline/loadKeptReads';
import type { ApiExtension, HealthResponse } from '../../types/api';
import { classifyFailure, NOT_STARTED_ERROR, withRetryAfter } from '../apiError';
import { refusalStatus } from '../refusalBody';
import { apiFailed, KEPT_ANSWER_META, keptAnswerShown, WAITING_META, type CallPurpose } from './apiEvents';
import { API_REDUCER_PATH, apiArrived } from './apiSlot';
import { backendBroughtBack, backendReady } from './backendReady';
import { inSpecTerms, type SpecCall } from './specAdapter';
import { trackWrite } from './writesOnTheirWay';
import { writeWaiting, type OutboxState, type WaitingKind } from '../../offline/outboxSlice';
import { waitingWriteOf } from '../../offline/waitingWrite';

/**
 * The highest network version the backend's answers said (X-Network-Version), sent back on every
 * call: no answer then reflects an older network than one already shown (contract/networkVersion.ts).
 */
let networkSeen = 0;
/**
 * The lowest network version the backend's answers said: a live stream that starts after it misses
 * no write that an answer the app shows did not hold (see streamStart).
 */
let networkLowest = 0;
/** Whether an answer other than /health's has come from the backend, versioned or not. */
let answered = false;
const whenAnswered: Array<() => void> = [];

function fetchFrom(baseUrl: string) {
  return fetchBaseQuery({
    baseUrl,
    prepareHeaders: (headers, { getState }) => {
      const token = storeState(getState).session.token;
      if (token) headers.set('authorization', token);
      if (networkSeen > 0) headers.set(NETWORK_VERSION_HEADER, String(networkSeen));
      return headers;
    },
  });
}

// fetch under Node (tests) needs an absolute URL; in the browser this is the page's origin + base.
// Read at each call: a stand-in build can be pointed at a real server while it runs.
let calls = { base: absoluteApiBase(), query: fetchFrom(absoluteApiBase()) };
const rawBaseQuery: ReturnType<typeof fetchBaseQuery> = async (args, api, extraOptions) => {
  const base = absoluteApiBase();
  // Another backend counts its versions on its own.
  if (calls.base !== base) {
    calls = { base, query: fetchFrom(base) };
    networkSeen = 0;
    networkLowest = 0;
    answered = false;
  }
  const result = await calls.query(args, api, extraOptions);
  if (calls.base !== base) return result;
  const said = readNetworkVersionHeader(result.meta?.response?.headers.get(NETWORK_VERSION_HEADER));
  if (said > networkSeen) networkSeen = said;
  if (said > 0 && (networkLowest === 0 || said < networkLowest)) networkLowest = said;
  if (!answered && result.meta?.response && !new URL(result.meta.request.url).pathname.endsWith('/health')) {
    answered = true;
    whenAnswered.splice(0).forEach((resolve) => resolve());
  }
  return result;
};

/**
 * Where a live stream from `base` that has heard no event yet starts: after the lowest network
 * version the app's answers said, so that a write made between an answer the page shows and the
 * stream's opening is told too (the backend sends the events after it, or a reset when it no
 * longer has them). Waits up to `waitMs` for a first answer from `base` (other than /health's,
 * which says no version), also when the app has just been pointed at `base` and its answers so far
 * came from another backend, whose versions count for nothing here; undefined when no answer from
 * `base` said a version (the stand-in): the stream starts at the backend's newest event.
 */
export async function streamStart(base: string, waitMs: number): Promise<number | undefined> {
  const heardFrom = () => calls.base === base && answered;
  const deadline = Date.now() + waitMs;
  // Another backend's first answer may come first: wait on for `base`'s, to the same deadline.
  while (!heardFrom() && Date.now() < deadline) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, deadline - Date.now());
      whenAnswered.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  return calls.base === base && networkLowest > 0 ? networkLowest : undefined;
}

/**
 * Every call goes through here. A failure is reported once, as an `apiFailed` event, and the app's
 * listeners decide what the member sees (toast, /error, /login). The error is still returned, so a
 * form's `unwrap()` fails and the form keeps what the member typed.
 */
export interface CallOptions {
  /** A failure of this call concerns nobody: no toast, no trip to /error or /login (logout). */
  silent?: boolean;
  /**
   * The caller shows this call's 4xx refusals itself (login words both of its refusals as 'Invalid
   * Credentials!'); network failures and 5xx still go where every failure goes.
   */
  ownRefusals?: boolean;
  /**
   * A query that acts like a form (a list opened in a dialog, with its own Try again): a network
   * failure or a 5xx is said in a toast, as a mutation's is, and the member stays where they are,
   * instead of going to /error, which is for a page that could not load.
   */
  formSave?: boolean;
  /**
   * The call loads what stands beside every page (the members list: the side panel, the search,
   * mentions), never a page's own content: its failure leaves the member on the page as it is. A
   * lost connection is said (the connection notice), and the call goes again once the backend answers.
   */
  aside?: boolean;
  /**
   * The route whose page this call loads (a route pattern): its first load failing there goes to
   * /error as any page's does; on every other page the call loads beside the page (`aside`). For a
   * query that the member's shell loads on every page and that is also one page's content.
   */
  pageOf?: string;
  /**
   * The write waits when it finds no backend (offline/outboxSlice.ts): kept as this kind of change,
   * shown as done and "Waiting to send", and sent once the backend answers again. Made while others
   * wait, it waits behind them, so that they all go in the order the member made them.
   */
  waitsOffline?: WaitingKind;
}

/**
 * Whether the backend refused GET /health (a 4xx: it answers the spec alone), as against a question
 * that got no answer (a lost connection, a 5xx), which says nothing of what the backend has.
 */
function refusedHealth(error: unknown): boolean {
  return refusalStatus(error) !== undefined;
}

/** Whether the backend said (GET /health) that it has this extension; nothing is assumed before. */
export function backendHas(state: unknown, extension: ApiExtension): boolean {
  return api.endpoints.getHealth.select()(state as Parameters<ReturnType<typeof api.endpoints.getHealth.select>>[0]).data?.extensions?.includes(extension) ?? false;
}

/**
 * Whether the backend has this extension, once it has said: a health answer still on its way (a
 * signup asks for it beside the signup itself) is waited for, and one never asked for is asked.
 */
export async function backendHasAnswered(api: Pick<BaseQueryApi, 'dispatch' | 'getState'>, extension: ApiExtension): Promise<boolean> {
  return (await extensionsAnswered(api)).includes(extension);
}

/** The backend's extensions, once it has said (as backendHasAnswered); none from a backend without /health. */
async function extensionsAnswered({ dispatch, getState }: Pick<BaseQueryApi, 'dispatch' | 'getState'>): Promise<readonly ApiExtension[]> {
  const known = api.endpoints.getHealth.select()(storeState(getState));
  // A backend that refused /health (it answers the spec alone) is not asked again for each call.
  if (!known.data && refusedHealth(known.error)) return [];
  const { data } = await (dispatch as ApiDispatch)(api.endpoints.getHealth.initiate(undefined, { subscribe: false }));
  return data?.extensions ?? [];
}

/**
 * The call as the backend takes it (specAdapter): a call that asks in an extension the backend may
 * lack waits for its health answer, then goes as the spec has it where it does lack it.
 */
async function specCallFor(args: string | FetchArgs, api: BaseQueryApi): Promise<SpecCall | undefined> {
  const request = typeof args === 'string' ? { url: args } : args;
  const memberId = storeState(api.getState).session.userId;
  if (!inSpecTerms(request, { extensions: [], memberId })) return undefined;
  return inSpecTerms(request, { extensions: await extensionsAnswered(api), memberId });
}

/** The most whole lists kept for their following pages, per store: the lists a member scrolls at a time. */
const WHOLE_LISTS_KEPT = 4;
/** The spec's answers a list's first page got, by store and calls, for its following pages (SpecCall.page). */
const wholeLists = new WeakMap<object, Map<string, KeptList>>();

/** A whole list's answers, and when they came. */
interface KeptList {
  answers: readonly unknown[];
  at: number;
}

function keptLists(api: BaseQueryApi): Map<string, KeptList> {
  let kept = wholeLists.get(api.dispatch);
  if (!kept) wholeLists.set(api.dispatch, (kept = new Map()));
  return kept;
}

/** The spec's answers to `spec`'s calls: asked for (all at once), or, for a following page, those its first page got. */
type SpecAnswers = { error: FetchBaseQueryError; data?: undefined; meta?: FetchBaseQueryMeta } | { error?: undefined; data: readonly unknown[]; meta?: FetchBaseQueryMeta };

async function specAnswers(spec: SpecCall, api: BaseQueryApi, extraOptions: CallOptions): Promise<SpecAnswers> {
  const kept = keptLists(api);
  // The member asking is part of the key: a list kept for one member is never another's.
  const key = JSON.stringify([storeState(api.getState).session.token, spec.requests.map((request) => request.url)]);
  const firstPages = spec.page === 'next' ? kept.get(key) : undefined;
  if (firstPages && (spec.keptForMs === undefined || Date.now() - firstPages.at < spec.keptForMs)) return { data: firstPages.answers };
  const results = await Promise.all(spec.requests.map((request) => rawBaseQuery(request, api, extraOptions)));
  const failed = results.find((result) => result.error !== undefined);
  if (failed?.error) return { error: failed.error, meta: failed.meta };
  const answers = results.map((result) => result.data);
  if (spec.page) {
    kept.delete(key);
    kept.set(key, { answers, at: Date.now() });
    // The list asked for longest ago goes first.
    for (const oldest of kept.keys()) if (kept.size > WHOLE_LISTS_KEPT) kept.delete(oldest);
  }
  return { data: answers, meta: results[0]?.meta };
}

/**
 * What a call is for (apiEvents' CallPurpose): a mutation, or a query that acts like a form, is the
 * member's act; a query whose answer is on screen already, or one forced again (a refetch, a poll, a
 * reload of a post the live stream named), reloads; any other is a page's first load.
 */
function callPurpose(api: BaseQueryApi, extraOptions: CallOptions | undefined, shown: boolean): CallPurpose {
  if (api.type === 'mutation' || extraOptions?.formSave === true) return 'act';
  if (extraOptions?.aside === true) return 'aside';
  return shown || api.forced === true ? 'reload' : 'load';
}

/** Whether the query making this call has an answer in the cache (on screen, where it is watched). */
function answerShown(api: BaseQueryApi): boolean {
  const queries = storeState(api.getState).api.queries as Record<string, { data?: unknown } | undefined>;
  return api.queryCacheKey !== undefined && queries[api.queryCacheKey]?.data !== undefined;
}

/**
 * Whether a read that found no network shows the answer kept for it: where its query has nothing to
 * show yet (a start, a page opened), or shows what was kept already (the next page of a kept list).
 * A reload of a fresh answer keeps that answer on screen instead.
 */
function showsKept(api: BaseQueryApi, shown: boolean): boolean {
  const kept = storeState(api.getState).connection?.keptQueries ?? [];
  return !shown || (api.queryCacheKey !== undefined && kept.includes(api.queryCacheKey));
}

function carriesIdempotencyKey(args: string | FetchArgs): boolean {
  return typeof args !== 'string' && new Headers(args.headers as HeadersInit | undefined).has('idempotency-key');
}

/**
 * A failure after which a create may or may not have been stored: its connection was reset before
 * any answer, or a balancer answered for the server (502: the process holding it stopped; 503: none
 * could take it, or the server could not reach its database).
 */
function mayHaveBeenStored(error: FetchBaseQueryError | undefined): boolean {
  return error?.status === 'FETCH_ERROR' || error?.status === 502 || error?.status === 503;
}

/**
 * Sends the call as the backend takes it: as asked, or as the spec has it with its answer turned
 * into the one asked for, or not at all where the spec has no such call (specAdapter).
 */
async function sendInBackendTerms(request: string | FetchArgs, api: BaseQueryApi, extraOptions: CallOptions) {
  const spec = await specCallFor(request, api);
  // A change (a post, a like, a bookmark) makes the kept lists old: the next page asks afresh.
  if (typeof request !== 'string' && (request.method ?? 'GET').toUpperCase() !== 'GET') keptLists(api).clear();
  if (!spec) return rawBaseQuery(request, api, extraOptions);
  const result = await specAnswers(spec, api, extraOptions);
  return result.error === undefined ? { ...result, data: spec.answer(result.data) } : result;
}

/**
 * Keeps `data` as the answer to the read `args` made by `member` (null: a visitor) for when the
 * network is gone (offline/keptReads.ts); also for an answer the app got another way (a login's
 * answer carries the member's record).
 */
export function keepAnswer(member: string | null, args: string | FetchArgs, data: unknown): void {
  const request = readKey(args);
  void loadKeptReads().then((reads) => reads?.keep(member, request, data)).catch(() => undefined);
}

/** A read as kept (offline/keptReads.ts): the backend it went to, and what it asked. */
function readKey(args: string | FetchArgs): string {
  const request = typeof args === 'string' ? { url: args } : args;
  const query = request.params ? `?${new URLSearchParams(request.params as Record<string, string>).toString()}` : '';
  return `${absoluteApiBase()}${request.url}${query}`;
}

/**
 * A write is sent without the cache's abort signal: once sent it goes to its end (writesOnTheirWay),
 * and an abort (the session ended) only stops the app from listening for its answer.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, CallOptions> = (args, api, extraOptions) => {
  if (api.type !== 'mutation') return call(args, api, extraOptions, api);
  return trackWrite(call(args, api, extraOptions, { ...api, signal: new AbortController().signal }));
};

/** Makes the call with `sending` (the API, with the signal the fetch obeys); `api.signal` says whether anyone still listens. */
async function call(args: string | FetchArgs, api: BaseQueryApi, extraOptions: CallOptions, sending: BaseQueryApi) {
  const notStarted = await backendReady();
  const { token, userId: member } = storeState(api.getState).session;
  const sentToken = Boolean(token);
  // What was on screen as the call started.
  const shown = answerShown(api);
  const purpose = callPurpose(api, extraOptions, shown);
  const keptShowable = api.type === 'query' && showsKept(api, shown);
  const waitable = api.type === 'mutation' && member ? extraOptions?.waitsOffline : undefined;
  // A new post or reply waits only for a backend that stores a create once by its key (the `idempotency`
  // extension): the outbox sends again a write whose answer was lost, which a backend without it
  // could store twice.
  const creates = waitable === 'post' || waitable === 'reply';
  const waits = creates && !(backendHas(api.getState(), 'idempotency') || (await backendHasAnswered(api, 'idempotency'))) ? undefined : waitable;
  if (waits && member && (storeState(api.getState).outbox?.waiting.length ?? 0) > 0) return waitInOutbox(waits, member, args, api);
  // A backend that could not start answers nothing: the call stays here and fails as such.
  let result = notStarted ? { error: NOT_STARTED_ERROR } : await sendInBackendTerms(args, sending, extraOptions);
  // Every answer of the contract is JSON: one that is not came from something else (the stand-in's
  // worker, stopped by the browser, let the call through to the network). Once the backend is back,
  // the call goes again: nothing was stored where it went.
  if (result.error?.status === 'PARSING_ERROR' && !api.signal.aborted && (await backendBroughtBack())) {
    result = await sendInBackendTerms(args, sending, extraOptions);
  }
  // A create whose answer was lost (a reset connection, or a balancer's 502 or 503) is sent once more
  // with the same key: a backend with the `idempotency` extension stores it once either way. Without
  // the extension the first may have been stored, so it is not sent again.
  if (mayHaveBeenStored(result.error) && !api.signal.aborted && carriesIdempotencyKey(args) && (await backendHasAnswered(api, 'idempotency'))) {
    result = await sendInBackendTerms(args, sending, extraOptions);
  }
  if (waits && member && result.error?.status === 'FETCH_ERROR' && !api.signal.aborted) return waitInOutbox(waits, member, args, api);
  // A member's read is kept for when the network is gone; one that finds no network shows the answer
  // kept when it last came, if any, and the connection notice says from when (offline/keptReads.ts).
  if (api.type === 'query' && !api.signal.aborted) {
    if (result.error === undefined) {
      keepAnswer(member, args, result.data);
    } else if (result.error.status === 'FETCH_ERROR' && keptShowable) {
      const kept = await loadKeptReads().then((reads) => reads?.find(member, readKey(args))).catch(() => undefined);
      if (kept && !api.signal.aborted) {
        api.dispatch(keptAnswerShown({ at: kept.at, queryCacheKey: api.queryCacheKey }));
        return { data: kept.data, meta: KEPT_ANSWER_META };
      }
    }
  }
  // A 429's message says when to try again, from its Retry-After.
  if (result.error && 'meta' in result) result.error = withRetryAfter(result.error, result.meta?.response?.headers);
  // A call aborted on purpose (the session ended and the cache was reset) is nobody's failure.
  if (result.error && !api.signal.aborted && !extraOptions?.silent) {
    const failure = classifyFailure(result.error, sentToken);
    if (!(extraOptions?.ownRefusals && failure.kind === 'client')) api.dispatch(apiFailed({ ...failure, endpoint: api.endpoint, purpose, pageOf: extraOptions?.pageOf }));
  }
  return result;
}

/** The answer to a write that waits in the outbox: none yet (null: "no change"), so the change shown at once stays. */
function waitInOutbox(kind: WaitingKind, member: string, args: string | FetchArgs, api: BaseQueryApi) {
  const write = waitingWriteOf(kind, member, args);
  if (write) api.dispatch(writeWaiting(write));
  return { data: null, meta: WAITING_META };
}

/**
 * Sends a write that waited (offline/outboxSender.ts) as it was made, as the backend takes it; it
 * is among the writes on their way until answered. Nothing more is done with a failure here: the
 * outbox decides whether it waits again (a 429 among them, by its Retry-After) or is taken back.
 */
export function sendWaitingWrite(request: FetchArgs, cache: CacheAccess) {
  const sending: BaseQueryApi = {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: cache.dispatch,
    getState: cache.getState,
    extra: undefined,
    endpoint: 'outbox',
    type: 'mutation',
  };
  return trackWrite(sendInBackendTerms(request, sending, {}));
}

export const TAGS = ['Post', 'User', 'Bookmark', 'Reply', 'Notification', 'Relation', 'Pin', 'Device', 'Account', 'TwoFactor', 'AccountDeletion', 'ScheduledPost', 'ModerationQueue', 'ModerationAudit', 'ModerationNotice', 'ModerationStaff', 'ModerationRestricted', 'OwnReport'] as const;

/**
 * The tag of the home feed where the backend builds it (the `feed` extension): what it holds changes
 * with whom the member follows, so a follow or an unfollow invalidates it.
 */
export const HOME_FEED_TAG = { type: 'Post', id: 'FEED' } as const;

/**
 * The tag of whom the member might follow (the `suggestions` extension): they change with whom the
 * member mutes and blocks, not with a follow (the entry stays, with Unfollow, until they load again).
 */
export const SUGGESTIONS_TAG = { type: 'User', id: 'SUGGESTIONS' } as const;

/** The one API of the app; each resource adds its endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: API_REDUCER_PATH,
  baseQuery,
  tagTypes: TAGS,
  endpoints: (build) => ({
    /** Whether the backend answers, and which extensions beyond the spec it has (asked once). */
    getHealth: build.query<HealthResponse, void>({
      query: () => '/health',
      // A backend without /health is one that answers the spec alone: nobody needs to hear of it.
      extraOptions: { silent: true },
    }),
  }),
});

export const { useGetHealthQuery } = api;

// This module is the API's code: loading it puts the API in its place in the store (apiSlot).
apiArrived({
  reducer: api.reducer,
  middleware: api.middleware,
  start: (dispatch) => {
    // The store's dispatch takes thunks; the slot only knows it as a plain dispatch.
    setupListeners(dispatch as ApiDispatch);
  },
  resetApiState: () => api.util.resetApiState(),
});

/**
 * Whether the backend has an extension: undefined until its health answer is in (a screen that
 * depends on it waits), false for a backend without /health (it answers the spec alone).
 */
export function useBackendHas(extension: ApiExtension): boolean | undefined {
  const { data, error } = useGetHealthQuery();
  if (data) return data.extensions?.includes(extension) ?? false;
  return refusedHealth(error) ? false : undefined;
}

/**
 * Asks the backend what it has (GET /health), and again every `healthAgainMs` while the question
 * gets no answer: an answer lost on its way (a connection that dropped, a reload that raced the
 * stand-in's worker, a 5xx) is not a backend that answers the spec alone, which only a 4xx says.
 * Until it answers, what depends on an extension waits.
 */
export function useHealthAsked(): void {
  const { data, error } = useGetHealthQuery();
  useGetHealthQuery(undefined, { skip: Boolean(data) || !error || refusedHealth(error), pollingInterval: TIMINGS.healthAgainMs });
}

/**
 * The store as the API's endpoints and cache helpers see it. Typed here, once: RTK Query hands its
 * lifecycles a `getState` typed as the API's own slice, and the store they run in also holds the session.
 */
export interface ApiRootState {
  api: ReturnType<typeof api.reducer>;
  /** The part of the session the calls and the cache read: whose token it is. */
  session: { token: string | null; userId: string | null };
  /** The queries answered from what was kept (features/live/connectionSlice.ts); none in a store without it. */
  connection?: { keptQueries: readonly string[] };
  /** The writes waiting to be sent (offline/outboxSlice.ts); none in a store without it. */
  outbox?: OutboxState;
}
export type ApiDispatch = ThunkDispatch<ApiRootState, unknown, UnknownAction>;

/** Puts the cache back as it was before a change. */
export type Undo = () => void;

/** What a cache helper works with: the store's dispatch and state. */
export interface CacheAccess {
  dispatch: ApiDispatch;
  getState: () => ApiRootState;
}

/** The store's state, read through a `getState` RTK Query typed narrower than the store it runs in. */
function storeState(getState: () => unknown): ApiRootState {
  return getState() as ApiRootState;
}

/** A lifecycle's dispatch and getState as a CacheAccess. */
export function cacheAccess({ dispatch, getState }: { dispatch: ApiDispatch; getState: () => unknown }): CacheAccess {
  return { dispatch, getState: () => storeState(getState) };
}

/** The action that has everything shown load again from the backend (its data changed under it all). */
export function loadAllAgain() {
  return api.util.invalidateTags([...TAGS]);
}

type Initiate = (arg: unknown, options: { subscribe: boolean; forceRefetch: boolean }) => Parameters<ApiDispatch>[0];

/**
 * Loads again each query whose last try failed, the backend answering again after an outage: what
 * stands beside a page (its first load failed) and lists whose reload failed; and those answered
 * from what was kept (their cache keys). What loaded keeps its answer.
 */
export function loadFailedAgain(answeredFromKept: readonly string[] = []) {
  return loadAgain((key, status) => status === 'rejected' || answeredFromKept.includes(key));
}

/** Loads again the queries answered from what was kept (their cache keys), the backend answering again. */
export function loadKeptAgain(answeredFromKept: readonly string[]) {
  return loadAgain((key) => answeredFromKept.includes(key));
}

function loadAgain(which: (key: string, status: string | undefined) => boolean) {
  return (dispatch: ApiDispatch, getState: () => unknown): void => {
    const endpoints = api.endpoints as unknown as Record<string, { initiate: Initiate } | undefined>;
    for (const [key, entry] of Object.entries(storeState(getState).api.queries)) {
      const name = entry?.endpointName;
      const endpoint = name !== undefined && which(key, entry?.status) ? endpoints[name] : undefined;
      if (endpoint) void dispatch(endpoint.initiate(entry?.originalArgs, { subscribe: false, forceRefetch: true }));
    }
  };
}
