import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, signIn, TEST_PASSWORD } from '../../../test/accounts-helpers';

/** Health and account data must never sit in a browser or proxy cache: every /api answer says no-store. */
describe('Cache-Control on API answers', () => {
  let api: RunningApi;
  let patient: string;
  let admin: string;
  let patientUser: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    api = await startApi();
    patientUser = await createUser(api, 'patient');
    patient = (await signIn(api, patientUser)).token;
    admin = (await signIn(api, await createUser(api, 'admin'))).token;
  });
  afterAll(async () => { await api.close(); });

  it('marks account and health-data answers no-store', async () => {
    const answers = {
      login: await call(api, 'POST', '/api/auth/login', { body: { email: patientUser.email, password: TEST_PASSWORD, role: 'patient' } }),
      me: await call(api, 'GET', '/api/auth/me', { token: patient }),
      ownRecord: await call(api, 'GET', `/api/patients?user_id=${patientUser.id}`, { token: patient }),
      reports: await call(api, 'GET', '/api/medical-reports', { token: patient }),
      questions: await call(api, 'GET', '/api/questions', { token: patient }),
      patientsList: await call(api, 'GET', '/api/admin/patients-auth', { token: admin }),
      refused: await call(api, 'GET', '/api/auth/me'),
      health: await call(api, 'GET', '/api/health'),
    };
    const seen = Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, `${res.status} ${res.headers.get('cache-control')}`]));
    for (const [name, res] of Object.entries(answers)) {
      expect({ name, cacheControl: res.headers.get('cache-control') }).toEqual({ name, cacheControl: expect.stringContaining('no-store') });
    }
    expect(seen.me).toMatch(/^200 /);
    expect(seen.ownRecord).toMatch(/^200 /);
  });
});
