import { configureStore } from '@reduxjs/toolkit';
import { REDACTION_MARKER } from '@cqa/contracts';
import { authSlice, sessionEnded, sessionStarted } from '../auth/auth.slice';
import { createLogger, LOG_FLAGS, type LoggerEnvironment } from './logger';
import { logAuthChanges, logFailedCall, loggedPath, logRemoteLoadFailure } from './log-events';

/** A logger on a deployed host with debug mode on (what support asks a patient to do), printing into `lines`. */
function debugLogger() {
  const lines: Array<[string, unknown[]]> = [];
  const record = (kind: string) => (...args: unknown[]) => { lines.push([kind, args]); };
  const env: LoggerEnvironment = {
    production: true,
    hostname: 'cancer-qa.example.org',
    storage: { getItem: (k) => (k === LOG_FLAGS.debugMode ? 'true' : null), setItem: () => undefined, removeItem: () => undefined },
    console: { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error'), log: record('log') },
  };
  return { logger: createLogger(env), lines };
}

describe('the events support needs', () => {
  it('logs a failed call with its request id, without the query or ids in the path; server errors as errors', () => {
    const { logger, lines } = debugLogger();
    logFailedCall({ method: 'GET', url: '/patients/3f2b8c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f/summary?x=secret', status: 500, requestId: 'req-9' }, logger);
    logFailedCall({ method: 'PUT', url: '/answers/4/rating', status: 400, requestId: 'req-10' }, logger);
    logFailedCall({ method: 'POST', url: '/questions/similar', status: 'FETCH_ERROR', requestId: null }, logger);
    expect(lines).toEqual([
      ['error', ['[error] GET /patients/:id/summary failed', { status: 500, requestId: 'req-9' }]],
      ['debug', ['[api] PUT /answers/4/rating failed', { status: 400, requestId: 'req-10' }]],
      ['error', ['[error] POST /questions/similar failed', { status: 'FETCH_ERROR', requestId: null }]],
    ]);
    expect(loggedPath('/questions?q=my+diagnosis')).toBe('/questions');
  });

  it('never prints a secret of the path: a failed e-mail verification keeps its code to itself', () => {
    const { logger, lines } = debugLogger();
    const code = 'q7Xb0_Zk3-RmT9wYvL2nC8dHfJ4sPaE6uGiKoN1tBxM';
    logFailedCall({ method: 'GET', url: `/auth/verify-email/${encodeURIComponent(code)}`, status: 400, requestId: 'req-11' }, logger);
    logFailedCall({ method: 'GET', url: '/auth/verify-email/mistyped', status: 400, requestId: 'req-12' }, logger);
    logFailedCall({ method: 'POST', url: `/unsubscribe/${code}`, status: 404, requestId: 'req-13' }, logger);
    logFailedCall({ method: 'GET', url: `/somewhere/${'ab12'.repeat(8)}/x#${code}`, status: 404, requestId: 'req-14' }, logger);
    expect(lines.map(([, [message]]) => message)).toEqual([
      `[api] GET /auth/verify-email/${REDACTION_MARKER} failed`,
      `[api] GET /auth/verify-email/${REDACTION_MARKER} failed`,
      `[api] POST /unsubscribe/${REDACTION_MARKER} failed`,
      `[api] GET /somewhere/${REDACTION_MARKER}/x failed`,
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/q7Xb0|mistyped|ab12ab12/);
  });

  it('logs each change of the sign-in state with the role only', () => {
    const { logger, lines } = debugLogger();
    const store = configureStore({ reducer: { auth: authSlice.reducer }, middleware: (get) => get().concat(logAuthChanges(logger)) });
    store.dispatch(sessionStarted({ user: { id: 'u1', email: 'ann@x.org', role: 'patient', firstName: 'Ann', lastName: 'Lee' } as never, accessToken: 't' }));
    store.dispatch(sessionStarted({ user: { id: 'u1', email: 'ann@x.org', role: 'patient', firstName: 'Ann', lastName: 'Lee' } as never, accessToken: 't2' }));
    store.dispatch(sessionEnded());
    expect(lines).toEqual([
      ['info', ['[info] auth: unknown → authenticated', { role: 'patient' }]],
      ['info', ['[info] auth: authenticated → anonymous', { role: null }]],
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/ann@x\.org|u1|Ann/);
  });

  it('logs a remote that failed to load', () => {
    const { logger, lines } = debugLogger();
    logRemoteLoadFailure('patient/PatientQuestionPage', new Error('Loading chunk 12 failed'), logger);
    expect(lines).toEqual([['error', ['[error] remote patient/PatientQuestionPage failed to load', { name: 'Error', message: 'Loading chunk 12 failed' }]]]);
  });
});
