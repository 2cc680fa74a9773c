import { toast } from 'react-toastify/unstyled';
import { makeStore } from '../../app/store';
import { TIMINGS } from '../../config/timings';
import { sortChosen, SORT_TOASTS } from './sortChosen';
import { loaderOffAfter, showLoaderFor } from './loaderTimers';
import { loaderShown, selectShowLoader, selectSortMode } from './uiSlice';

describe('the loader timers', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows the loader and turns it off after the given time, then runs what follows', () => {
    const store = makeStore();
    const then = jest.fn();
    store.dispatch(showLoaderFor(1000, then));
    expect(selectShowLoader(store.getState())).toBe(true);
    jest.advanceTimersByTime(999);
    expect(selectShowLoader(store.getState())).toBe(true);
    expect(then).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(selectShowLoader(store.getState())).toBe(false);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled: the loader stays as it is and what follows never runs', () => {
    const store = makeStore();
    const then = jest.fn();
    const cancel = store.dispatch(showLoaderFor(1000, then));
    cancel();
    jest.advanceTimersByTime(5000);
    expect(selectShowLoader(store.getState())).toBe(true);
    expect(then).not.toHaveBeenCalled();
  });

  it('leaves a loader shown again meanwhile alone: that showing keeps its own time', () => {
    const store = makeStore();
    store.dispatch(loaderShown());
    store.dispatch(loaderOffAfter(1000));
    jest.advanceTimersByTime(500);
    store.dispatch(showLoaderFor(1000));
    jest.advanceTimersByTime(500);
    expect(selectShowLoader(store.getState())).toBe(true);
    jest.advanceTimersByTime(500);
    expect(selectShowLoader(store.getState())).toBe(false);
  });
});

describe('sortChosen', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('sorts the feed and says so after the loader’s second', () => {
    const success = jest.spyOn(toast, 'success');
    const store = makeStore();
    store.dispatch(sortChosen('trending'));
    expect(selectShowLoader(store.getState())).toBe(true);
    expect(selectSortMode(store.getState())).toBe('latest');
    jest.advanceTimersByTime(TIMINGS.sortLoaderMs);
    expect(selectSortMode(store.getState())).toBe('trending');
    expect(selectShowLoader(store.getState())).toBe(false);
    expect(success).toHaveBeenCalledWith(SORT_TOASTS.trending, expect.anything());
  });

  it('can be cancelled before then: the order and the toasts stay as they were', () => {
    const success = jest.spyOn(toast, 'success');
    const store = makeStore();
    const cancel = store.dispatch(sortChosen('oldest'));
    cancel();
    jest.advanceTimersByTime(TIMINGS.sortLoaderMs * 2);
    expect(selectSortMode(store.getState())).toBe('latest');
    expect(success).not.toHaveBeenCalled();
  });
});
