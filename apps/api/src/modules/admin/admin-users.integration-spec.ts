import {
  AccountTexts, AdminUserListResponse, ApiErrorBody, ApprovalStatusResponse, AuthLogListResponse, Messages, UserDetailResponse,
} from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, signIn, TEST_PASSWORD, TestUser } from '../../../test/accounts-helpers';

describe('user administration over HTTP', () => {
  let api: RunningApi;
  let admin: TestUser;
  let adminToken: string;
  beforeAll(async () => {
    api = await startApi();
    admin = await createUser(api, 'admin');
    adminToken = (await signIn(api, admin)).token;
  });
  afterAll(async () => { await api.close(); });

  const error = (r: { body: unknown }) => (r.body as ApiErrorBody).message;

  it('lists patients and experts newest first, with email status and the patient id', async () => {
    const older = await createUser(api, 'patient', { verified: false, status: 'pending' });
    const newer = await createUser(api, 'patient');
    const expert = await createUser(api, 'expert', { status: 'disabled' });
    const ds = api.app.get(DataSource);
    await ds.query('UPDATE users SET created_at = NOW(3) - INTERVAL 1 DAY WHERE id = ?', [older.id]);

    const patients = await call<AdminUserListResponse>(api, 'GET', '/api/admin/patients-auth', { token: adminToken });
    expect(patients.status).toBe(200);
    const ids = patients.body.users.map((u) => u.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const row = patients.body.users.find((u) => u.id === older.id)!;
    const [patient] = await ds.query('SELECT id FROM patients WHERE user_id = ?', [older.id]);
    expect(row).toMatchObject({ email: older.email, full_name: 'Test patient', email_confirmed_at: null, approval_status: 'pending', is_blocked: false, patient_id: patient.id });
    expect(patients.body.users.every((u) => u.id !== expert.id)).toBe(true);

    const experts = await call<AdminUserListResponse>(api, 'GET', '/api/admin/experts-auth', { token: adminToken });
    expect(experts.body.users.find((u) => u.id === expert.id)).toMatchObject({ approval_status: 'disabled', patient_id: null });
  });

  it('blocks a user: their sessions end at once, sign-in answers the spec text; unblocking lets them back in', async () => {
    const expert = await createUser(api, 'expert');
    const session = await signIn(api, expert);
    const block = (is_blocked: unknown, token = adminToken, id = expert.id) => call(api, 'POST', `/api/user-block/${id}`, { token, body: { is_blocked } });

    expect((await block(true)).body).toEqual({ success: true, is_blocked: true });
    const listed = await call<AdminUserListResponse>(api, 'GET', '/api/admin/experts-auth', { token: adminToken });
    expect(listed.body.users.find((u) => u.id === expert.id)).toMatchObject({ is_blocked: true });
    const refreshed = await call(api, 'POST', '/api/auth/refresh', { cookie: session.cookie });
    expect(refreshed.status).toBe(403);
    expect(error(refreshed)).toBe(Messages.errors.unableToAccess);
    // Blocking ended the session at once (session version): the old token is refused before its account is read.
    const withOldToken = await call(api, 'GET', '/api/auth/me', { token: session.token });
    expect(withOldToken.status).toBe(401);
    const login = await call(api, 'POST', '/api/auth/login', { body: { email: expert.email, password: TEST_PASSWORD, role: 'expert' } });
    expect(login.status).toBe(403);
    expect(error(login)).toBe(Messages.errors.unableToLogin);
    expect((await call<ApprovalStatusResponse>(api, 'GET', `/api/user/approval-status/${expert.id}`, { token: adminToken })).body.is_blocked).toBe(true);

    expect((await block(false)).body).toEqual({ success: true, is_blocked: false });
    expect((await signIn(api, expert)).token).toBeTruthy();

    expect((await block('yes')).status).toBe(400);
    expect(error(await block(true, adminToken, admin.id))).toBe(AccountTexts.cannotBlockSelf);
    expect(error(await block(true, adminToken, '00000000-0000-4000-8000-000000000000'))).toBe(Messages.errors.userNotFound);
    const patientToken = (await signIn(api, await createUser(api, 'patient'))).token;
    expect((await block(true, patientToken)).status).toBe(403);
    expect((await call(api, 'POST', `/api/user-block/${expert.id}`, { body: { is_blocked: true } })).status).toBe(401);
  });

  it('shows when each user last signed in (null before the first sign-in)', async () => {
    const patient = await createUser(api, 'patient');
    const lastSignIn = async () =>
      (await call<AdminUserListResponse>(api, 'GET', '/api/admin/patients-auth', { token: adminToken })).body.users.find((u) => u.id === patient.id)!.last_sign_in_at;
    expect(await lastSignIn()).toBeNull();
    const before = Date.now();
    await signIn(api, patient);
    const at = await lastSignIn();
    expect(Date.parse(at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(at!)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('changes approval along the allowed transitions only', async () => {
    const user = await createUser(api, 'expert', { status: 'pending' });
    const change = (status: string) => call(api, 'POST', `/api/user-approval/${user.id}`, { token: adminToken, body: { approval_status: status } });
    expect((await change('approved')).body).toEqual({ success: true, approval_status: 'approved' });
    const back = await change('pending');
    expect(back.status).toBe(400);
    expect(error(back)).toBe(AccountTexts.invalidTransition('approved', 'pending'));
    expect((await change('disabled')).body).toEqual({ success: true, approval_status: 'disabled' });
    expect(error(await change('rejected'))).toBe(AccountTexts.invalidTransition('disabled', 'rejected'));
    expect((await change('approved')).status).toBe(200);
    expect(error(await change('nonsense'))).toContain('approval_status must be one of');

    const unknown = await call(api, 'POST', '/api/user-approval/00000000-0000-4000-8000-000000000000', { token: adminToken, body: { approval_status: 'approved' } });
    expect(unknown.status).toBe(404);
    expect(error(unknown)).toBe(Messages.errors.userNotFound);
    const self = await call(api, 'POST', `/api/user-approval/${admin.id}`, { token: adminToken, body: { approval_status: 'disabled' } });
    expect(self.status).toBe(400);
  });

  it('shows the approval status to admins and to the user themself only', async () => {
    const patient = await createUser(api, 'patient');
    const other = await createUser(api, 'patient');
    const { token } = await signIn(api, patient);
    const own = await call<ApprovalStatusResponse>(api, 'GET', `/api/user/approval-status/${patient.id}`, { token });
    expect(own.body).toEqual({ approval_status: 'approved', is_blocked: false });
    expect((await call(api, 'GET', `/api/user/approval-status/${other.id}`, { token })).status).toBe(403);
    expect((await call(api, 'GET', `/api/user/approval-status/${other.id}`, { token: adminToken })).status).toBe(200);
    const missing = await call(api, 'GET', '/api/user/approval-status/00000000-0000-4000-8000-000000000000', { token: adminToken });
    expect(error(missing)).toBe(Messages.errors.userNotFound);
  });

  it('shows one user as spec section 7 does', async () => {
    const expert = await createUser(api, 'expert');
    const detail = await call<UserDetailResponse>(api, 'GET', `/api/user/${expert.id}`, { token: adminToken });
    expect(detail.body).toMatchObject({
      id: expert.id, email: expert.email, approval_status: 'approved',
      app_specific_data: { role: 'expert', first_name: 'Test', last_name: 'expert' },
    });
    expect(typeof detail.body.app_specific_data.registration_date).toBe('string');
    expect(error(await call(api, 'GET', '/api/user/not-a-uuid', { token: adminToken }))).toBe(Messages.errors.userNotFound);
  });

  it('pages the auth logs newest first, filtered by user', async () => {
    const expert = await createUser(api, 'expert');
    await call(api, 'POST', '/api/auth/login', { body: { email: expert.email, password: 'Wrong-pass-1', role: 'expert' } });
    await signIn(api, expert);
    await signIn(api, expert);
    const page1 = await call<AuthLogListResponse>(api, 'GET', `/api/admin/auth-logs?user_id=${expert.id}&page=1&per_page=2`, { token: adminToken });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(page1.body.logs.map((l) => l.event_type)).toEqual(['login', 'login']);
    const page2 = await call<AuthLogListResponse>(api, 'GET', `/api/admin/auth-logs?user_id=${expert.id}&page=2&per_page=2`, { token: adminToken });
    expect(page2.body.logs.map((l) => l.event_type)).toEqual(['login_failed']);
    expect(page2.body.logs[0]).toMatchObject({ user_id: expert.id, ip_address: '127.0.0.1' });
    const all = await call<AuthLogListResponse>(api, 'GET', '/api/admin/auth-logs', { token: adminToken });
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    expect((await call(api, 'GET', '/api/admin/auth-logs?per_page=1000', { token: adminToken })).status).toBe(400);
  });
});
