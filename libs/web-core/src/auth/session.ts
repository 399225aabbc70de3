import { Messages, type AuthUser, type Role } from '@cqa/contracts';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { baseApi, refreshSession } from '../api/base-api';
import { paths } from '../routes/paths';
import { toastShown } from '../toast/toast.slice';
import { authApi } from './auth-api';
import { sessionChecking, sessionEnded } from './auth.slice';

/**
 * App start: 'unknown' until POST /api/auth/refresh answers from the httpOnly cookie. A 403 means the account may
 * no longer hold a session (rejected, disabled); spec section 8 names the toast.
 */
export const restoreSession = createAsyncThunk('auth/restoreSession', async (_: void, api) => {
  api.dispatch(sessionChecking());
  const outcome = await refreshSession(api as unknown as Parameters<typeof refreshSession>[0]);
  if (outcome.ok) return 'authenticated' as const;
  api.dispatch(sessionEnded());
  if (outcome.error.status === 403) api.dispatch(toastShown('error', Messages.errors.unableToAccess));
  return 'anonymous' as const;
});

/** Sign out: revoke the refresh token on the server (best effort), then forget everything held in memory. */
export const signOut = createAsyncThunk('auth/signOut', async (_: void, { dispatch }) => {
  try {
    await dispatch(authApi.endpoints.logout.initiate()).unwrap();
  } catch {
    // The session ends on this side whatever the server said.
  }
  dispatch(sessionEnded());
  dispatch(baseApi.util.resetApiState());
});

/** Where a user goes after signing in (spec section 2). */
export function destinationAfterLogin(user: Pick<AuthUser, 'role' | 'profileCompletion'>): string {
  const byRole: Record<Role, string> = {
    admin: paths.adminUsers,
    expert: paths.expertQuestions,
    patient: user.profileCompletion === 100 ? paths.patientQuestions : paths.patientProfileWizard(),
  };
  return byRole[user.role];
}
