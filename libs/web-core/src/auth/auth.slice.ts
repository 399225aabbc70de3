import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Role } from '@cqa/contracts';

export interface AuthUser {
  id: number;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  /** A patient's own patient record id (not the user id), for the patient-own-or-staff rule. */
  patientId?: number | null;
}

export type AuthStatus = 'unknown' | 'anonymous' | 'authenticated';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  /** Kept in memory only: never written to localStorage or sessionStorage. */
  accessToken: string | null;
}

// No sign-in exists yet, so a visitor is anonymous; the accounts issue starts at 'unknown' while it refreshes.
const initialState: AuthState = { status: 'anonymous', user: null, accessToken: null };

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
    sessionEnded: (): AuthState => initialState,
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
