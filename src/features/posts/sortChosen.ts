import { backendHas, type ApiDispatch, type ApiRootState } from '../../lib/api/api';
import { postsApi } from './postsApi';
import { TIMINGS } from '../../config/timings';
import { holdLoader, showLoaderFor, type Cancel } from '../ui/loaderTimers';
import { notifySuccess } from '../ui/notify';
import type { UiState } from '../ui/uiSlice';
import { feedSortChanged, type SortMode } from './feedSlice';
import { markSortLoad } from './sortLoads';

export const SORT_TOASTS: Record<SortMode, string> = {
  latest: 'Sorted By Date Successfully!',
  oldest: 'Sorted By Date Successfully!',
  trending: 'Sorted By Trending Successfully!',
};

/**
 * The member chose a sort: the loader shows for a second, then the feed re-sorts and a toast says so.
 * Where the backend builds the feed, it loads the feed in the new order (afresh, even the same order:
 * likes may have moved it), and the loader stays until that order is in, so the heading and the toast
 * never come before the cards they speak of; a load that fails changes nothing (its failure is shown
 * as every failure is). Returns how to cancel it before then (nothing changes and no toast shows).
 */
export function sortChosen(mode: SortMode) {
  return (dispatch: ApiDispatch, getState: () => ApiRootState & { ui: UiState }): Cancel => {
    const sorted = () => {
      dispatch(feedSortChanged(mode));
      notifySuccess(SORT_TOASTS[mode]);
    };
    if (!backendHas(getState(), 'feed')) return showLoaderFor(TIMINGS.sortLoaderMs, sorted)(dispatch, getState);

    const load = dispatch(postsApi.endpoints.getPostPages.initiate({ list: 'feed', sort: mode }, { subscribe: false, forceRefetch: true }));
    const unmark = markSortLoad(load.requestId);
    const releaseLoader = holdLoader()(dispatch, getState);
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const second = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, TIMINGS.sortLoaderMs);
    });
    void Promise.all([load, second]).then(([result]) => {
      unmark();
      if (cancelled) return;
      releaseLoader();
      if (!result.isError) sorted();
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  };
}
