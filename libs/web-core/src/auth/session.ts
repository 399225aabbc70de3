import { Messages } from '@cqa/contracts';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { baseApi, refreshSession } from '../api/base-api';
import { toastShown } from '../toast/toast.slice';
import { log } from '../logging/logger';
import { authApi } from './auth-api';
import { sessionChecking, sessionEnded } from './auth.slice';

/**
 * App start: 'unknown' until POST /api/auth/refresh answers from the httpOnly cookie. 204 means no cookie (an
 * anonymous visit, signed out quietly); a 403 means the account may no longer hold a session (rejected, disabled);
 * spec section 8 names the toast.
 */
export const restoreSession = createAsyncThunk('auth/restoreSession', async (_: void, api) => {
  api.dispatch(sessionChecking());
  const outcome = await refreshSession(api as unknown as Parameters<typeof refreshSession>[0]);
  if (outcome.ok) return 'authenticated' as const;
  api.dispatch(sessionEnded());
  const status = outcome.error?.status;
  if (outcome.error === null) return 'anonymous' as const; // no refresh cookie (204): nobody was signed in
  if (status === 403) api.dispatch(toastShown('error', Messages.errors.unableToAccess));
  // The status call itself failed (server or network down): spec section 8 blocks access with its own text.
  else if (typeof status !== 'number' || status >= 500) {
    log.warn('Session restore failed', { status });
    api.dispatch(toastShown('error', Messages.errors.couldNotVerifyStatus));
  }
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

/** Where a user goes after signing in (spec section 2): the rule is in contracts, as the API's sign-in form follows it too. */
export { destinationAfterLogin } from '@cqa/contracts';
