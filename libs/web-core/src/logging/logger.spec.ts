import { REDACTION_MARKER } from '@cqa/contracts';
import { createLogger, LOG_FLAGS, logHelpers, LOG_HELP, type LoggerEnvironment } from './logger';

function environment(over: Partial<LoggerEnvironment> = {}) {
  const stored = new Map<string, string>();
  const lines: Array<[string, unknown[]]> = [];
  const record = (kind: string) => (...args: unknown[]) => { lines.push([kind, args]); };
  const env: LoggerEnvironment = {
    production: false,
    hostname: 'localhost',
    storage: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => { stored.set(k, v); }, removeItem: (k) => { stored.delete(k); } },
    console: { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error'), log: record('log') },
    ...over,
  };
  return { env, stored, lines };
}

describe('the client logger', () => {
  it('prints info and above on localhost, debug and its aliases only in debug mode', () => {
    const { env, lines } = environment();
    const log = createLogger(env);
    log.debug('hidden');
    log.api('hidden too');
    log.info('shown');
    log.error('bad');
    expect(lines.map(([kind, [msg]]) => `${kind} ${String(msg)}`)).toEqual(['info [info] shown', 'error [error] bad']);
    logHelpers(env).debugOn();
    log.api('GET /api/questions', { status: 500 });
    log.db('cache');
    log.dev('dev note');
    expect(lines.filter(([kind]) => kind === 'debug').map(([, [msg]]) => msg)).toEqual(['[api] GET /api/questions', '[db] cache', '[dev] dev note']);
  });

  it("is silent in production builds ('prod'), even on localhost and with the console flag, until debug mode forces it on", () => {
    const { env, lines, stored } = environment({ production: true, hostname: 'cancer-qa.example.org' });
    const log = createLogger(env);
    for (const level of ['debug', 'info', 'warn', 'error', 'api', 'db', 'dev'] as const) log[level]('nothing');
    const local = environment({ production: true });
    createLogger(local.env).error('nothing either');
    expect([...lines, ...local.lines]).toEqual([]);
    expect(log.status().level).toBe('prod');
    // Support asks the patient to run debugOn() on the deployed site: every level prints, still redacted.
    logHelpers(env).debugOn();
    expect(stored.get(LOG_FLAGS.debugMode)).toBe('true');
    expect(log.status().level).toBe('debug');
    log.api('GET /api/questions/7 failed', { status: 500, requestId: 'r-1', email: 'ann@x.org' });
    expect(lines.filter(([kind]) => kind === 'debug')).toEqual([['debug', ['[api] GET /api/questions/7 failed', { status: 500, requestId: 'r-1', email: REDACTION_MARKER }]]]);
    logHelpers(env).debugOff();
    log.error('quiet again');
    expect(lines.filter(([kind]) => kind === 'error')).toEqual([]);
  });

  it('keeps the console off away from localhost unless debug mode is on, and off on localhost with the disable flag', () => {
    const away = environment({ hostname: 'cancer-qa.example.org' });
    createLogger(away.env).error('not printed');
    expect(away.lines).toEqual([]);
    away.stored.set(LOG_FLAGS.debugMode, 'true');
    createLogger(away.env).warn('printed');
    expect(away.lines).toHaveLength(1);

    const local = environment();
    local.stored.set(LOG_FLAGS.consoleDisabled, 'true');
    createLogger(local.env).error('not printed');
    expect(local.lines).toEqual([]);
  });

  it("redacts the server's sensitive fields in logged objects", () => {
    const { env, lines } = environment();
    createLogger(env).warn('sign-in failed', { email: 'ann@x.org', password: 'secret', detail: { patient_id: 'p1', status: 401 } });
    expect(lines[0]![1][1]).toEqual({ email: REDACTION_MARKER, password: REDACTION_MARKER, detail: { patient_id: REDACTION_MARKER, status: 401 } });
  });

  it('has console helpers that set the storage flags and report the status', () => {
    const { env, stored, lines } = environment({ hostname: 'app.example.org' });
    const helpers = logHelpers(env);
    expect(helpers.debugStatus()).toMatchObject({ level: 'off', localhost: false });
    expect(helpers.debugOn()).toMatchObject({ level: 'debug', debugMode: true });
    expect(stored.get(LOG_FLAGS.debugMode)).toBe('true');
    expect(helpers.debugOff()).toMatchObject({ level: 'off', consoleDisabled: true, debugMode: false });
    expect(stored.has(LOG_FLAGS.debugMode)).toBe(false);
    helpers.debugHelp();
    expect(lines.at(-1)).toEqual(['log', [LOG_HELP]]);
    for (const name of ['debugOn', 'debugOff', 'debugStatus', 'debugHelp']) expect(LOG_HELP).toContain(`${name}()`);
  });
});
