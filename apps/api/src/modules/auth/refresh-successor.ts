import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A rotated refresh token's successor, kept so that the same token presented again inside the grace window (tabs opened
 * at once, a page load cut short) gets that same successor back instead of a new branch of the session (issue 42, F-35).
 * It is sealed with a key only the rotated token itself yields: the database holds nothing a reader could use without
 * the cookie, and the row's id is bound in, so a sealed value copied to another row opens nothing.
 */
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyOf(rotatedToken: string): Buffer {
  return createHash('sha256').update('cqa refresh successor\0', 'utf8').update(rotatedToken, 'utf8').digest();
}

export function sealSuccessor(rotatedToken: string, rowId: string, successorToken: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(rotatedToken), iv);
  cipher.setAAD(Buffer.from(rowId, 'utf8'));
  const sealed = Buffer.concat([cipher.update(successorToken, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), sealed]);
}

/** The successor, or null when the value is missing, damaged, or was sealed for another token or row. */
export function openSuccessor(rotatedToken: string, rowId: string, sealed: Buffer | null): string | null {
  if (!sealed || sealed.length <= 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(rotatedToken), sealed.subarray(1, 1 + IV_BYTES));
    decipher.setAAD(Buffer.from(rowId, 'utf8'));
    decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
