import { ApiErrorBody, AuthTexts } from '@cqa/contracts';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, refreshCookie, signIn } from '../../../test/accounts-helpers';
import { PrivateRedis, startPrivateRedis } from '../../../test/private-redis';

/** Issue 17.5: the session-version check fails closed. Runs against a redis-server of its own, which it stops. */
describe('session check with Redis down', () => {
  let redis: PrivateRedis;
  let api: RunningApi;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    api = await startApi({ REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await redis.start().catch(() => undefined);
    await api.close();
    await redis.dispose();
  });

  it('answers 503 with a clear message while Redis is down, never letting the token through, and recovers by itself', async () => {
    const patient = await createUser(api, 'patient');
    const { token, cookie } = await signIn(api, patient);
    expect((await call(api, 'GET', '/api/auth/me', { token })).status).toBe(200);

    await redis.stop();
    const down = await call<ApiErrorBody>(api, 'GET', '/api/auth/me', { token });
    expect(down.status).toBe(503);
    expect(down.body.message).toBe(AuthTexts.sessionCheckUnavailable);
    // Restoring the session fails the same way, and neither spends the refresh token nor clears its cookie.
    const restore = await call<ApiErrorBody>(api, 'POST', '/api/auth/refresh', { cookie });
    expect(restore.status).toBe(503);
    expect(restore.setCookie).toEqual([]);

    await redis.start();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await call(api, 'GET', '/api/auth/me', { token })).status;
    }
    expect(status).toBe(200);
    const later = await call(api, 'POST', '/api/auth/refresh', { cookie });
    expect(later.status).toBe(200);
    expect(refreshCookie(later)).toBeDefined();
  }, 60_000);
});
