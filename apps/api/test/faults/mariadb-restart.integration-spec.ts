import { ApiErrorBody, OpsTexts } from '@cqa/contracts';
import { RunningApi, startApi } from '../api-harness';
import { call, createUser, signIn } from '../accounts-helpers';
import { waitFor } from '../worker-harness';
import { migrate } from '../../src/database/database-admin';
import { PrivateService, startPrivateMariadb } from './private-services';

describe('fault: MariaDB stopped and restarted (a private mariadbd on a temporary data folder)', () => {
  let db: PrivateService;
  let api: RunningApi;

  beforeAll(async () => {
    db = await startPrivateMariadb();
    await migrate(db.url);
    api = await startApi({ DATABASE_URL: db.url, LOG_LEVEL: 'silent' });
  }, 120000);
  afterAll(async () => {
    await api?.close();
    await db?.destroy();
  });

  it('turns /api/health unhealthy then healthy, and requests in between fail cleanly with 503', async () => {
    const { token } = await signIn(api, await createUser(api, 'expert'));
    expect((await call(api, 'GET', '/api/health')).status).toBe(200);
    expect((await call(api, 'GET', '/api/questions', { token })).status).toBe(200);

    await db.stop();
    const health = await call<ApiErrorBody>(api, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body.message).toContain('MySQL is down');
    const list = await call<ApiErrorBody>(api, 'GET', '/api/questions', { token });
    expect(list.status).toBe(503);
    expect(list.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: OpsTexts.databaseUnavailable });
    expect(list.headers.get('retry-after')).toBe('5');

    await db.start();
    expect((await waitFor(() => call(api, 'GET', '/api/health'), (res) => res.status === 200, 30000)).status).toBe(200);
    expect((await waitFor(() => call(api, 'GET', '/api/questions', { token }), (res) => res.status === 200, 10000)).status).toBe(200);
  }, 90000);
});
