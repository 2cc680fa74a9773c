import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../../types/api';

export interface SessionState {
  token: string | null;
  /** The member's id, known from the token before their record arrives. */
  userId: string | null;
  user: User | null;
  userLoggedIn: boolean;
  /** The backend ended the last session (or its token ran out): the login screen says so, once. */
  endedBySystem: boolean;
}

export const initialSessionState: SessionState = { token: null, userId: null, user: null, userLoggedIn: false, endedBySystem: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    userLoggedIn(_state, action: PayloadAction<{ token: string; user: User }>) {
      return { token: action.payload.token, userId: action.payload.user._id, user: action.payload.user, userLoggedIn: true, endedBySystem: false };
    },
    sessionRestored(_state, action: PayloadAction<{ token: string; userId: string }>) {
      return { token: action.payload.token, userId: action.payload.userId, user: null, userLoggedIn: true, endedBySystem: false };
    },
    /** The backend issued a new token for this session (after a password change). */
    tokenRenewed(state, action: PayloadAction<string>) {
      if (state.token !== null) state.token = action.payload;
    },
    currentUserReceived(state, action: PayloadAction<User>) {
      if (state.userId === action.payload._id) state.user = action.payload;
    },
    userLoggedOut() {
      return initialSessionState;
    },
    /** The backend refused the token (401) or no longer knows the member. */
    sessionExpired() {
      return { ...initialSessionState, endedBySystem: true };
    },
    /** The login screen has told the member their session ended. */
    sessionEndedNoticeShown(state) {
      state.endedBySystem = false;
    },
  },
  selectors: {
    selectToken: (state) => state.token,
    selectCurrentUserId: (state) => state.userId,
    selectCurrentUser: (state) => state.user,
    selectIsLoggedIn: (state) => state.userLoggedIn,
    selectSessionEndedBySystem: (state) => state.endedBySystem,
  },
});

export const { userLoggedIn, sessionRestored, tokenRenewed, currentUserReceived, userLoggedOut, sessionExpired, sessionEndedNoticeShown } =
  sessionSlice.actions;
export const { selectToken, selectCurrentUserId, selectCurrentUser, selectIsLoggedIn, selectSessionEndedBySystem } = sessionSlice.selectors;
