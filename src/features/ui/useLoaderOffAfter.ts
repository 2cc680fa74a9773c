import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { loaderHidden } from './uiSlice';

/**
 * Turns the full-page loader off `delayMs` after `ready` becomes true (spec section 9: 1 s after the
 * user list loads, 2 s after bookmarks, explore and profile loads).
 */
export function useLoaderOffAfter(ready: boolean, delayMs: number): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!ready) return undefined;
    const timer = window.setTimeout(() => dispatch(loaderHidden()), delayMs);
    return () => window.clearTimeout(timer);
  }, [ready, delayMs, dispatch]);
}
