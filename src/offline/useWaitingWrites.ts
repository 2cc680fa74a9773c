import { useEffect } from 'react';
import { selectCurrentUserId } from '../features/auth/sessionSlice';
import { useAppDispatch, useAppSelector, useAppStore } from '../lib/store/hooks';
import { keptWaitingOf, loadSender, startOutbox } from './outboxListeners';
import { waitingFound } from './outboxSlice';

/**
 * The outbox, at work while the member's pages are open (its code loaded as they open); and the member's writes kept waiting in this browser (a tab closed, the browser restarted, before
 * they could go) join the outbox when the member's pages open: shown as made, and sent once the
 * backend answers.
 */
export function useWaitingWrites(): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const member = useAppSelector(selectCurrentUserId);
  // The outbox's listeners, while the member's pages are open: first, before anything can wait.
  useEffect(() => startOutbox(store.dispatch), [store]);
  // The outbox's code comes with the member's pages, while the network is there: a write that waits
  // needs it when the network is gone.
  useEffect(() => {
    void loadSender().catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!member) return undefined;
    let current = true;
    void keptWaitingOf(member).then((writes) => {
      if (current && writes.length > 0) dispatch(waitingFound(writes));
    });
    return () => {
      current = false;
    };
  }, [dispatch, member]);
}
