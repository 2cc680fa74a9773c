import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PostOrder } from '../../../contract/order';
import type { MessageId } from '../../i18n/catalogues/en';

/** The feed's orders are the contract's (spec section 4). */
export type SortMode = PostOrder;

/** The feed's heading and name in each order (catalogue ids). */
export const SORT_LABELS: Record<SortMode, MessageId> = {
  latest: 'sort.latestPosts',
  oldest: 'sort.oldestPosts',
  trending: 'sort.trendingPosts',
};

/** How the member looks at the home feed: its order, and whether the filters panel is open. */
export interface FeedState {
  sortMode: SortMode;
  /** How many times the member chose a sort: each choice orders the feed again, even the same one. */
  sortChoices: number;
  isFiltersOpen: boolean;
}

const initialFeedState: FeedState = { sortMode: 'latest', sortChoices: 0, isFiltersOpen: false };

export const feedSlice = createSlice({
  name: 'feed',
  initialState: initialFeedState,
  reducers: {
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
    selectSortMode: (state) => state.sortMode,
    /** Changes with every sort choice: the order a steady list is shown in is taken again then. */
    selectSortChoice: (state) => `${state.sortMode}:${state.sortChoices}`,
    selectIsFiltersOpen: (state) => state.isFiltersOpen,
  },
});

export const { feedSortChanged, filtersToggled, filtersClosed } = feedSlice.actions;
export const { selectSortMode, selectSortChoice, selectIsFiltersOpen } = feedSlice.selectors;
