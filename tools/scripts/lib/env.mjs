// Environment for the command-line scripts: an optional .env file, then the documented defaults.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const DEFAULTS = {
  DATABASE_URL: 'mysql://root@127.0.0.1:3306/cqa',
  REDIS_URL: 'redis://127.0.0.1:6379',
  PORT: '8080',
};

/** Loads ROOT/.env when present (variables already set win) and returns the effective environment. */
export function loadEnv() {
  const file = path.join(ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
  return { ...DEFAULTS, ...Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v !== '')) };
}

export function redactUrl(value) {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return value;
  }
}
