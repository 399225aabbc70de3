import { ApiErrorBody, Messages } from '@cqa/contracts';
import { randomBytes } from 'node:crypto';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, uniqueEmail } from '../../../test/accounts-helpers';

/** A client address of its own per test, believed because TRUST_PROXY is on, so counts from other tests do not mix in. */
const clientIp = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

describe('auth throttling (Redis)', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_throttle`, TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_ACCOUNT: '2', AUTH_RATE_LIMIT_WINDOW_SECONDS: '600' });
  });
  afterAll(async () => { await api.close(); });

  const attempt = (path: string, email: string, ip: string) =>
    call<ApiErrorBody>(api, 'POST', path, { body: path.endsWith('login') ? { email, password: 'whatever-1', role: 'patient' } : { email }, headers: { 'x-forwarded-for': ip } });

  it('limits each client IP, answering 429 with the platform text', async () => {
    const ip = clientIp();
    for (let i = 0; i < 3; i++) expect((await attempt('/api/auth/login', uniqueEmail('ip'), ip)).status).toBe(401);
    const limited = await attempt('/api/auth/login', uniqueEmail('ip'), ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: Messages.platform.tooManyRequests });
    // Another client is not affected.
    expect((await attempt('/api/auth/login', uniqueEmail('ip'), clientIp())).status).toBe(401);
  });

  it('limits each account across addresses, for every throttled action', async () => {
    for (const path of ['/api/auth/login', '/api/auth/forgot-password', '/api/auth/resend-verification']) {
      const email = uniqueEmail('acct');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await attempt(path, email, clientIp())).status);
      expect({ path, statuses }).toEqual({ path, statuses: path.endsWith('login') ? [401, 401, 429] : [200, 200, 429] });
    }
  });

  it('limits registration too', async () => {
    const email = uniqueEmail('reg');
    const body = { email, password: 'Correct-horse-9', role: 'expert', first_name: 'A', last_name: 'B', agreeToTerms: true };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(api, 'POST', '/api/auth/register', { body, headers: { 'x-forwarded-for': clientIp() } })).status);
    expect(statuses).toEqual([201, 409, 429]);
  });
});
