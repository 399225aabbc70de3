import { ApiErrorBody, Messages, ProfileTexts, RegisterResponse } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import type { INestApplicationContext } from '@nestjs/common';
import { RunningApi, startApi } from '../../../test/api-harness';
import { startWorker } from '../../../test/worker-harness';
import { call, createUser, TEST_PASSWORD, uniqueEmail } from '../../../test/accounts-helpers';
import { SmtpSink, startSmtpSink } from '../../../test/smtp-sink';

const PUBLIC_URL = 'http://cqa.test:8080';

describe('password rules and registration fields (issue 17, items 6 and 8)', () => {
  let api: RunningApi;
  let smtp: SmtpSink;
  let db: DataSource;
  let worker: INestApplicationContext;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    api = await startApi({ SMTP_URL: smtp.url, PUBLIC_URL });
    worker = await startWorker({ SMTP_URL: smtp.url, PUBLIC_URL }); // emails leave through the mail queue
    db = api.app.get(DataSource);
  });
  afterAll(async () => {
    await worker?.close();
    await api.close();
    await smtp.close();
  });

  const error = (result: { body: unknown }) => (result.body as ApiErrorBody).message;
  const registration = (overrides: Record<string, unknown> = {}) => ({
    email: uniqueEmail('rules'), password: TEST_PASSWORD, role: 'patient', first_name: 'Pat', last_name: 'Rules', agreeToTerms: true,
    age: 61, sex: 'Male', cancer_type: 'Lung Cancer', cancer_stage: 'Stage 3', hipaa_consent: true, ...overrides,
  });

  it('refuses common passwords at registration, in any case, and says why', async () => {
    for (const password of ['12345678', 'password', 'PassWord', 'iloveyou', 'QWERTYUIOP']) {
      const result = await call(api, 'POST', '/api/auth/register', { body: registration({ password }) });
      expect({ password, status: result.status, message: error(result) }).toEqual({ password, status: 400, message: Messages.validation.passwordTooCommon });
    }
  });

  it('refuses a common password at password reset', async () => {
    const patient = await createUser(api, 'patient');
    await call(api, 'POST', '/api/auth/forgot-password', { body: { email: patient.email } });
    const mail = await smtp.waitFor(patient.email, /Reset your/);
    const token = new RegExp(`${PUBLIC_URL}/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)![1];
    for (const password of ['12345678', 'password']) {
      const result = await call(api, 'POST', '/api/auth/reset-password', { body: { token, password } });
      expect({ status: result.status, message: error(result) }).toEqual({ status: 400, message: Messages.validation.passwordTooCommon });
    }
    expect((await call(api, 'POST', '/api/auth/reset-password', { body: { token, password: 'Brand-new-pass-7' } })).status).toBe(200);
  });

  it('validates sex, cancer type and stage with the profile schema: invalid values answer 400 and name the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sex: 'Robot' }, `Sex: ${ProfileTexts.notAnOption}`],
      [{ sex: 7 }, `Sex: ${ProfileTexts.notAnOption}`],
      [{ cancer_type: 'Space Cancer' }, `Cancer Type: ${ProfileTexts.notAnOption}`],
      [{ cancer_stage: 'Stage II' }, `Cancer Stage: ${ProfileTexts.notAnOption}`],
      [{ cancer_stage: '<script>alert(1)</script>' }, `Cancer Stage: ${ProfileTexts.notAnOption}`],
    ];
    for (const [override, message] of cases) {
      const body = registration(override);
      const result = await call(api, 'POST', '/api/auth/register', { body });
      expect({ override, status: result.status, message: error(result) }).toEqual({ override, status: 400, message });
      expect(await db.query('SELECT id FROM users WHERE email = ?', [body.email])).toEqual([]);
    }
  });

  it('still registers with valid values, and with none of them', async () => {
    const valid = await call<RegisterResponse>(api, 'POST', '/api/auth/register', { body: registration({ sex: ' Female ', cancer_type: 'No Cancer', cancer_stage: 'In Remission' }) });
    expect(valid.status).toBe(201);
    expect(await db.query('SELECT sex, cancer_type, cancer_stage FROM patients WHERE user_id = ?', [valid.body.user.id]))
      .toEqual([{ sex: 'Female', cancer_type: 'No Cancer', cancer_stage: 'In Remission' }]);
    const none = await call<RegisterResponse>(api, 'POST', '/api/auth/register', { body: registration({ sex: undefined, cancer_type: '', cancer_stage: undefined }) });
    expect(none.status).toBe(201);
    expect(await db.query('SELECT sex, cancer_type, cancer_stage FROM patients WHERE user_id = ?', [none.body.user.id]))
      .toEqual([{ sex: null, cancer_type: null, cancer_stage: null }]);
  });
});
