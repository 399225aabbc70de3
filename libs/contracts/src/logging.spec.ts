import { REDACTED_KEYS, REDACTION_MARKER, redact } from './logging';

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
