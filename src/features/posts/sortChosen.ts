import type { AppDispatch } from '../../app/store';
import { TIMINGS } from '../../config/timings';
import { notifySuccess } from '../ui/notify';
import { feedSortChanged, loaderHidden, loaderShown, type SortMode } from '../ui/uiSlice';

export const SORT_TOASTS: Record<SortMode, string> = {
  latest: 'Sorted By Date Successfully!',
  oldest: 'Sorted By Date Successfully!',
  trending: 'Sorted By Trending Successfully!',
};

/** The member chose a sort: the loader shows for a second, then the feed re-sorts and a toast says so. */
export function sortChosen(mode: SortMode) {
  return (dispatch: AppDispatch): void => {
    dispatch(loaderShown());
    window.setTimeout(() => {
      dispatch(feedSortChanged(mode));
      dispatch(loaderHidden());
      notifySuccess(SORT_TOASTS[mode]);
    }, TIMINGS.sortLoaderMs);
  };
}
