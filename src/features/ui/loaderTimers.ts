import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { loaderHidden, loaderShown, type UiState } from './uiSlice';

interface UiRoot {
  ui: UiState;
}

/** Stops a timer before it fires; calling it again, or after it fired, does nothing. */
export type Cancel = () => void;

/**
 * The loader's one timing rule: the showing that is on now goes off after `delayMs`, then `then`
 * runs (a toast, the sorted feed). A loader shown again meanwhile keeps its own time. Returns how to
 * cancel it: a screen that leaves before then cancels, and nothing it scheduled happens.
 */
export function loaderOffAfter(delayMs: number, then?: () => void) {
  return (dispatch: Dispatch<UnknownAction>, getState: () => UiRoot): Cancel => {
    const { loaderRound: round } = getState().ui;
    const timer = setTimeout(() => {
      dispatch(loaderHidden({ round }));
      then?.();
    }, delayMs);
    return () => clearTimeout(timer);
  };
}

/** Turns off the showing `holdLoader` made, unless the loader was shown again since. */
export type Release = () => void;

/**
 * Shows the loader until the caller releases it (a form's call, however it ends). The release turns
 * off this showing only: a loader shown again meanwhile keeps its own time.
 */
export function holdLoader() {
  return (dispatch: Dispatch<UnknownAction>, getState: () => UiRoot): Release => {
    dispatch(loaderShown());
    const { loaderRound: round } = getState().ui;
    return () => {
      dispatch(loaderHidden({ round }));
    };
  };
}

/** Shows the loader now and turns it off after `delayMs` (then runs `then`); returns how to cancel. */
export function showLoaderFor(delayMs: number, then?: () => void) {
  return (dispatch: Dispatch<UnknownAction>, getState: () => UiRoot): Cancel => {
    dispatch(loaderShown());
    return loaderOffAfter(delayMs, then)(dispatch, getState);
  };
}
