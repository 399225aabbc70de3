import type { INestApplicationContext } from '@nestjs/common';
import { AccountTexts, AdminUserListResponse, ApiErrorBody, ApprovalResponse, AuthTexts, Messages, USERS_BY_IDS_MAX } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, signIn, TEST_PASSWORD, TestUser } from '../../../test/accounts-helpers';
import { SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { startWorker } from '../../../test/worker-harness';

const PUBLIC_URL = 'http://cqa.test:8080';

// Issue 44: the spec's remaining account calls (approve-user, reject-user, users/by-ids), and the e-mail that tells an
// account's owner the admin's decision, written with the change through the mail outbox.
describe('approving and rejecting accounts (real MariaDB, Redis and an SMTP sink)', () => {
  let api: RunningApi;
  let smtp: SmtpSink;
  let worker: INestApplicationContext;
  let admin: TestUser;
  let adminToken: string;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    api = await startApi({ SMTP_URL: smtp.url, PUBLIC_URL });
    worker = await startWorker({ SMTP_URL: smtp.url, PUBLIC_URL });
    admin = await createUser(api, 'admin');
    adminToken = (await signIn(api, admin)).token;
  }, 90000);
  afterAll(async () => {
    await worker?.close();
    await api.close();
    await smtp.close();
  });

  const error = (r: { body: unknown }) => (r.body as ApiErrorBody).message;
  const status = async (id: string) => (await api.app.get(DataSource).query('SELECT approval_status FROM users WHERE id = ?', [id]))[0].approval_status;

  it('approve-user approves a pending account and e-mails its owner the login link; they can sign in', async () => {
    const expert = await createUser(api, 'expert', { status: 'pending' });
    // Before: the sign-in keeps the spec's text and adds that the registration awaits approval (the right password only).
    const waiting = await call(api, 'POST', '/api/auth/login', { body: { email: expert.email, password: TEST_PASSWORD, role: 'expert' } });
    expect(waiting).toMatchObject({ status: 403, body: { message: Messages.errors.unableToLogin, detail: AuthTexts.registrationAwaitingApproval } });
    const wrongPassword = await call(api, 'POST', '/api/auth/login', { body: { email: expert.email, password: 'Wrong-password-1', role: 'expert' } });
    expect(wrongPassword.body).toMatchObject({ message: AuthTexts.invalidCredentials });
    expect(wrongPassword.body).not.toHaveProperty('detail');
    const approved = await call<ApprovalResponse>(api, 'POST', `/api/approve-user/${expert.id}`, { token: adminToken });
    expect(approved).toMatchObject({ status: 200, body: { success: true, approval_status: 'approved' } });
    const mail = await smtp.waitFor(expert.email, /registration is approved/);
    expect(mail.text).toContain(`${PUBLIC_URL}/?role=expert&mode=login`);
    expect((await signIn(api, expert)).token).toBeTruthy();
    // Approved already: not an allowed change, and no second e-mail.
    const again = await call(api, 'POST', `/api/approve-user/${expert.id}`, { token: adminToken });
    expect(again.status).toBe(400);
    expect(error(again)).toBe(AccountTexts.invalidTransition('approved', 'approved'));
  });

  it('reject-user rejects with the reason told in the e-mail, without a body too, and ends the sessions', async () => {
    const patient = await createUser(api, 'patient', { status: 'pending' });
    const rejected = await call(api, 'POST', `/api/reject-user/${patient.id}`, { token: adminToken, body: { reason: 'We could not confirm the diagnosis. Please write to support.' } });
    expect(rejected).toMatchObject({ status: 200, body: { success: true, approval_status: 'rejected' } });
    const mail = await smtp.waitFor(patient.email, /not approved/);
    expect(mail.text).toContain('The reason given: We could not confirm the diagnosis. Please write to support.');
    const login = await call(api, 'POST', '/api/auth/login', { body: { email: patient.email, password: TEST_PASSWORD, role: 'patient' } });
    expect(error(login)).toBe(Messages.errors.unableToLogin);
    expect(login.body).not.toHaveProperty('detail');

    const approvedExpert = await createUser(api, 'expert');
    const session = await signIn(api, approvedExpert);
    const withoutBody = await call(api, 'POST', `/api/reject-user/${approvedExpert.id}`, { token: adminToken });
    expect(withoutBody.status).toBe(200);
    expect((await smtp.waitFor(approvedExpert.email, /not approved/)).text).not.toContain('reason');
    expect((await call(api, 'GET', '/api/auth/me', { token: session.token })).status).toBe(401);

    const tooLong = await call(api, 'POST', `/api/reject-user/${(await createUser(api, 'patient', { status: 'pending' })).id}`, { token: adminToken, body: { reason: 'x'.repeat(1001) } });
    expect(tooLong.status).toBe(400);
    expect(error(tooLong)).toBe(AccountTexts.rejectionReasonTooLong);
  });

  it('user-approval takes a rejection reason as well', async () => {
    const expert = await createUser(api, 'expert', { status: 'pending' });
    const rejected = await call(api, 'POST', `/api/user-approval/${expert.id}`, { token: adminToken, body: { approval_status: 'rejected', reason: 'No licence number.' } });
    expect(rejected.status).toBe(200);
    expect((await smtp.waitFor(expert.email, /not approved/)).text).toContain('The reason given: No licence number.');
  });

  it('users/by-ids answers the accounts of the ids given, newest first, and leaves unknown ids out', async () => {
    const first = await createUser(api, 'patient');
    const second = await createUser(api, 'expert', { status: 'pending' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const found = await call<AdminUserListResponse>(api, 'POST', '/api/users/by-ids', { token: adminToken, body: { ids: [first.id, second.id, unknown, first.id] } });
    expect(found.status).toBe(200);
    expect(found.body.users.map((u) => u.id).sort()).toEqual([first.id, second.id].sort());
    expect(found.body.users.find((u) => u.id === second.id)).toMatchObject({ email: second.email, approval_status: 'pending', patient_id: null });
    expect(found.body.users.find((u) => u.id === first.id)!.patient_id).toEqual(expect.any(String));

    for (const ids of [[], ['not-a-uuid'], Array.from({ length: USERS_BY_IDS_MAX + 1 }, () => first.id), 'abc']) {
      const refused = await call(api, 'POST', '/api/users/by-ids', { token: adminToken, body: { ids } });
      expect(refused.status).toBe(400);
      expect(error(refused)).toBe(AccountTexts.usersByIdsInvalid);
    }
  });

  it('none of the three is open to anyone but an admin, and an unknown or malformed id is not found', async () => {
    const target = await createUser(api, 'patient', { status: 'pending' });
    const patientToken = (await signIn(api, await createUser(api, 'patient'))).token;
    const expertToken = (await signIn(api, await createUser(api, 'expert'))).token;
    for (const token of [patientToken, expertToken, undefined]) {
      const expected = token ? 403 : 401;
      expect((await call(api, 'POST', `/api/approve-user/${target.id}`, { token })).status).toBe(expected);
      expect((await call(api, 'POST', `/api/reject-user/${target.id}`, { token })).status).toBe(expected);
      expect((await call(api, 'POST', '/api/users/by-ids', { token, body: { ids: [target.id] } })).status).toBe(expected);
    }
    expect(await status(target.id)).toBe('pending');
    expect(error(await call(api, 'POST', '/api/approve-user/00000000-0000-4000-8000-000000000000', { token: adminToken }))).toBe(Messages.errors.userNotFound);
    expect((await call(api, 'POST', '/api/reject-user/1%20OR%201=1', { token: adminToken })).status).toBe(404);
    // An admin cannot reject themself.
    expect((await call(api, 'POST', `/api/reject-user/${admin.id}`, { token: adminToken })).status).toBe(400);
  });
});
