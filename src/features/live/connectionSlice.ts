import { createSlice } from '@reduxjs/toolkit';
import { keptAnswerShown } from '../../lib/api/apiEvents';

/**
 * Whether the backend answers, as the app last found it. While it does not (a reload of what is on
 * screen failed, or the live stream could not open again), what is shown stays, a notice says the
 * app is reconnecting, and the app checks until the backend answers again.
 */
export interface ConnectionState {
  lost: boolean;
  /**
   * When the oldest answer shown in place of one the network could not bring was kept
   * (offline/keptReads.ts), ms since 1970; null while every answer shown is fresh.
   */
  keptAsOf: number | null;
  /** The queries (their cache keys) answered from what was kept: they load again once the backend answers. */
  keptQueries: string[];
}

const initialState: ConnectionState = { lost: false, keptAsOf: null, keptQueries: [] };

export const connectionSlice = createSlice({
  name: 'connection',
  initialState,
  reducers: {
    connectionLost(state) {
      state.lost = true;
    },
    connectionBack(state) {
      state.lost = false;
      state.keptAsOf = null;
      state.keptQueries = [];
    },
  },
  extraReducers: (builder) => {
    // A read found no network and its kept answer is shown: the connection is lost, and what is shown dates from `at`.
    builder.addCase(keptAnswerShown, (state, action) => {
      const { at, queryCacheKey } = action.payload;
      state.lost = true;
      state.keptAsOf = state.keptAsOf === null ? at : Math.min(state.keptAsOf, at);
      if (queryCacheKey !== undefined && !state.keptQueries.includes(queryCacheKey)) state.keptQueries.push(queryCacheKey);
    });
  },
  selectors: {
    selectConnectionLost: (state) => state.lost,
    selectKeptAsOf: (state) => state.keptAsOf,
    selectKeptQueries: (state) => state.keptQueries,
  },
});

export const { connectionLost, connectionBack } = connectionSlice.actions;
export const { selectConnectionLost, selectKeptAsOf, selectKeptQueries } = connectionSlice.selectors;
