import { createSlice } from '@reduxjs/toolkit';

/**
 * Whether the backend answers, as the app last found it. While it does not (a reload of what is on
 * screen failed, or the live stream could not open again), what is shown stays, a notice says the
 * app is reconnecting, and the app checks until the backend answers again.
 */
export interface ConnectionState {
  lost: boolean;
}

const initialState: ConnectionState = { lost: false };

export const connectionSlice = createSlice({
  name: 'connection',
  initialState,
  reducers: {
    connectionLost(state) {
      state.lost = true;
    },
    connectionBack(state) {
      state.lost = false;
    },
  },
  selectors: {
    selectConnectionLost: (state) => state.lost,
  },
});

export const { connectionLost, connectionBack } = connectionSlice.actions;
export const { selectConnectionLost } = connectionSlice.selectors;
