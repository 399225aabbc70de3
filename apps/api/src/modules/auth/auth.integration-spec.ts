import { ApiErrorBody, AuthTexts, AuthUser, Messages, MessageResponse, RegisterResponse, SessionResponse } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { ageRotations, call, createUser, EXPERT_CREDENTIALS, refreshCookie, signIn, TEST_PASSWORD, TestUser, uniqueEmail } from '../../../test/accounts-helpers';
import { SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { startWorker, waitFor } from '../../../test/worker-harness';
import type { INestApplicationContext } from '@nestjs/common';

const PUBLIC_URL = 'http://cqa.test:8080';

describe('accounts over HTTP (real MariaDB, Redis and an SMTP sink)', () => {
  let api: RunningApi;
  let smtp: SmtpSink;
  let admin: TestUser;
  let db: DataSource;
  let worker: INestApplicationContext;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    api = await startApi({ SMTP_URL: smtp.url, PUBLIC_URL });
    worker = await startWorker({ SMTP_URL: smtp.url, PUBLIC_URL });
    db = api.app.get(DataSource);
    admin = await createUser(api, 'admin');
  }, 90000);
  afterAll(async () => {
    await worker?.close();
    await api.close();
    await smtp.close();
  });

  const error = (result: { body: unknown }) => (result.body as ApiErrorBody).message;
  const registration = (overrides: Record<string, unknown> = {}) => ({
    email: uniqueEmail('reg'), password: TEST_PASSWORD, role: 'patient', first_name: 'Pat', last_name: 'Reg', agreeToTerms: true,
    age: 54, sex: 'Female', cancer_type: 'Breast Cancer', cancer_stage: 'Stage 2', hipaa_consent: true, ...overrides,
  });
  const codeFrom = (text: string) => new RegExp(`${PUBLIC_URL}/verify-email/([A-Za-z0-9_-]+)`).exec(text)?.[1];
  const resetTokenFrom = (text: string) => new RegExp(`${PUBLIC_URL}/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
  const approve = (userId: string, status = 'approved') =>
    signIn(api, admin).then(({ token }) => call(api, 'POST', `/api/user-approval/${userId}`, { token, body: { approval_status: status } }));

  describe('registration', () => {
    it('answers each missing or invalid field with the spec message', async () => {
      const empty = await call(api, 'POST', '/api/auth/register', { body: {} });
      expect(empty.status).toBe(400);
      for (const text of [Messages.validation.emailRequired, Messages.validation.passwordTooShort, Messages.validation.firstNameRequired,
        Messages.validation.lastNameRequired, Messages.validation.disclaimersRequired, Messages.validation.selectRole]) {
        expect(error(empty)).toContain(text);
      }
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ email: 'not-an-email' }, Messages.validation.emailInvalid],
        [{ password: 'short' }, Messages.validation.passwordTooShort],
        [{ first_name: '   ' }, Messages.validation.firstNameRequired],
        [{ last_name: '' }, Messages.validation.lastNameRequired],
        [{ agreeToTerms: false }, Messages.validation.disclaimersRequired],
        [{ hipaa_consent: false }, Messages.validation.hipaaRequired],
        [{ hipaa_consent: undefined }, Messages.validation.hipaaRequired],
        [{ role: 'admin' }, Messages.validation.selectRole],
      ];
      for (const [override, text] of cases) {
        const result = await call(api, 'POST', '/api/auth/register', { body: registration(override) });
        expect({ override, status: result.status, message: error(result) }).toEqual({ override, status: 400, message: text });
      }
    });

    it('registers a patient with a patient record, consent, a verification email, admin notification and an auth log', async () => {
      const body = registration({ email: `  ${uniqueEmail('Pat').toUpperCase()} ` });
      const email = (body.email as string).trim().toLowerCase();
      const result = await call<RegisterResponse>(api, 'POST', '/api/auth/register', { body, headers: { 'user-agent': 'jest-agent/1' } });
      expect(result.status).toBe(201);
      expect(result.body.message).toBe(Messages.success.registration);
      const id = result.body.user.id;

      const [user] = await db.query('SELECT email, approval_status, email_confirmed_at, terms_consent, terms_consent_date FROM users WHERE id = ?', [id]);
      expect(user).toMatchObject({ email, approval_status: 'pending', email_confirmed_at: null, terms_consent: 1 });
      expect(user.terms_consent_date).not.toBeNull();
      const patients = await db.query('SELECT hipaa_consent, age, cancer_type, profile_completion_percentage FROM patients WHERE user_id = ?', [id]);
      expect(patients).toEqual([{ hipaa_consent: 1, age: 54, cancer_type: 'Breast Cancer', profile_completion_percentage: 0 }]);

      const verification = await smtp.waitFor(email, /Verify your email/);
      expect(codeFrom(verification.text)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const notice = await smtp.waitFor(admin.email, /New patient registration/);
      expect(notice.text).toContain(`${PUBLIC_URL}/admin/approve-user/${id}`);

      const logs = await db.query("SELECT ip_address, user_agent FROM auth_logs WHERE user_id = ? AND event_type = 'registration'", [id]);
      expect(logs).toEqual([{ ip_address: '127.0.0.1', user_agent: 'jest-agent/1' }]);
      const tokens = await db.query('SELECT token_hash FROM email_tokens WHERE user_id = ?', [id]);
      expect(tokens[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(tokens[0].token_hash).not.toBe(codeFrom(verification.text));
    });

    it('registers an expert without a patient record', async () => {
      const result = await call<RegisterResponse>(api, 'POST', '/api/auth/register', {
        body: { email: uniqueEmail('exp'), password: TEST_PASSWORD, role: 'expert', first_name: 'Eve', last_name: 'Exp', agreeToTerms: true, ...EXPERT_CREDENTIALS },
      });
      expect(result.status).toBe(201);
      expect(await db.query('SELECT id FROM patients WHERE user_id = ?', [result.body.user.id])).toEqual([]);
    });

    it('refuses an email that is already registered, whatever its case', async () => {
      const body = registration();
      expect((await call(api, 'POST', '/api/auth/register', { body })).status).toBe(201);
      const again = await call(api, 'POST', '/api/auth/register', { body: { ...body, email: (body.email as string).toUpperCase() } });
      expect(again.status).toBe(409);
      expect(error(again)).toBe(Messages.errors.emailRegistered);
    });

    it('still registers when an admin notification cannot be delivered', async () => {
      await createUser(api, 'admin', { label: 'unreachable' });
      const failing = await startApi({ SMTP_URL: 'smtp://127.0.0.1:1', PUBLIC_URL });
      try {
        const result = await call(failing, 'POST', '/api/auth/register', { body: registration() });
        expect(result.status).toBe(201);
      } finally {
        await failing.close();
      }
    });
  });

  describe('email verification and login states', () => {
    async function registerPatient(): Promise<{ id: string; email: string; code: string }> {
      const body = registration();
      const result = await call<RegisterResponse>(api, 'POST', '/api/auth/register', { body });
      const mail = await smtp.waitFor(body.email as string, /Verify your email/);
      return { id: result.body.user.id, email: body.email as string, code: codeFrom(mail.text)! };
    }
    const login = (email: string, role: string, password = TEST_PASSWORD) => call<SessionResponse>(api, 'POST', '/api/auth/login', { body: { email, password, role } });

    it('walks a patient from registration to a signed-in session', async () => {
      const { id, email, code } = await registerPatient();

      const unverified = await login(email, 'patient');
      expect(unverified.status).toBe(403);
      expect(error(unverified)).toBe(Messages.validation.emailNotVerified);

      const verified = await call<MessageResponse>(api, 'GET', `/api/auth/verify-email/${code}`);
      expect(verified).toMatchObject({ status: 200, body: { message: AuthTexts.emailVerified } });
      // Opened a second time: the address is verified already, which is said as such (not 'not valid').
      const again = await call<MessageResponse>(api, 'GET', `/api/auth/verify-email/${code}`);
      expect(again).toMatchObject({ status: 200, body: { message: AuthTexts.alreadyVerified } });

      const pending = await login(email, 'patient');
      expect(pending.status).toBe(403);
      expect(error(pending)).toBe(Messages.errors.unableToLogin);

      expect((await approve(id)).body).toEqual({ success: true, approval_status: 'approved' });

      const expertPortal = await login(email, 'expert');
      expect(error(expertPortal)).toBe(Messages.portal.usePortal('Patient'));
      const adminPortal = await login(email, 'admin');
      expect(expertPortal.status).toBe(403);
      expect(adminPortal.status).toBe(403);
      expect(error(adminPortal)).toBe(Messages.portal.notAdmin);

      const ok = await login(email, 'patient');
      expect(ok.status).toBe(200);
      const patient = await db.query('SELECT id FROM patients WHERE user_id = ?', [id]);
      expect(ok.body.user).toEqual<AuthUser>({
        id, email, role: 'patient', firstName: 'Pat', lastName: 'Reg', approvalStatus: 'approved', patientId: patient[0].id, profileCompletion: 0,
      });
      expect(ok.body.expiresIn).toBe(900);
      const cookie = ok.setCookie.find((c) => c.startsWith('__Host-cqa_refresh='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      // The whole site: a page request carries it, so the page server can restore the session (apps/api/src/web).
      expect(cookie).toMatch(/Path=\/;/);
      // `__Host-` (issue 42, F-39): Secure even on http://localhost (browsers accept it there), and no Domain.
      expect(cookie).toMatch(/Secure/i);
      expect(cookie).not.toMatch(/Domain=/i);
      // Earlier releases' names (at '/' and at /api/auth) are never read, only cleared.
      expect(ok.setCookie.filter((c) => c.startsWith('cqa_refresh=;')).map((c) => /Path=([^;]+)/.exec(c)![1]).sort()).toEqual(['/', '/api/auth']);
      // The page server's signed-in hint: no secret, the whole site, gone when the session's cookie goes.
      const hint = ok.setCookie.find((c) => c.startsWith('cqa_signed_in='))!;
      expect(hint).toMatch(/^cqa_signed_in=1;/);
      expect(hint).toMatch(/Path=\/;/);
      expect(hint).toMatch(/SameSite=Strict/i);

      const me = await call<AuthUser>(api, 'GET', '/api/auth/me', { token: ok.body.accessToken });
      expect(me.body).toEqual(ok.body.user);
      const [row] = await db.query('SELECT last_sign_in_at FROM users WHERE id = ?', [id]);
      expect(row.last_sign_in_at).not.toBeNull();
    });

    it('tells an expired verification link from an unknown one', async () => {
      const { id, code } = await registerPatient();
      await db.query("UPDATE email_tokens SET expires_at = NOW(3) - INTERVAL 1 SECOND WHERE user_id = ? AND purpose = 'verify_email'", [id]);
      const expired = await call(api, 'GET', `/api/auth/verify-email/${code}`);
      expect(expired.status).toBe(400);
      expect(error(expired)).toBe(AuthTexts.verificationExpired);
      const unknown = await call(api, 'GET', '/api/auth/verify-email/not-a-real-code');
      expect(unknown.status).toBe(400);
      expect(error(unknown)).toBe(AuthTexts.verificationInvalid);
    });

    it('resends verification only to an unverified account, answering the same either way', async () => {
      const { email, code } = await registerPatient();
      const before = smtp.to(email).length;
      const sent = await call(api, 'POST', '/api/auth/resend-verification', { body: { email } });
      expect(sent).toMatchObject({ status: 200, body: { message: Messages.success.verificationSent } });
      expect(await waitFor(async () => smtp.to(email).length, (n) => n === before + 1)).toBe(before + 1);
      const fresh = codeFrom(smtp.to(email).at(-1)!.text)!;
      expect(fresh).not.toBe(code);
      // Only the newest link works.
      expect(error(await call(api, 'GET', `/api/auth/verify-email/${code}`))).toBe(AuthTexts.verificationInvalid);
      expect((await call(api, 'GET', `/api/auth/verify-email/${fresh}`)).status).toBe(200);

      const nobody = uniqueEmail('nobody');
      const unknown = await call(api, 'POST', '/api/auth/resend-verification', { body: { email: nobody } });
      expect(unknown).toMatchObject({ status: 200, body: { message: Messages.success.verificationSent } });
      await call(api, 'POST', '/api/auth/resend-verification', { body: { email } });
      await new Promise((r) => setTimeout(r, 1000)); // what the worker would have sent by now
      expect(smtp.to(nobody)).toHaveLength(0);
      expect(smtp.to(email)).toHaveLength(before + 1);
    });

    it('refuses wrong credentials with one text and logs the failure', async () => {
      const expert = await createUser(api, 'expert');
      const wrong = await login(expert.email, 'expert', 'Wrong-password-1');
      expect(wrong.status).toBe(401);
      expect(error(wrong)).toBe(AuthTexts.invalidCredentials);
      const unknownEmail = uniqueEmail('ghost');
      const unknown = await login(unknownEmail, 'expert');
      expect(unknown.status).toBe(401);
      expect(error(unknown)).toBe(AuthTexts.invalidCredentials);
      const failed = await db.query("SELECT user_id FROM auth_logs WHERE event_type = 'login_failed' AND user_id = ?", [expert.id]);
      expect(failed).toHaveLength(1);
    });

    it('refuses rejected, disabled and blocked accounts', async () => {
      for (const options of [{ status: 'rejected' as const }, { status: 'disabled' as const }, { blocked: true }]) {
        const user = await createUser(api, 'expert', options);
        const result = await login(user.email, 'expert');
        expect({ options, status: result.status, message: error(result) }).toEqual({ options, status: 403, message: Messages.errors.unableToLogin });
      }
    });

    it('names the account role on the wrong portal', async () => {
      const expert = await createUser(api, 'expert');
      expect(error(await login(expert.email, 'patient'))).toBe(Messages.portal.usePortal('Expert'));
      expect(error(await login(expert.email, 'admin'))).toBe(Messages.portal.notAdmin);
      expect(error(await login(admin.email, 'patient'))).toBe(Messages.portal.usePortal('Admin'));
      expect(error(await login(admin.email, 'expert'))).toBe(Messages.portal.usePortal('Admin'));
      expect((await login(admin.email, 'admin')).status).toBe(200);
      const logins = await db.query("SELECT COUNT(*) AS n FROM auth_logs WHERE event_type = 'login' AND user_id = ?", [admin.id]);
      expect(Number(logins[0].n)).toBeGreaterThanOrEqual(1);
    });
  });

  describe('sessions', () => {
    const refresh = (cookie?: string) => call<SessionResponse>(api, 'POST', '/api/auth/refresh', { cookie });

    it('rotates the refresh token, and a reused one revokes the whole family', async () => {
      const patient = await createUser(api, 'patient');
      const { cookie: first } = await signIn(api, patient);
      const rotated = await refresh(first);
      expect(rotated.status).toBe(200);
      expect(rotated.body.user.id).toBe(patient.id);
      const second = refreshCookie(rotated)!;
      expect(second).not.toBe(first);
      const third = refreshCookie(await refresh(second))!;

      // Presented again after the grace window: theft.
      await ageRotations(api, patient.id);
      const reuse = await refresh(first);
      expect(reuse.status).toBe(401);
      expect(error(reuse)).toBe(Messages.errors.noActiveSession);
      const afterTheft = await refresh(third);
      expect(afterTheft.status).toBe(401);
      expect(error(afterTheft)).toBe(Messages.errors.noActiveSession);

      const stored = await db.query('SELECT token_hash, revoked_at FROM refresh_tokens WHERE user_id = ?', [patient.id]);
      expect(stored).toHaveLength(3);
      for (const row of stored) {
        expect(row.revoked_at).not.toBeNull();
        expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      }
    });

    it('answers 204 without a cookie (no session), and 401 to an unknown one', async () => {
      const anonymous = await refresh();
      expect(anonymous.status).toBe(204);
      expect(anonymous.body).toBeUndefined();
      expect(anonymous.setCookie).toEqual([]);
      const forged = await refresh('__Host-cqa_refresh=forged');
      expect(forged.status).toBe(401);
      expect(error(forged)).toBe(Messages.errors.noActiveSession);
    });

    it('ends the sessions of a rejected user: restore says unableToAccess', async () => {
      const expert = await createUser(api, 'expert');
      const { token, cookie } = await signIn(api, expert);
      expect((await approve(expert.id, 'rejected')).status).toBe(200);
      const restore = await refresh(cookie);
      expect(restore.status).toBe(403);
      expect(error(restore)).toBe(Messages.errors.unableToAccess);
      // The access token stopped working at once (the session version was bumped).
      const me = await call(api, 'GET', '/api/auth/me', { token });
      expect(me.status).toBe(401);
      expect(error(me)).toBe(Messages.platform.signInRequired);
    });

    it('restore of a user rejected behind the session (database change) gives unableToAccess and revokes the family', async () => {
      const expert = await createUser(api, 'expert');
      const { cookie } = await signIn(api, expert);
      await db.query("UPDATE users SET approval_status = 'rejected' WHERE id = ?", [expert.id]);
      const restore = await refresh(cookie);
      expect(restore.status).toBe(403);
      expect(error(restore)).toBe(Messages.errors.unableToAccess);
      const open = await db.query('SELECT id FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL', [expert.id]);
      expect(open).toEqual([]);
    });

    it('signs out: the cookie is cleared and no longer restores', async () => {
      const patient = await createUser(api, 'patient');
      const { cookie } = await signIn(api, patient);
      const out = await call(api, 'POST', '/api/auth/logout', { cookie });
      expect(out.status).toBe(204);
      expect(out.setCookie.find((c) => c.startsWith('__Host-cqa_refresh='))).toMatch(/^__Host-cqa_refresh=;/);
      expect(out.setCookie.find((c) => c.startsWith('cqa_signed_in='))).toMatch(/cqa_signed_in=;/);
      expect((await refresh(cookie)).status).toBe(401);
      expect((await call(api, 'POST', '/api/auth/logout')).status).toBe(204);
    });

    it('refuses a forged or expired access token', async () => {
      expect((await call(api, 'GET', '/api/auth/me', { token: 'not.a.jwt' })).status).toBe(401);
      const other = await startApi({ JWT_SECRET: 'another-secret-that-is-long-enough-1234' });
      try {
        const patient = await createUser(api, 'patient');
        const { token } = await signIn(other, patient);
        const result = await call(api, 'GET', '/api/auth/me', { token });
        expect(result.status).toBe(401);
        expect(error(result)).toBe(Messages.platform.signInRequired);
      } finally {
        await other.close();
      }
    });
  });

  describe('password reset', () => {
    it('always answers the same, mails a single-use link to an existing account and ends its sessions', async () => {
      const patient = await createUser(api, 'patient');
      const { cookie } = await signIn(api, patient);

      const nobody = uniqueEmail('nobody');
      expect(await call(api, 'POST', '/api/auth/forgot-password', { body: { email: nobody } })).toMatchObject({ status: 200, body: { message: Messages.success.resetSent } });
      expect(smtp.to(nobody)).toHaveLength(0);

      expect(await call(api, 'POST', '/api/auth/forgot-password', { body: { email: patient.email } })).toMatchObject({ status: 200, body: { message: Messages.success.resetSent } });
      const mail = await smtp.waitFor(patient.email, /Reset your/);
      const token = resetTokenFrom(mail.text)!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const same = await call(api, 'POST', '/api/auth/reset-password', { body: { token, password: TEST_PASSWORD } });
      expect(same.status).toBe(400);
      expect(error(same)).toBe(Messages.validation.samePassword);
      const short = await call(api, 'POST', '/api/auth/reset-password', { body: { token, password: 'short' } });
      expect(error(short)).toBe(Messages.validation.passwordTooShort);

      const done = await call(api, 'POST', '/api/auth/reset-password', { body: { token, password: 'Brand-new-pass-7' } });
      expect(done).toMatchObject({ status: 200, body: { message: Messages.success.passwordReset } });
      expect((await call(api, 'POST', '/api/auth/refresh', { cookie })).status).toBe(401);
      const reused = await call(api, 'POST', '/api/auth/reset-password', { body: { token, password: 'Another-pass-8' } });
      expect(reused.status).toBe(400);
      expect(error(reused)).toBe(AuthTexts.resetLinkInvalid);

      expect((await call(api, 'POST', '/api/auth/login', { body: { email: patient.email, password: TEST_PASSWORD, role: 'patient' } })).status).toBe(401);
      await signIn(api, patient, 'Brand-new-pass-7');
    });

    it('refuses an unknown or expired reset link', async () => {
      const bogus = await call(api, 'POST', '/api/auth/reset-password', { body: { token: 'x'.repeat(43), password: 'Brand-new-pass-7' } });
      expect(bogus.status).toBe(400);
      expect(error(bogus)).toBe(AuthTexts.resetLinkInvalid);

      const expert = await createUser(api, 'expert');
      await call(api, 'POST', '/api/auth/forgot-password', { body: { email: expert.email } });
      const token = resetTokenFrom((await smtp.waitFor(expert.email, /Reset your/)).text)!;
      await db.query("UPDATE email_tokens SET expires_at = NOW(3) - INTERVAL 1 SECOND WHERE user_id = ? AND purpose = 'reset_password'", [expert.id]);
      const expired = await call(api, 'POST', '/api/auth/reset-password', { body: { token, password: 'Brand-new-pass-7' } });
      expect(error(expired)).toBe(AuthTexts.resetLinkInvalid);
    });
  });
});
