import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for the TOTP secrets at rest. The user id is bound in as associated data, so a sealed secret copied onto
 * another account's row does not open.
 */
export function sealSecret(plain: Uint8Array, key: Buffer, userId: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function openSecret(sealed: string, key: Buffer, userId: string): Buffer {
  const [version, payload] = sealed.split('.');
  if (version !== VERSION || !payload) throw new Error('Unknown sealed secret format');
  const raw = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES)).setAAD(Buffer.from(userId));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}
