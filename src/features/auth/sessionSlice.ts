import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../../types/api';

/**
 * What is truly the session's: the token and whose it is. The member's record is not kept here: it
 * lives in the API cache (getUser), where every view of it reads and changes it.
 */
export interface SessionState {
  /** Set while a member is logged in. */
  token: string | null;
  /** The member's id, known from the token before their record arrives. */
  userId: string | null;
  /** The backend ended the last session (or its token ran out): the login screen says so, once. */
  endedBySystem: boolean;
  /** Why, when the backend said: the moderators suspended the account (`moderation`). */
  endedBecause?: SessionEndReason;
  /**
   * The member just deleted their account here: when it goes for good (ISO). The login screen says
   * so, once; none otherwise.
   */
  leavingPurgeAt?: string;
}

/** Why the backend ended a session, when the login screen says more than that it ended. */
export type SessionEndReason = 'suspended';

export const initialSessionState: SessionState = { token: null, userId: null, endedBySystem: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** The backend accepted a login or signup; the store puts the member's record into the cache. */
    userLoggedIn(_state, action: PayloadAction<{ token: string; user: User }>) {
      return { token: action.payload.token, userId: action.payload.user._id, endedBySystem: false };
    },
    sessionRestored(_state, action: PayloadAction<{ token: string; userId: string }>) {
      return { token: action.payload.token, userId: action.payload.userId, endedBySystem: false };
    },
    /**
     * Another backend answers now (a stand-in build pointed at a real server, or back): the session
     * kept for that backend, or none. Its token is already where that backend's is kept.
     */
    sessionSwitched(_state, action: PayloadAction<SessionState>) {
      return action.payload;
    },
    /** The backend issued a new token for this session (after a password change). */
    tokenRenewed(state, action: PayloadAction<string>) {
      if (state.token !== null) state.token = action.payload;
    },
    userLoggedOut() {
      return initialSessionState;
    },
    /** The backend refused the token (401) or no longer knows the member; or ended the session, saying why. */
    sessionExpired(_state, action: PayloadAction<SessionEndReason | undefined>) {
      return { ...initialSessionState, endedBySystem: true, ...(action.payload ? { endedBecause: action.payload } : {}) };
    },
    /** The member deleted their account, and the session was ended: the login screen says when it goes. */
    accountLeft(state, action: PayloadAction<string>) {
      state.leavingPurgeAt = action.payload;
    },
    /** The login screen has told the member when their account goes. */
    leavingNoticeShown(state) {
      delete state.leavingPurgeAt;
    },
    /** The login screen has told the member their session ended. */
    sessionEndedNoticeShown(state) {
      state.endedBySystem = false;
      delete state.endedBecause;
    },
  },
  selectors: {
    selectToken: (state) => state.token,
    selectCurrentUserId: (state) => state.userId,
    selectIsLoggedIn: (state) => state.token !== null,
    selectSessionEndedBySystem: (state) => state.endedBySystem,
    selectSessionEndedBecause: (state) => state.endedBecause ?? null,
    selectLeavingPurgeAt: (state) => state.leavingPurgeAt ?? null,
  },
});

export const { userLoggedIn, sessionRestored, sessionSwitched, tokenRenewed, userLoggedOut, sessionExpired, accountLeft, leavingNoticeShown, sessionEndedNoticeShown } = sessionSlice.actions;
export const { selectToken, selectCurrentUserId, selectIsLoggedIn, selectSessionEndedBySystem, selectSessionEndedBecause, selectLeavingPurgeAt } = sessionSlice.selectors;
