import { addListener, type UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { api, loadFailedAgain, loadKeptAgain, TAGS } from '../../lib/api/api';
import { isBackendAnswer } from '../../lib/api/apiEvents';
import { hasCapability } from '../../lib/api/capabilities';
import { backendAnswers } from '../../lib/pageLoad';
import { useAppSelector, useAppStore } from '../../lib/store/hooks';
import { connectionBack, connectionLost, selectConnectionLost, selectKeptQueries } from './connectionSlice';
import { liveChanged } from './liveSlice';
import { reconnectCheckDelay } from './reconnectDelay';


/** An answer to one of the API's calls: the backend answers (an answer shown from what was kept, or a write left waiting, is not one). */
function isAnswer(action: UnknownAction): boolean {
  const fulfilled = action.type === `${api.reducerPath}/executeQuery/fulfilled` || action.type === `${api.reducerPath}/executeMutation/fulfilled`;
  return fulfilled && isBackendAnswer(action);
}

/**
 * Follows the connection to the backend while a member's pages are open. It is lost when a reload of
 * what is shown fails (the store's listener), or when the live stream drops and the backend does not
 * answer; then the app checks again and again, sooner when the browser says its network is back. Once
 * the backend answers (a check, or any call), the notice goes and what the page shows is brought up to
 * date: by the live stream, opened again at once, or by loading it again.
 */
export function useReconnect(): void {
  const store = useAppStore();
  const lost = useAppSelector(selectConnectionLost);

  // The live stream closed, or failed to open (each time it tries): is it the backend that went
  // away? One check at a time tells. A stream that never opened counts too: a server that stops
  // before the stream first opens leaves the member as alone as one that stops after.
  useEffect(() => {
    const leaving = new AbortController();
    let checking = false;
    const stopListening = store.dispatch(addListener({
      predicate: (action) => liveChanged.match(action) && !action.payload,
      effect: () => {
        if (checking || selectConnectionLost(store.getState())) return;
        checking = true;
        void backendAnswers(leaving.signal).then((answers) => {
          checking = false;
          if (!answers && !leaving.signal.aborted) store.dispatch(connectionLost());
        });
      },
    }));
    return () => {
      leaving.abort();
      stopListening();
    };
  }, [store]);

  useEffect(() => {
    if (!lost) return undefined;
    let done = false;
    const reconnected = () => {
      if (done) return;
      done = true;
      // What was shown from what was kept loads afresh, whatever else does.
      const kept = selectKeptQueries(store.getState());
      // With the live stream, it opens again at this (useLiveNetwork) and brings what was missed, in
      // order (new posts behind "N new posts"); without it, what the page shows loads again now.
      store.dispatch(connectionBack());
      if (!hasCapability(store.getState(), 'live')) {
        store.dispatch(api.util.invalidateTags([...TAGS]));
        store.dispatch(loadKeptAgain(kept));
      }
      // What failed meanwhile loads again either way (the members list beside the page, a list whose reload failed).
      else store.dispatch(loadFailedAgain(kept));
    };
    const stopListening = store.dispatch(addListener({ predicate: isAnswer, effect: reconnected }));
    const leaving = new AbortController();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let checking = false;
    const check = async () => {
      clearTimeout(timer);
      if (checking) return;
      checking = true;
      const answers = await backendAnswers(leaving.signal);
      checking = false;
      if (leaving.signal.aborted) return;
      if (answers) reconnected();
      else timer = setTimeout(() => void check(), reconnectCheckDelay(attempt++));
    };
    timer = setTimeout(() => void check(), reconnectCheckDelay(attempt++));
    const networkBack = () => void check();
    window.addEventListener('online', networkBack);
    return () => {
      leaving.abort();
      clearTimeout(timer);
      stopListening();
      window.removeEventListener('online', networkBack);
    };
  }, [lost, store]);
}
