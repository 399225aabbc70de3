import { isOpaqueToken, REDACTED_KEYS, REDACTION_MARKER, redact, redactPath } from './logging';

describe('redact', () => {
  it("replaces the spec's sensitive fields at any depth, whatever their case", () => {
    const input = {
      event: 'login', password: 'p', Email: 'a@b.c', nested: { user: { first_name: 'Ann', last_name: 'Lee', patientId: 'p1', ok: 1 } },
      list: [{ token: 't', kept: 'yes' }],
    };
    expect(redact(input)).toEqual({
      event: 'login', password: REDACTION_MARKER, Email: REDACTION_MARKER,
      nested: { user: { first_name: REDACTION_MARKER, last_name: REDACTION_MARKER, patientId: REDACTION_MARKER, ok: 1 } },
      list: [{ token: REDACTION_MARKER, kept: 'yes' }],
    });
    expect(input.password).toBe('p');
  });

  it('names every field the spec lists', () => {
    for (const key of ['password', 'token', 'email', 'first_name', 'last_name', 'user_id', 'patient_id']) expect(REDACTED_KEYS).toContain(key);
  });

  it('survives cycles and errors', () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    expect(redact(loop)).toEqual({ a: 1, self: '[Circular]' });
    expect(redact(new Error('boom'))).toEqual({ name: 'Error', message: 'boom' });
  });
});

// As the server makes them (apps/api/src/modules/auth/tokens.ts): 32 random bytes, base64url; and a sha256 hex digest.
const TOKEN = 'q7Xb0_Zk3-RmT9wYvL2nC8dHfJ4sPaE6uGiKoN1tBxM';
const DIGEST = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

describe('secrets in logged bodies and paths', () => {
  it('redacts the fields that carry codes, tokens, passwords and two-factor secrets', () => {
    const body = {
      code: '123456', state: 'af0ifjsldkj', token: 'x', refreshToken: 'r', password: 'p', newPassword: 'n', recoveryCodes: ['a', 'b'],
      recoveryCode: 'c', secret: 'JBSWY3DPEHPK3PXP', challenge: 'ch', otpauthUrl: 'otpauth://totp/x', status: 401,
    };
    expect(redact(body)).toEqual({
      ...Object.fromEntries(Object.keys(body).map((k) => [k, REDACTION_MARKER])),
      status: 401,
    });
  });

  it('tells an opaque token from a word, a number, a route name and a record id', () => {
    for (const token of [TOKEN, DIGEST, 'AbCdEfGhIjKlMnOp', 'abc123def456ghi789']) expect([token, isOpaqueToken(token)]).toEqual([token, true]);
    for (const word of ['resend-verification', 'profile-access-logs', '12345678901234567890', 'questions', '3f2b8c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f', 'abc123', 'a.b.c.d.e.f.g.h.i.j']) {
      expect([word, isOpaqueToken(word)]).toEqual([word, false]);
    }
  });

  it('hides the segment after a secret route whatever it looks like, and every token-like segment anywhere', () => {
    expect(redactPath(`/api/auth/verify-email/${TOKEN}`)).toBe(`/api/auth/verify-email/${REDACTION_MARKER}`);
    expect(redactPath('/verify-email/typo')).toBe(`/verify-email/${REDACTION_MARKER}`);
    expect(redactPath('/api/auth/verify-%65mail/short')).toBe(`/api/auth/verify-%65mail/${REDACTION_MARKER}`);
    expect(redactPath(`/api/unsubscribe/${TOKEN}`)).toBe(`/api/unsubscribe/${REDACTION_MARKER}`);
    expect(redactPath(`/api/anything/${DIGEST}/more`)).toBe(`/api/anything/${REDACTION_MARKER}/more`);
    expect(redactPath(`/api/x/${encodeURIComponent(TOKEN)}`)).toBe(`/api/x/${REDACTION_MARKER}`);
    expect(redactPath('/api/questions/12/answers')).toBe('/api/questions/12/answers');
    expect(redactPath('/api/auth/resend-verification')).toBe('/api/auth/resend-verification');
    expect(redactPath('/')).toBe('/');
  });
});
