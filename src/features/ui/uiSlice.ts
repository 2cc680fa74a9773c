import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The app-wide full-page loader (spec section 2), which every feature's flows show and hide. */
export interface UiState {
  showLoader: boolean;
  /** Counts the times the loader was shown: a timer set for one showing leaves a later one alone. */
  loaderRound: number;
}

const initialUiState: UiState = { showLoader: false, loaderRound: 0 };

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    loaderShown(state) {
      state.showLoader = true;
      state.loaderRound += 1;
    },
    /** Hides the loader; with a round, only if no other showing came since that one. */
    loaderHidden(state, action: PayloadAction<{ round: number } | undefined>) {
      if (action.payload && action.payload.round !== state.loaderRound) return;
      state.showLoader = false;
    },
  },
  selectors: {
    selectShowLoader: (state) => state.showLoader,
  },
});

export const { loaderShown, loaderHidden } = uiSlice.actions;
export const { selectShowLoader } = uiSlice.selectors;
