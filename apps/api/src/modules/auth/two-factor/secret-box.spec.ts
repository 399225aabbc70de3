import { randomBytes } from 'node:crypto';
import { openSecret, sealSecret } from './secret-box';

describe('secret box (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const secret = randomBytes(20);

  it('opens what it sealed, and never stores the secret in clear', () => {
    const sealed = sealSecret(secret, key, 'user-1');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret.toString('base64url'));
    expect(openSecret(sealed, key, 'user-1')).toEqual(secret);
    expect(sealSecret(secret, key, 'user-1')).not.toBe(sealed);
  });

  it('refuses another key, another user and a tampered box', () => {
    const sealed = sealSecret(secret, key, 'user-1');
    expect(() => openSecret(sealed, randomBytes(32), 'user-1')).toThrow();
    expect(() => openSecret(sealed, key, 'user-2')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(() => openSecret(`v1.${raw.toString('base64url')}`, key, 'user-1')).toThrow();
  });
});
