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

  const TOKEN = 'q7Xb0_Zk3-RmT9wYvL2nC8dHfJ4sPaE6uGiKoN1tBxM';

  it("hides the OIDC callback's code and state, and any token-like value in the path or the query", () => {
    const callback = redactUrlQuery('/api/auth/oidc/callback?code=SplxlOBeZQQYbYS6WxSbIA&state=af0ifjsldkj&iss=https%3A%2F%2Fidp.example');
    expect(callback).toBe('/api/auth/oidc/callback?code=%5BRedacted%5D&state=%5BRedacted%5D&iss=https%3A%2F%2Fidp.example');
    expect(redactUrlQuery(`/api/auth/verify-%65mail/${TOKEN}`)).toBe('/api/auth/verify-%65mail/[Redacted]');
    expect(redactUrlQuery(`/api/unsubscribe/${TOKEN}?one_click=1`)).toBe('/api/unsubscribe/[Redacted]?one_click=1');
    expect(redactUrlQuery(`/api/whatever/${TOKEN}`)).toBe('/api/whatever/[Redacted]');
    expect(redactUrlQuery(`/api/whatever?t=${TOKEN}&page=2`)).toBe('/api/whatever?t=%5BRedacted%5D&page=2');
    expect(redactUrlQuery('/api/questions/12?page=2')).toBe('/api/questions/12?page=2');
  });

  it('writes no secret of a logged request or body', () => {
    const { logger, lines } = capture();
    logger.info({ req: { method: 'GET', url: `/api/auth/oidc/callback?code=${TOKEN}&state=s-1`, headers: {} } }, 'request');
    logger.info({ body: { code: '123456', refreshToken: 'r-1', recoveryCode: 'rc-1', state: 's-2', secret: 'JBSWY3DPEHPK3PXP' } }, 'two-factor');
    const out = lines.join('');
    for (const secret of [TOKEN, 's-1', '123456', 'r-1', 'rc-1', 's-2', 'JBSWY3DPEHPK3PXP']) expect(out).not.toContain(secret);
  });
});
