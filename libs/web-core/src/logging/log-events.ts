import type { Middleware } from '@reduxjs/toolkit';
import { redactPath } from '@cqa/contracts';
import type { AuthState } from '../auth/auth.slice';
import { log, type Logger } from './logger';

/**
 * The events support asks for when a patient turns debug mode on (spec section 9): failed API calls with the server's
 * request id (to find the server's log line), changes of the sign-in state, and remote pages that failed to load.
 * Nothing personal: ids in paths are replaced, the role is the only thing said about the user, and every object still
 * passes the redaction list.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The path of a call as logged: no query string (a search's words), no UUIDs (user and patient ids), and no secrets
 * (the code of verify-email/<code>, any token-like segment: redactPath).
 */
export const loggedPath = (url: string) => redactPath(url.split(/[?#]/)[0]!.replace(UUID, ':id'));

export interface FailedCall {
  method: string;
  url: string;
  /** HTTP status, or RTK Query's 'FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR'. */
  status: number | string;
  requestId: string | null;
}

/** Server errors and calls that got no answer are errors; a refusal (4xx) is a debug line of the api channel. */
export function logFailedCall(call: FailedCall, logger: Logger = log): void {
  const message = `${call.method} ${loggedPath(call.url)} failed`;
  const details = { status: call.status, requestId: call.requestId };
  if (typeof call.status !== 'number' || call.status >= 500) logger.error(message, details);
  else logger.api(message, details);
}

/** Logs each change of the sign-in state ('unknown → authenticated') with the role, never who. */
export const logAuthChanges = (logger: Logger = log): Middleware => (api) => (next) => (action) => {
  const before = (api.getState() as { auth?: AuthState }).auth?.status;
  const result = next(action);
  const after = (api.getState() as { auth?: AuthState }).auth;
  if (after && before !== after.status) logger.info(`auth: ${before ?? 'none'} → ${after.status}`, { role: after.user?.role ?? null });
  return result;
};

/** A remote's page that could not load (its remoteEntry or chunk): what failed and why. */
export function logRemoteLoadFailure(what: string, error: unknown, logger: Logger = log): void {
  logger.error(`remote ${what} failed to load`, error);
}
