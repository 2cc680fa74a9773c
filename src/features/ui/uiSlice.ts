import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PostOrder } from '../../../contract/order';

/** The feed's orders are the contract's (spec section 4). */
export type SortMode = PostOrder;

export const SORT_LABELS: Record<SortMode, string> = {
  latest: 'Latest Posts',
  oldest: 'Oldest Posts',
  trending: 'Trending Posts',
};

export interface UiState {
  showLoader: boolean;
  /** Counts the times the loader was shown: a timer set for one showing leaves a later one alone. */
  loaderRound: number;
  sortMode: SortMode;
  /** How many times the member chose a sort: each choice orders the feed again, even the same one. */
  sortChoices: number;
  isFiltersOpen: boolean;
}

export const initialUiState: UiState = { showLoader: false, loaderRound: 0, sortMode: 'latest', sortChoices: 0, isFiltersOpen: false };

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
    feedSortChanged(state, action: PayloadAction<SortMode>) {
      state.sortMode = action.payload;
      state.sortChoices += 1;
    },
    filtersToggled(state) {
      state.isFiltersOpen = !state.isFiltersOpen;
    },
    filtersClosed(state) {
      state.isFiltersOpen = false;
    },
  },
  selectors: {
    selectShowLoader: (state) => state.showLoader,
    selectSortMode: (state) => state.sortMode,
    /** Changes with every sort choice: the order a steady list is shown in is taken again then. */
    selectSortChoice: (state) => `${state.sortMode}:${state.sortChoices}`,
    selectIsFiltersOpen: (state) => state.isFiltersOpen,
  },
});

export const { loaderShown, loaderHidden, feedSortChanged, filtersToggled, filtersClosed } = uiSlice.actions;
export const { selectShowLoader, selectSortMode, selectSortChoice, selectIsFiltersOpen } = uiSlice.selectors;
