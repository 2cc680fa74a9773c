import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { TIMINGS } from '../../config/timings';
import { showLoaderFor, type Cancel } from '../ui/loaderTimers';
import { notifySuccess } from '../ui/notify';
import type { UiState } from '../ui/uiSlice';
import { feedSortChanged, type SortMode } from './feedSlice';

export const SORT_TOASTS: Record<SortMode, string> = {
  latest: 'Sorted By Date Successfully!',
  oldest: 'Sorted By Date Successfully!',
  trending: 'Sorted By Trending Successfully!',
};

/**
 * The member chose a sort: the loader shows for a second, then the feed re-sorts and a toast says so.
 * Returns how to cancel it before then (nothing changes and no toast shows).
 */
export function sortChosen(mode: SortMode) {
  return (dispatch: Dispatch<UnknownAction>, getState: () => { ui: UiState }): Cancel =>
    showLoaderFor(TIMINGS.sortLoaderMs, () => {
      dispatch(feedSortChanged(mode));
      notifySuccess(SORT_TOASTS[mode]);
    })(dispatch, getState);
}
