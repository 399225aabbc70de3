import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser } from '@cqa/contracts';

export type { AuthUser } from '@cqa/contracts';

export type AuthStatus = 'unknown' | 'anonymous' | 'authenticated';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  /** Kept in memory only: never written to localStorage or sessionStorage. */
  accessToken: string | null;
}

export const anonymousState: AuthState = { status: 'anonymous', user: null, accessToken: null };

// 'unknown' until the shell has tried to restore the session from the refresh cookie.
const initialState: AuthState = { status: 'unknown', user: null, accessToken: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionChecking: (state) => {
      state.status = 'unknown';
    },
    sessionStarted: (_state, action: PayloadAction<{ user: AuthUser; accessToken: string }>): AuthState => ({
      status: 'authenticated',
      user: action.payload.user,
      accessToken: action.payload.accessToken,
    }),
    accessTokenRefreshed: (state, action: PayloadAction<string>) => {
      state.accessToken = action.payload;
    },
    sessionEnded: (): AuthState => anonymousState,
  },
  selectors: {
    selectAuth: (state) => state,
    selectAuthStatus: (state) => state.status,
    selectCurrentUser: (state) => state.user,
    selectAccessToken: (state) => state.accessToken,
  },
});

export const { sessionChecking, sessionStarted, accessTokenRefreshed, sessionEnded } = authSlice.actions;
export const { selectAuth, selectAuthStatus, selectCurrentUser, selectAccessToken } = authSlice.selectors;
