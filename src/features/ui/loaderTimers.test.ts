import { makeStore } from '../../app/store';
import { holdLoader, loaderOffAfter, showLoaderFor } from './loaderTimers';
import { loaderShown, selectShowLoader } from './uiSlice';

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

  it('holds the loader until released, and a release after a newer showing leaves that one on', () => {
    const store = makeStore();
    const release = store.dispatch(holdLoader());
    jest.advanceTimersByTime(60_000);
    expect(selectShowLoader(store.getState())).toBe(true);
    release();
    expect(selectShowLoader(store.getState())).toBe(false);

    const late = store.dispatch(holdLoader());
    store.dispatch(showLoaderFor(1000));
    late();
    expect(selectShowLoader(store.getState())).toBe(true);
    jest.advanceTimersByTime(1000);
    expect(selectShowLoader(store.getState())).toBe(false);
  });
});
