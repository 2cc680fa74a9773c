import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import type { DataRouter } from 'react-router-dom';
// Types only: the API's code loads when it is first needed (lib/api/apiSlot.ts), not with the store.
import type { ApiRootState } from '../lib/api/api';
import { apiFailed } from '../lib/api/apiEvents';
import { API_REDUCER_PATH, apiSlotMiddleware, apiSlotReducer, endpointAnswered, resetApi } from '../lib/api/apiSlot';
import { paths } from '../config/paths';
import { accountLeft, sessionSlice, sessionExpired, userLoggedIn, userLoggedOut, sessionRestored, tokenRenewed } from '../features/auth/sessionSlice';
import { writeStoredToken } from '../features/auth/tokenStorage';
import { SUSPENDED_CODE } from '../lib/apiError';
import { uiSlice, loaderHidden } from '../features/ui/uiSlice';
import { feedSlice, feedSortChanged, selectSortMode } from '../features/posts/feedSlice';
import { liveSlice } from '../features/live/liveSlice';
import type { PagedList } from '../features/posts/postsApi';
import { isSortLoad } from '../features/posts/sortLoads';
import { notifyError, worded } from '../features/ui/notify';
import { connectionBack, connectionLost, connectionSlice } from '../features/live/connectionSlice';
import { forgetKeptImages } from '../offline/keptPages';
import { loadKeptReads } from '../offline/loadKeptReads';
import { loadKeptOutbox } from '../offline/loadKeptOutbox';
import { outboxSlice } from '../offline/outboxSlice';

