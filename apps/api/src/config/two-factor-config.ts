import { createHash } from 'node:crypto';
import type { NodeEnv } from './app-config';

export interface TwoFactorConfig {
  /** TWO_FACTOR_REQUIRED_FOR_ADMINS: an admin without a second factor is sent to enrolment at sign-in. */
  requiredForAdmins: boolean;
  /** TWO_FACTOR_REQUIRED_FOR_EXPERTS: the same for experts, who read every patient's health data. */
  requiredForExperts: boolean;
  /** 32 bytes for AES-256-GCM sealing the TOTP secrets at rest. */
  encryptionKey: Buffer;
  /** True when TWO_FACTOR_ENCRYPTION_KEY was unset and the public development key is used (never in production). */
  encryptionKeyIsDevDefault: boolean;
}

/**
 * Unlike JWT_SECRET, the development default is fixed rather than random per start: a random key would make every
 * enrolled authenticator unreadable after a restart and lock its owner out. It is public, hence refused in production.
 */
const DEV_KEY = createHash('sha256').update('cancer-qa development two-factor key (public; never use in production)').digest();

export function loadTwoFactorConfig(
  raw: (name: 'TWO_FACTOR_REQUIRED_FOR_ADMINS' | 'TWO_FACTOR_REQUIRED_FOR_EXPERTS' | 'TWO_FACTOR_ENCRYPTION_KEY') => string,
  nodeEnv: NodeEnv,
  reader: 'api' | 'worker' | 'cli',
  problems: string[],
): TwoFactorConfig {
  const flag = (name: 'TWO_FACTOR_REQUIRED_FOR_ADMINS' | 'TWO_FACTOR_REQUIRED_FOR_EXPERTS') => {
    const value = raw(name);
    if (value !== 'true' && value !== 'false') problems.push(`${name} must be one of true, false (got "${value}")`);
    return value !== 'false';
  };
  const requiredForAdmins = flag('TWO_FACTOR_REQUIRED_FOR_ADMINS');
  const requiredForExperts = flag('TWO_FACTOR_REQUIRED_FOR_EXPERTS');
  const keyText = raw('TWO_FACTOR_ENCRYPTION_KEY');
  let encryptionKey = DEV_KEY;
  if (keyText !== '') {
    const key = /^[0-9a-fA-F]{64}$/.test(keyText) ? Buffer.from(keyText, 'hex') : Buffer.from(keyText, 'base64');
    if (key.length !== 32) problems.push('TWO_FACTOR_ENCRYPTION_KEY must be 32 bytes as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)');
    else encryptionKey = key;
  } else if (nodeEnv === 'production' && reader === 'api') {
    problems.push('TWO_FACTOR_ENCRYPTION_KEY is required in production (32 random bytes, e.g. `openssl rand -base64 32`)');
  }
  return { requiredForAdmins, requiredForExperts, encryptionKey, encryptionKeyIsDevDefault: keyText === '' };
}
