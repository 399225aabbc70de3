import { redact } from '@cqa/contracts';

/**
 * The browser console logger of spec section 9: levels debug, info, warn, error, plus the aliases api, db and dev (debug-level
 * channels). Production builds print nothing by default (the 'prod' level), and elsewhere the console is on by default only on
 * localhost. Two browser-storage flags override that: one turns the console off, and debug mode forces logging on, with debug
 * messages, on any host and in production builds too, so support can ask a patient to run debugOn() on the deployed site.
 * The console helpers debugOn, debugOff, debugStatus and debugHelp set them. Every logged object goes through the server's
 * redaction list.
 */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogChannel = LogLevel | 'api' | 'db' | 'dev';

/** The two storage flags ('true' when set). */
export const LOG_FLAGS = { consoleDisabled: 'cqa.log.disabled', debugMode: 'cqa.log.debug' } as const;

const CHANNEL_LEVEL: Record<LogChannel, LogLevel> = { debug: 'debug', info: 'info', warn: 'warn', error: 'error', api: 'debug', db: 'debug', dev: 'debug' };
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export interface LoggerEnvironment {
  production: boolean;
  hostname: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  console: Pick<Console, 'debug' | 'info' | 'warn' | 'error' | 'log'>;
}

export interface LoggerStatus {
  /** 'prod' in production builds without debug mode: nothing is printed. */
  level: LogLevel | 'prod' | 'off';
  production: boolean;
  localhost: boolean;
  consoleDisabled: boolean;
  debugMode: boolean;
}

export type Logger = Record<LogChannel, (message: string, ...details: unknown[]) => void> & { status(): LoggerStatus };

export const isLocalHost = (hostname: string) => LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost');

function readFlag(env: LoggerEnvironment, key: string): boolean {
  try {
    return env.storage?.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function loggerStatus(env: LoggerEnvironment): LoggerStatus {
  const localhost = isLocalHost(env.hostname);
  const consoleDisabled = readFlag(env, LOG_FLAGS.consoleDisabled);
  const debugMode = readFlag(env, LOG_FLAGS.debugMode);
  const base = { production: env.production, localhost, consoleDisabled, debugMode };
  // Debug mode forces logging on (spec section 9), the production build included.
  if (debugMode) return { ...base, level: 'debug' };
  if (env.production) return { ...base, level: 'prod' };
  if (consoleDisabled || !localhost) return { ...base, level: 'off' };
  return { ...base, level: 'info' };
}

export function createLogger(env: LoggerEnvironment): Logger {
  const write = (channel: LogChannel) => (message: string, ...details: unknown[]) => {
    const { level } = loggerStatus(env);
    if (level === 'prod' || level === 'off') return;
    const wanted = CHANNEL_LEVEL[channel];
    if (LOG_LEVELS.indexOf(wanted) < LOG_LEVELS.indexOf(level)) return;
    env.console[wanted](`[${channel}] ${message}`, ...details.map((d) => redact(d)));
  };
  const logger = Object.fromEntries((Object.keys(CHANNEL_LEVEL) as LogChannel[]).map((c) => [c, write(c)])) as Logger;
  logger.status = () => loggerStatus(env);
  return logger;
}

export const LOG_HELP = [
  'Console logging (spec section 9):',
  '  debugOn()     debug mode: every level, on any host and in production builds too (reload keeps it on)',
  '  debugOff()    turn the console off',
  '  debugStatus() show the current level and flags',
  '  debugHelp()   this help',
  'Production builds print nothing unless debug mode is on. Passwords, tokens, emails, names and user and patient ids are always redacted.',
].join('\n');

export interface LogHelpers {
  debugOn(): LoggerStatus;
  debugOff(): LoggerStatus;
  debugStatus(): LoggerStatus;
  debugHelp(): void;
}

/** The console helpers: they set the storage flags and report what the logger will now do. */
export function logHelpers(env: LoggerEnvironment): LogHelpers {
  const set = (key: string, on: boolean) => {
    try {
      if (on) env.storage?.setItem(key, 'true');
      else env.storage?.removeItem(key);
    } catch {
      // Storage may be unavailable (private mode); the flags then stay as they are.
    }
  };
  const report = () => {
    const status = loggerStatus(env);
    env.console.log(`Logging: ${status.level}${status.level === 'prod' ? ' (production build: nothing is printed until debugOn())' : ''}`, status);
    return status;
  };
  return {
    debugOn: () => { set(LOG_FLAGS.debugMode, true); set(LOG_FLAGS.consoleDisabled, false); return report(); },
    debugOff: () => { set(LOG_FLAGS.debugMode, false); set(LOG_FLAGS.consoleDisabled, true); return report(); },
    debugStatus: report,
    debugHelp: () => env.console.log(LOG_HELP),
  };
}

function browserEnvironment(): LoggerEnvironment {
  const hasWindow = typeof window !== 'undefined';
  let storage: LoggerEnvironment['storage'] = null;
  try {
    storage = hasWindow ? window.localStorage : null;
  } catch {
    storage = null;
  }
  return {
    production: process.env.NODE_ENV === 'production',
    // Unit tests run on jsdom's localhost; their console stays quiet unless a test turns debug mode on.
    hostname: hasWindow && process.env.NODE_ENV !== 'test' ? window.location.hostname : '',
    storage,
    console,
  };
}

/** The app's logger (the shell and every remote share web-core, so one instance). */
export const log: Logger = createLogger(browserEnvironment());

/** Puts debugOn, debugOff, debugStatus and debugHelp on window (the shell calls it once at start). */
export function installLogHelpers(target: Record<string, unknown> = typeof window !== 'undefined' ? (window as unknown as Record<string, unknown>) : {}): LogHelpers {
  const helpers = logHelpers(browserEnvironment());
  Object.assign(target, helpers);
  return helpers;
}
