import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit';

/**
 * The API's place in the store, kept for it until its code arrives. A visitor on /login or /signup
 * needs none of RTK Query or of the app's endpoints to see the page, so that code loads when it is
 * first needed (the form's call, a member's page) and takes its place in every store then: its
 * reducer, its middleware, its listeners. Nothing here imports it.
 */
export interface ArrivingApi {
  reducer: Reducer;
  middleware: Middleware;
  /** Run once in each store the API arrives in (RTK Query's focus and online listeners). */
  start(dispatch: (action: UnknownAction) => unknown): void;
  /** The action that forgets everything the API has cached. */
  resetApiState(): UnknownAction;
}

/** Where the API keeps its cache in the store. */
export const API_REDUCER_PATH = 'api';

let arrived: ArrivingApi | null = null;

/** The stores made before the API arrived: each is told at once when it does. */
const awaiting = new Set<() => void>();

/** The action that tells a store the API has arrived: its reducer sets up the API's state. */
const API_ARRIVED = `${API_REDUCER_PATH}/arrived`;

/**
 * Called once by the API's own module when it loads. Every store takes the API in at once, so that
 * the first call made in it (RTK Query reads its state before sending anything) finds that state.
 */
export function apiArrived(parts: ArrivingApi): void {
  arrived = parts;
  const stores = [...awaiting];
  awaiting.clear();
  stores.forEach((takeApi) => takeApi());
}

/**
 * The cache's state before the API has arrived: empty, so that RTK Query's selectors (which read
 * their parts optionally) find nothing cached, as after a reset.
 */
const NOT_ARRIVED = Object.freeze({});

/** The reducer under `api`: the API's own once it has arrived. */
export function apiSlotReducer<State>(): Reducer<State> {
  return ((state: unknown, action: UnknownAction) => {
    if (!arrived) return state ?? NOT_ARRIVED;
    return arrived.reducer(state === NOT_ARRIVED ? undefined : state, action);
  }) as Reducer<State>;
}

/**
 * The middleware in the API's place: it passes actions on until the API's code has arrived, then
 * runs the API's middleware for this store. A store made before then is sent API_ARRIVED when the
 * API arrives; one made after takes it in with its first action (its reducer set the state up).
 */
export const apiSlotMiddleware: Middleware = (store) => (next) => {
  let inner: ((action: unknown) => unknown) | null = null;
  if (!arrived) awaiting.add(() => store.dispatch({ type: API_ARRIVED }));
  return (action) => {
    if (inner) return inner(action);
    if (!arrived) return next(action);
    const api = arrived;
    inner = api.middleware(store)(next);
    const result = inner(action);
    api.start(store.dispatch);
    return result;
  };
};

/** Forgets what the API has cached in this store; before the API has arrived there is nothing to forget. */
export function resetApi(dispatch: (action: UnknownAction) => unknown): void {
  if (arrived) dispatch(arrived.resetApiState());
}

/** An endpoint's answer, as RTK Query announces it. */
export interface EndpointAnswer<Arg, Result> extends UnknownAction {
  payload: Result;
  meta: { requestId: string; arg: { endpointName: string; originalArgs: Arg; direction?: 'forward' | 'backward' } };
}

/**
 * Matches the answers of one endpoint by its name, as RTK Query's own matchers do, so that the store
 * can listen for them before (and without) loading the endpoint's code.
 */
export function endpointAnswered<Arg = unknown, Result = unknown>(endpointName: string) {
  const types = [`${API_REDUCER_PATH}/executeQuery/fulfilled`, `${API_REDUCER_PATH}/executeMutation/fulfilled`];
  return (action: unknown): action is EndpointAnswer<Arg, Result> => {
    const candidate = action as Partial<EndpointAnswer<Arg, Result>> | null;
    return typeof candidate?.type === 'string' && types.includes(candidate.type) && candidate.meta?.arg?.endpointName === endpointName;
  };
}
