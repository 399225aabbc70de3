import { ApiErrorBody } from '@cqa/contracts';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, signIn } from '../../../test/accounts-helpers';

/** Every paginated list: a huge, fractional, negative or non-numeric page or page size answers 400 with one clear message, never 500. */
describe('paginated lists refuse page values they cannot serve', () => {
  let api: RunningApi;
  let admin: string;
  beforeAll(async () => {
    api = await startApi();
    admin = (await signIn(api, await createUser(api, 'admin'))).token;
  });
  afterAll(async () => { await api.close(); });

  const LISTS = ['/api/admin/auth-logs', '/api/admin/profile-access-logs', '/api/admin/ai-runs', '/api/import/batches', '/api/questions'];
  const BAD_PAGES = ['99999999999999999999', '1e300', '9007199254740993', '100001', '0', '-1', '1.5', 'abc', 'Infinity'];

  it.each(LISTS)('%s answers 400 to a bad page', async (path) => {
    const failures: string[] = [];
    for (const page of BAD_PAGES) {
      const res = await call<ApiErrorBody>(api, 'GET', `${path}?page=${page}`, { token: admin });
      if (res.status !== 400 || !String(res.body.message).includes('page must be a whole number from 1 to 100000')) {
        failures.push(`page=${page} → ${res.status} ${JSON.stringify(res.body.message)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(LISTS)('%s answers 400 to a bad page size and serves the last allowed page', async (path) => {
    for (const size of ['0', '100000000000', 'x']) {
      const res = await call<ApiErrorBody>(api, 'GET', `${path}?per_page=${size}`, { token: admin });
      expect(res.status).toBe(400);
      expect(String(res.body.message)).toMatch(/per_page must be a whole number from 1 to \d+/);
    }
    expect((await call(api, 'GET', `${path}?page=100000`, { token: admin })).status).toBe(200);
  });
});
