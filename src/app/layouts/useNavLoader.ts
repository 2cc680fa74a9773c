import { useCallback, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch } from '../../lib/store/hooks';
import { loaderShown } from '../../features/ui/uiSlice';

/**
 * Spec section 2: each navigation click turns on the full-page loader; the page it leads to turns it
 * off (useLoaderOffAfter). Clicks that do not navigate here (the current page, a new tab) leave it off.
 */
export function useNavLoader(): (to: string) => (event: MouseEvent) => void {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  return useCallback(
    (to: string) => (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (to === pathname) return;
      dispatch(loaderShown());
    },
    [dispatch, pathname],
  );
}
