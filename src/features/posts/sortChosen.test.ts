import { toast } from 'react-toastify/unstyled';
import { makeStore } from '../../app/store';
import { TIMINGS } from '../../config/timings';
import { selectShowLoader } from '../ui/uiSlice';
import { selectSortMode } from './feedSlice';
import { sortChosen, SORT_TOASTS } from './sortChosen';

describe('sortChosen', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('sorts the feed and says so after the loader’s second', async () => {
    const success = jest.spyOn(toast, 'success');
    const store = makeStore();
    store.dispatch(sortChosen('trending'));
    expect(selectShowLoader(store.getState())).toBe(true);
    expect(selectSortMode(store.getState())).toBe('latest');
    jest.advanceTimersByTime(TIMINGS.sortLoaderMs);
    expect(selectSortMode(store.getState())).toBe('trending');
    expect(selectShowLoader(store.getState())).toBe(false);
    // The toasts' code loads with the first toast.
    await jest.runAllTimersAsync();
    expect(success).toHaveBeenCalledWith(SORT_TOASTS.trending, expect.anything());
  });
});
