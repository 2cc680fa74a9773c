import { useEffect } from 'react';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { loaderHidden } from './uiSlice';

/**
 * Turns the full-page loader off `delayMs` after `ready` becomes true (spec section 9: 1 s after the
 * user list loads, 2 s after bookmarks, explore and profile loads). Only the showing that was on by
 * then: a loader shown since (a sort chosen meanwhile) keeps its own second.
 */
export function useLoaderOffAfter(ready: boolean, delayMs: number): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  useEffect(() => {
    if (!ready) return undefined;
    const round = store.getState().ui.loaderRound;
    const timer = window.setTimeout(() => dispatch(loaderHidden({ round })), delayMs);
    return () => window.clearTimeout(timer);
  }, [ready, delayMs, dispatch, store]);
}
