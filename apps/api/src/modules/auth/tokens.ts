import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: long enough that guessing is hopeless, short enough for a link. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a database leak yields no usable link or session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function expiresAfter(ms: number, now: Date = new Date()): Date {
  return new Date(now.getTime() + ms);
}

export function isExpired(expiresAt: Date, now: Date = new Date()): boolean {
  return expiresAt.getTime() <= now.getTime();
}

export const HOUR_MS = 3600 * 1000;
export const DAY_MS = 24 * HOUR_MS;