const rootReducer = combineReducers({
  [API_REDUCER_PATH]: apiSlotReducer<ApiRootState['api']>(),
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [uiSlice.reducerPath]: uiSlice.reducer,
  [feedSlice.reducerPath]: feedSlice.reducer,
  [liveSlice.reducerPath]: liveSlice.reducer,
  [connectionSlice.reducerPath]: connectionSlice.reducer,
  [outboxSlice.reducerPath]: outboxSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface MakeStoreOptions {
  preloadedState?: Partial<RootState>;
  /**
   * How the store's listeners move the member to another route: the app's browser router, or a
   * test's memory router. None where nothing navigates (the build-time render, unit tests).
   */
  router?: Pick<DataRouter, 'navigate' | 'state'>;
}

export function makeStore({ preloadedState, router }: MakeStoreOptions = {}) {
  const listener = createListenerMiddleware();
  const startListening = listener.startListening.withTypes<RootState>();

  // Failed calls (design card): a 4xx -> the backend's message as a toast; a 401 -> the session is
  // over, /login; a backend that could not start in this browser -> a toast saying so, on the same
  // screen. A network failure or a 5xx leaves the member where the call was: an act (a change, a
  // form's save) stays on its screen, undone where it showed at once, with a toast saying what did not
  // happen; a reload of what is shown keeps it and says the app is reconnecting, as does the members
  // list beside every page; only a page's first load, with nothing to show, goes to /error, which
  // then speaks of the connection or of the server.
  startListening({
    actionCreator: apiFailed,
    effect: (action, listenerApi) => {
      const failure = action.payload;
      // Where the member was: /login and the error screen take them back there.
      const from = router?.state.location;
      listenerApi.dispatch(loaderHidden());
      if (failure.kind === 'client') {
        notifyError(worded((words) => words.failureReason(failure), failure.message));
        return;
      }
      if (failure.kind === 'unavailable') {
        notifyError(worded((words) => words.failureReason(failure), failure.message), { once: String(failure.status) });
        return;
      }
      if (failure.kind === 'unauthorized') {
        listenerApi.dispatch(sessionExpired(failure.code === SUSPENDED_CODE ? 'suspended' : undefined));
        if (from && from.pathname !== paths.login.pattern) {
          void router?.navigate(paths.login.href(), { replace: true, state: { from } });
        }
        return;
      }
      if (failure.purpose === 'act') {
        notifyError(worded((words) => words.failedActText(failure), failure.message));
        // A call that found no backend at all says the connection is gone; a refusal by a backend
        // that answers (a 503 while it cannot write) says nothing of the connection.
        if (failure.kind === 'network') listenerApi.dispatch(connectionLost());
        return;
      }
      if (failure.purpose === 'reload') {
        listenerApi.dispatch(connectionLost());
        return;
      }
      // A call that is one page's content and loads beside every other page (the member's bookmarks).
      const aside = failure.purpose === 'aside' || (failure.purpose === 'load' && failure.pageOf !== undefined && from?.pathname !== failure.pageOf);
      if (aside) {
        // The page is still the page: what stands beside it (the side panel's people) waits.
        if (failure.kind === 'network') listenerApi.dispatch(connectionLost());
        return;
      }
      if (from?.pathname !== paths.error.pattern) void router?.navigate(paths.error.href(), { state: { from, cause: failure.kind } });
    },
  });

  // Spec section 4: replacing the posts list resets the feed's sort to latest. A load of the feed
  // afresh in the order on screen (a first load, a follow's) replaces the list; the load a sort choice
  // starts brings the order chosen.
  startListening({
    matcher: endpointAnswered<PagedList>('getPostPages'),
    effect: ({ meta: { arg, requestId } }, listenerApi) => {
      const list = arg.originalArgs;
      if (list.list !== 'feed' || arg.direction !== undefined || isSortLoad(requestId)) return;
      const sortMode = selectSortMode(listenerApi.getState());
      if (list.sort === sortMode && sortMode !== 'latest') listenerApi.dispatch(feedSortChanged('latest'));
    },
  });

  // A password change, and logging out every other device, end every older token; the answer
  // carries this device's new one.
  for (const endpoint of ['editProfile', 'endOtherDevices']) {
    startListening({
      matcher: endpointAnswered<unknown, { encodedToken?: unknown } | undefined>(endpoint),
      effect: ({ payload }, listenerApi) => {
        if (typeof payload?.encodedToken === 'string' && payload.encodedToken !== '') listenerApi.dispatch(tokenRenewed(payload.encodedToken));
      },
    });
  }

  // An account set to be deleted: the backend ended every session of the member, this one too. The
  // member leaves for /login, which says when the account goes and that logging in keeps it; the
  // session ends here as the answer lands, so the live stream's word of it (which waits for this
  // call) finds it ended already and says nothing of a session that ended.
  startListening({
    matcher: endpointAnswered<unknown, { purgeAt?: unknown } | undefined>('deleteAccount'),
    effect: ({ payload }, listenerApi) => {
      void router?.navigate(paths.login.href(), { replace: true });
      listenerApi.dispatch(userLoggedOut());
      if (typeof payload?.purgeAt === 'string') listenerApi.dispatch(accountLeft(payload.purgeAt));
    },
  });

  // A login's answer carries the member's record: it goes where every view reads it, the cache.
  startListening({
    actionCreator: userLoggedIn,
    effect: async ({ payload: { user } }, listenerApi) => {
      // The members' endpoints may not have loaded yet (a login needs the auth endpoints alone). The
      // member's page waits for its own code, asked for after this, so the record is in first.
      const { ownRecordArrived } = await import(/* webpackChunkName: "api-users" */ '../features/users/usersApi');
      listenerApi.dispatch(ownRecordArrived(user));
    },
  });

  // The token follows the session into localStorage (spec: key encodedToken).
  startListening({
    matcher: isAnyOf(userLoggedIn, sessionRestored, tokenRenewed),
    effect: (_action, listenerApi) => {
      writeStoredToken(listenerApi.getState().session.token);
    },
  });
  // Nothing of one member is kept for the next (src/offline/): a session's end forgets every read
  // kept and every image, and a member logging in forgets every other member's reads and waiting
  // writes, and the images kept before (a tab closed without logging out leaves them; which images
  // were seen is the last member's business).
  startListening({
    actionCreator: userLoggedIn,
    effect: async ({ payload: { user } }) => {
      void forgetKeptImages().catch(() => undefined);
      // The writes another member left waiting (the outbox) are theirs alone: never sent as this one's.
      void loadKeptOutbox().then((outbox) => outbox?.forget(user._id)).catch(() => undefined);
      await (await loadKeptReads())?.forget(user._id).catch(() => undefined);
    },
  });
  startListening({
    matcher: isAnyOf(userLoggedOut, sessionExpired),
    effect: (action, listenerApi) => {
      void loadKeptReads().then((reads) => reads?.forget()).catch(() => undefined);
      void forgetKeptImages().catch(() => undefined);
      // The member's writes still waiting go too (the logout asked first); a session the backend
      // ended keeps them for the member's next login.
      if (userLoggedOut.match(action)) void loadKeptOutbox().then((outbox) => outbox?.forget()).catch(() => undefined);
      writeStoredToken(null, { endedByBackend: sessionExpired.match(action) ? action.payload ?? true : false });
      resetApi(listenerApi.dispatch);
      // Nothing of the member's is on screen to reconnect for.
      listenerApi.dispatch(connectionBack());
    },
  });

  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // The development-only state checks skip the API cache: with 10,000 posts they cost ~0.6 s a change,
    // and the cache is RTK Query's own, written only through its reducers. The serializable check reads
    // the state alone, not each action: a page of posts arrives as parsed JSON, and walking every
    // answer's payload took 8 % of the app's unit tests' CPU (428 s against 397 s, one run each). A
    // value that cannot be serialized is still reported (a console error) once a slice of the app's keeps it.
    middleware: (getDefault) =>
      getDefault({ immutableCheck: { ignoredPaths: ['api'] }, serializableCheck: { ignoredPaths: ['api'], ignoreActions: true } })
        .prepend(listener.middleware)
        .concat(apiSlotMiddleware),
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
