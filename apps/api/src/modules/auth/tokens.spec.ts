import { expiresAfter, hashToken, HOUR_MS, isExpired, newOpaqueToken } from './tokens';

describe('opaque tokens', () => {
  it('carries 256 random bits in URL-safe text, different every time', () => {
    const a = newOpaqueToken();
    const b = newOpaqueToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
  });

  it('stores a sha256 hex digest, never the token', () => {
    const token = newOpaqueToken();
    const digest = hashToken(token);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).not.toContain(token);
    expect(hashToken(token)).toBe(digest);
    expect(hashToken(`${token}x`)).not.toBe(digest);
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('expires exactly at its deadline', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const deadline = expiresAfter(HOUR_MS, now);
    expect(deadline.toISOString()).toBe('2026-01-01T01:00:00.000Z');
    expect(isExpired(deadline, new Date(deadline.getTime() - 1))).toBe(false);
    expect(isExpired(deadline, deadline)).toBe(true);
  });
});
