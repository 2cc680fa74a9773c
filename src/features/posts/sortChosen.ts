import type { ApiDispatch, ApiRootState } from '../../lib/api/api';
import { postsApi } from './postsApi';
import { TIMINGS } from '../../config/timings';
import { holdLoader } from '../ui/loaderTimers';
import { notifySuccess } from '../ui/notify';
import type { UiState } from '../ui/uiSlice';
import { feedSortChanged, type SortMode } from './feedSlice';
import { markSortLoad } from './sortLoads';
import type { MessageId } from '../../i18n/catalogues/en';
import { t } from '../../i18n/i18n';

/** The toast of each order (catalogue ids), worded in the member's language when it shows. */
export const SORT_TOASTS: Record<SortMode, MessageId> = {
  latest: 'sort.byDate',
  oldest: 'sort.byDate',
  trending: 'sort.byTrending',
};

/**
 * The member chose a sort: the loader shows for a second, then the feed re-sorts and a toast says so.
 * The feed loads in the new order (afresh, even the same order: likes may have moved it), and the
 * loader stays until that order is in, so the heading and the toast never come before the cards they
 * speak of; a load that fails changes nothing (its failure is shown as every failure is).
 */
export function sortChosen(mode: SortMode) {
  return (dispatch: ApiDispatch, getState: () => ApiRootState & { ui: UiState }): void => {
    const sorted = () => {
      dispatch(feedSortChanged(mode));
      notifySuccess(t(SORT_TOASTS[mode]));
    };
    const load = dispatch(postsApi.endpoints.getPostPages.initiate({ list: 'feed', sort: mode }, { subscribe: false, forceRefetch: true }));
    const unmark = markSortLoad(load.requestId);
    const releaseLoader = holdLoader()(dispatch, getState);
    const second = new Promise((resolve) => setTimeout(resolve, TIMINGS.sortLoaderMs));
    void Promise.all([load, second]).then(([result]) => {
      unmark();
      releaseLoader();
      if (!result.isError) sorted();
    });
  };
}
