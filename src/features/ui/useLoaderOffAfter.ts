import { useEffect } from 'react';
import { useAppDispatch } from '../../lib/store/hooks';
import { loaderOffAfter } from './loaderTimers';

/**
 * Turns the full-page loader off `delayMs` after `ready` becomes true (spec section 9: 1 s after the
 * user list loads, 2 s after bookmarks, explore and profile loads). Only the showing that was on by
 * then: a loader shown since (a sort chosen meanwhile) keeps its own second. Cancelled on unmount.
 */
export function useLoaderOffAfter(ready: boolean, delayMs: number): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!ready) return undefined;
    return dispatch(loaderOffAfter(delayMs));
  }, [ready, delayMs, dispatch]);
}
