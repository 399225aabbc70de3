import pino from 'pino';
import { Writable } from 'node:stream';
import { loggerOptions, redactUrlQuery } from './logger-options';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(chunk.toString()); done(); } });
  const logger = pino(loggerOptions({ logLevel: 'info', nodeEnv: 'test' }, 'test'), stream);
  return { logger, lines };
}

describe('log redaction', () => {
  it('never writes the spec list of personal fields, at any depth', () => {
    const { logger, lines } = capture();
    logger.info({
      email: 'ann@example.com', password: 'hunter22',
      body: { first_name: 'Ann', last_name: 'Lee', user_id: 'u-1', patient_id: 'p-9', token: 'tkn' },
      nested: { deeper: { email: 'bob@example.com' } },
    }, 'registration');
    const out = lines.join('');
    for (const secret of ['ann@example.com', 'hunter22', 'Ann', 'Lee', 'u-1', 'p-9', 'tkn', 'bob@example.com']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[Redacted]');
    expect(out).toContain('registration');
  });

  it('hides authorization headers and sensitive query values of requests', () => {
    const { logger, lines } = capture();
    logger.info({ req: { method: 'GET', url: '/api/medical-reports?user_id=abc&page=2', headers: { authorization: 'Bearer xyz', 'user-agent': 'jest' } } });
    const out = lines.join('');
    expect(out).not.toContain('abc');
    expect(out).not.toContain('xyz');
    expect(out).toContain('page=2');
  });

  it('leaves URLs without a query alone', () => {
    expect(redactUrlQuery('/api/health')).toBe('/api/health');
    expect(redactUrlQuery('/x?email=a%40b.c&q=1')).toBe('/x?email=%5BRedacted%5D&q=1');
    expect(redactUrlQuery('/api/auth/verify-email/AbC_-123?x=1')).toBe('/api/auth/verify-email/[Redacted]?x=1');
    expect(redactUrlQuery('/x?token=abc')).toBe('/x?token=%5BRedacted%5D');
  });

  it('hides the token of the one-click unsubscribe link in request logs', () => {
    const token = 'Uns_ub-5cribeT0kenUns_ub-5cribeT0kenUns_ub-';
    expect(redactUrlQuery(`/api/unsubscribe/${token}`)).toBe('/api/unsubscribe/[Redacted]');
    expect(redactUrlQuery(`/api/unsubscribe/${token}?x=1`)).toBe('/api/unsubscribe/[Redacted]?x=1');
    const { logger, lines } = capture();
    logger.info({ req: { method: 'POST', url: `/api/unsubscribe/${token}`, headers: {} } });
    expect(lines.join('')).not.toContain(token);
  });
});
