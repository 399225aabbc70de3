import {
  AccountDeletionPaths, AccountDeletionResponse, AdminUserPaths, type AdminUserSummary, AccountDeletionTexts, ApiErrorBody, JobName, QuestionDetail, SessionResponse,
  TwoFactorPaths, TwoFactorSetupResponse, accountErasureJobId, reportFileDeleteJobId,
} from '@cqa/contracts';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, signIn, TEST_PASSWORD, TestUser } from '../../../../test/accounts-helpers';
import { JobQueue } from '../../../queues/job-queue.service';
import { AccountErasure } from '../../erasure/account-erasure.processor';
import { base32Decode, hotp, totpStep } from '../two-factor/totp';

const TEXT_TYPES = ['char', 'varchar', 'tinytext', 'text', 'mediumtext', 'longtext', 'json', 'tinyblob', 'blob', 'mediumblob', 'longblob', 'binary', 'varbinary', 'enum', 'set'];

// Issue 44, item 4: delete my account, the grace period, and the erasure that keeps contributions as "Anonymous".
describe('deleting an account (real MariaDB and Redis)', () => {
  let api: RunningApi;
  let db: DataSource;
  let offsetMs = 0;
  const realNow = Date.now.bind(Date);
  beforeAll(async () => {
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
    api = await startApi({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_deletion`, AUTH_RATE_LIMIT_PER_ACCOUNT: '4', AUTH_RATE_LIMIT_WINDOW_SECONDS: '600' });
    db = api.app.get(DataSource);
  });
  afterAll(async () => {
    await api.close();
    jest.restoreAllMocks();
  });

  const error = (r: { body: unknown }) => (r.body as ApiErrorBody).message;
  const requestDeletion = (token: string, body: unknown) => call<AccountDeletionResponse>(api, 'POST', AccountDeletionPaths.own, { token, body });
  const refresh = (cookie: string) => call(api, 'POST', '/api/auth/refresh', { cookie });
  const pending = async (userId: string) => (await db.query('SELECT * FROM account_deletions WHERE user_id = ?', [userId])) as Array<Record<string, unknown>>;
  const events = async (userId: string, event: string) =>
    Number((await db.query('SELECT COUNT(*) AS n FROM auth_logs WHERE user_id = ? AND event_type = ?', [userId, event]))[0].n);
  const outboxTo = async (email: string, kind: string) =>
    Number((await db.query('SELECT COUNT(*) AS n FROM mail_outbox WHERE recipient = ? AND kind = ?', [email, kind]))[0].n);
  const makeDue = (userId: string) => db.query('UPDATE account_deletions SET due_at = NOW(3) - INTERVAL 1 MINUTE WHERE user_id = ?', [userId]);
  const codeOf = (secret: string) => hotp(base32Decode(secret), totpStep(Date.now()));

  /** Every text-like column of every table of this test database that holds `needle`, as `table.column`. */
  async function whereFound(needle: string): Promise<string[]> {
    const columns = (await db.query(
      `SELECT TABLE_NAME AS t, COLUMN_NAME AS c FROM information_schema.COLUMNS
        WHERE TABLE_SCHEMA = DATABASE() AND DATA_TYPE IN (${TEXT_TYPES.map(() => '?').join(', ')})`,
      TEXT_TYPES,
    )) as { t: string; c: string }[];
    const found: string[] = [];
    for (const { t, c } of columns) {
      const [row] = (await db.query(`SELECT COUNT(*) AS n FROM \`${t}\` WHERE CAST(\`${c}\` AS CHAR) LIKE ?`, [`%${needle}%`])) as { n: number | string }[];
      if (Number(row!.n) > 0) found.push(`${t}.${c}`);
    }
    return found;
  }

  it('needs the password (a wrong one is counted and says so) and, with two-factor on, a current code', async () => {
    const patient = await createUser(api, 'patient');
    const { token: first, cookie } = await signIn(api, patient);
    let token = first;
    expect(error(await requestDeletion(token, { password: '' }))).toBe(AccountDeletionTexts.passwordRequired);
    const wrong = await requestDeletion(token, { password: 'Wrong-password-1' });
    expect(wrong.status).toBe(400);
    expect(error(wrong)).toBe(AccountDeletionTexts.passwordWrong);
    expect(await events(patient.id, 'login_failed')).toBe(1);
    expect(await pending(patient.id)).toEqual([]);

    const setup = await call<TwoFactorSetupResponse>(api, 'POST', TwoFactorPaths.setup, { token, body: { password: TEST_PASSWORD } });
    expect((await call(api, 'POST', TwoFactorPaths.confirm, { token, body: { password: TEST_PASSWORD, code: codeOf(setup.body.secret) } })).status).toBe(200);
    // Turning two-factor on renews this session's access token.
    token = (await call<SessionResponse>(api, 'POST', '/api/auth/refresh', { cookie })).body.accessToken;
    offsetMs += 30_000;
    expect(error(await requestDeletion(token, { password: TEST_PASSWORD }))).toBe(AccountDeletionTexts.codeRequired);
    const wrongCode = String((Number(codeOf(setup.body.secret)) + 500_000) % 1e6).padStart(6, '0');
    expect(error(await requestDeletion(token, { password: TEST_PASSWORD, two_factor_code: wrongCode }))).toBe(AccountDeletionTexts.codeWrong);
    expect(await events(patient.id, 'two_factor_failed')).toBe(1);
    expect(await pending(patient.id)).toEqual([]);
    const done = await requestDeletion(token, { password: TEST_PASSWORD, two_factor_code: codeOf(setup.body.secret) });
    expect(done.status).toBe(200);
    expect(await pending(patient.id)).toHaveLength(1);
  });

  it('wrong passwords past the account limit answer 429, even the right one', async () => {
    const expert = await createUser(api, 'expert');
    const { token } = await signIn(api, expert);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await requestDeletion(token, { password: `Wrong-password-${i}` })).status);
    expect(statuses).toContain(429);
    expect((await requestDeletion(token, { password: TEST_PASSWORD })).status).toBe(429);
    expect(await pending(expert.id)).toEqual([]);
  });

  it('schedules the erasure after the grace period, ends every session, e-mails the owner; signing in cancels it', async () => {
    const patient = await createUser(api, 'patient');
    const here = await signIn(api, patient);
    const elsewhere = await signIn(api, patient);
    const before = Date.now();
    const done = await requestDeletion(here.token, { password: TEST_PASSWORD });
    expect(done.status).toBe(200);
    const due = Date.parse(done.body.due_at);
    expect(due - before).toBeGreaterThanOrEqual(api.config.ops.accountDeletionGraceDays * 24 * 3600 * 1000 - 5000);
    expect(done.body.message).toBe(AccountDeletionTexts.scheduled(done.body.due_at.slice(0, 10)));
    expect(done.setCookie.some((c) => c.startsWith('__Host-cqa_refresh=;'))).toBe(true);
    expect(await pending(patient.id)).toEqual([expect.objectContaining({ requested_by: 'self', admin_id: null })]);
    for (const session of [here, elsewhere]) {
      expect((await refresh(session.cookie)).status).toBe(401);
      expect((await call(api, 'GET', '/api/auth/me', { token: session.token })).status).toBe(401);
    }
    expect(await outboxTo(patient.email, 'account-deletion-scheduled')).toBe(1);
    const [mail] = (await db.query("SELECT body FROM mail_outbox WHERE recipient = ? AND kind = 'account-deletion-scheduled'", [patient.email])) as { body: string }[];
    const { text } = JSON.parse(mail!.body) as { text: string };
    expect(text).toContain(AccountDeletionTexts.whatGoes);
    expect(text).toContain(AccountDeletionTexts.whatStays);
    expect(text).toContain('Sign in before that date and the deletion is cancelled');
    expect(await events(patient.id, 'deletion_requested')).toBe(1);

    const back = await signIn(api, patient);
    expect(back.session.deletionCancelled).toBe(true);
    expect(await pending(patient.id)).toEqual([]);
    expect(await outboxTo(patient.email, 'account-deletion-cancelled')).toBe(1);
    expect(await events(patient.id, 'deletion_cancelled')).toBe(1);
    expect((await signIn(api, patient)).session.deletionCancelled).toBeUndefined();
  });

  it("admins only, on a patient's or expert's account, with a note; they cancel it too; nobody acts on someone else's own deletion", async () => {
    const admin = await signIn(api, await createUser(api, 'admin'));
    const patient = await createUser(api, 'patient');
    const patientSession = await signIn(api, patient);
    const other = await signIn(api, await createUser(api, 'expert'));
    const otherAdmin = await createUser(api, 'admin');
    const path = AccountDeletionPaths.adminUser(patient.id);

    expect((await call(api, 'POST', path, { token: other.token, body: { note: 'asked' } })).status).toBe(403);
    expect((await call(api, 'DELETE', path, { token: patientSession.token })).status).toBe(403);
    expect((await call(api, 'POST', path, { body: { note: 'asked' } })).status).toBe(401);
    expect((await call(api, 'POST', AccountDeletionPaths.own, { token: admin.token, body: { password: TEST_PASSWORD } })).status).toBe(403);
    expect(error(await call(api, 'POST', path, { token: admin.token, body: { note: '  ' } }))).toBe(AccountDeletionTexts.adminNoteRequired);
    expect(error(await call(api, 'POST', path, { token: admin.token, body: { note: 'x'.repeat(1001) } }))).toBe(AccountDeletionTexts.adminNoteTooLong(1000));
    expect(error(await call(api, 'POST', AccountDeletionPaths.adminUser(otherAdmin.id), { token: admin.token, body: { note: 'asked' } })))
      .toBe(AccountDeletionTexts.adminOnlyPatientsExperts);
    expect(error(await call(api, 'DELETE', path, { token: admin.token }))).toBe(AccountDeletionTexts.notPending);

    const scheduled = await call<AccountDeletionResponse>(api, 'POST', path, { token: admin.token, body: { note: 'Asked by phone on Monday' } });
    expect(scheduled.status).toBe(200);
    expect(await pending(patient.id)).toEqual([expect.objectContaining({ requested_by: 'admin', admin_id: admin.session.user.id })]);
    expect((await refresh(patientSession.cookie)).status).toBe(401);
    expect(await outboxTo(patient.email, 'account-deletion-scheduled')).toBe(1);
    // The admin's list shows when it is due (the button becomes "Cancel deletion").
    const listed = await call<{ users: AdminUserSummary[] }>(api, 'GET', AdminUserPaths.list('patient'), { token: admin.token });
    expect(listed.body.users.find((u) => u.id === patient.id)?.deletion_due_at).toBe(scheduled.body.due_at);
    // Another user's access token cannot trigger or cancel this account's deletion through their own route.
    const theirs = await requestDeletion(other.token, { password: TEST_PASSWORD });
    expect(theirs.status).toBe(200);
    expect(await pending(patient.id)).toHaveLength(1);

    const cancelled = await call(api, 'DELETE', path, { token: admin.token });
    expect(cancelled).toMatchObject({ status: 200, body: { message: AccountDeletionTexts.adminCancelled } });
    expect(await pending(patient.id)).toEqual([]);
    expect(await outboxTo(patient.email, 'account-deletion-cancelled')).toBe(1);
    const after = await call<{ users: AdminUserSummary[] }>(api, 'GET', AdminUserPaths.list('patient'), { token: admin.token });
    expect(after.body.users.find((u) => u.id === patient.id)?.deletion_due_at).toBeNull();
  });

  it('erases the account in one transaction: nothing of the name, e-mail or profile stays in any table; a failure leaves it whole and the retry completes', async () => {
    const tag = randomBytes(4).toString('hex');
    const first = `Zelphira${tag}`;
    const last = `Quonsett${tag}`;
    const medication = `Xylomabine${tag}`;
    const note = `Grandmother-Ottoline-${tag}`;
    const patient: TestUser = await createUser(api, 'patient');
    const expert = await createUser(api, 'expert');
    const admin = await signIn(api, await createUser(api, 'admin'));
    await db.query('UPDATE users SET first_name = ?, last_name = ? WHERE id = ?', [first, last, patient.id]);
    const [{ id: patientId }] = (await db.query('SELECT id FROM patients WHERE user_id = ?', [patient.id])) as { id: string }[];
    await db.query("UPDATE patients SET first_name = ?, last_name = ?, profile = JSON_OBJECT('medications', ?, 'notes', ?) WHERE id = ?", [first, last, medication, note, patientId]);
    const { token } = await signIn(api, patient);

    const questionText = `What helps with fatigue after chemotherapy? (${tag})`;
    const inserted = (await db.query('INSERT INTO cancer_questions (question_text, cancer_type, user_id, patient_id) VALUES (?, ?, ?, ?)', [questionText, 'Breast', patient.id, patientId])) as { insertId: number };
    const questionId = inserted.insertId;
    const answer = (await db.query("INSERT INTO cancer_answers (question_id, answer_type, answer_text, sources, expert_id) VALUES (?, 'expert', 'Rest and light exercise.', '[]', ?)", [questionId, expert.id])) as { insertId: number };
    await db.query('INSERT INTO ratings_feedback (answer_id, rating, feedback, patient_id) VALUES (?, 4, ?, ?)', [answer.insertId, `Thanks, ${first} here`, patientId]);
    const storageKey = randomBytes(16).toString('hex');
    await db.query("INSERT INTO medical_reports (id, patient_id, uploaded_by, file_name, storage_key, report_type, content_type, file_size, sha256) VALUES (UUID(), ?, ?, ?, ?, 'lab', 'application/pdf', 10, ?)",
      [patientId, patient.id, `${last}-bloodwork.pdf`, storageKey, '0'.repeat(64)]);
    await db.query("INSERT INTO profile_access_logs (actor_user_id, actor_role, patient_id, action, detail, ip_address) VALUES (?, 'patient', ?, 'report.upload', ?, '203.0.113.7')", [patient.id, patientId, `${last}-bloodwork.pdf`]);
    await db.query("INSERT INTO notification_settings (user_id, answer_emails) VALUES (?, 0)", [patient.id]);
    await db.query("INSERT INTO unsubscribe_tokens (token_hash, user_id) VALUES (?, ?)", [randomBytes(32).toString('hex'), patient.id]);
    await db.query("INSERT INTO mail_outbox (kind, recipient, subject, body, link) VALUES ('admin-registration', 'someone@example.test', 'New patient registration', ?, ?)",
      [JSON.stringify({ text: `${first} ${last} registered` }), `http://localhost/admin/approve-user/${patient.id}`]);

    expect((await requestDeletion(token, { password: TEST_PASSWORD })).status).toBe(200);
    const needles = [first, last, patient.email, medication, note];
    for (const needle of needles) expect(await whereFound(needle)).not.toEqual([]);

    const erasure = api.app.get(AccountErasure);
    // Not due yet: the sweep leaves it, and a job run early erases nothing.
    expect(await erasure.eraseNow(patient.id)).toEqual({ erased: false, reports: 0 });
    await makeDue(patient.id);
    await erasure.sweep();
    const job = await api.app.get(JobQueue).find(JobName.AccountErasure, accountErasureJobId(patient.id));
    expect(job?.data).toEqual({ userId: patient.id });
    expect(job?.opts.attempts).toBeGreaterThan(1);

    // A failure at the last step (the account row) rolls back every step before it.
    await db.query(`CREATE TRIGGER erasure_fault_${tag} BEFORE UPDATE ON users FOR EACH ROW
      BEGIN IF NEW.erased_at IS NOT NULL AND OLD.erased_at IS NULL THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected fault'; END IF; END`);
    try {
      await expect(erasure.eraseNow(patient.id)).rejects.toThrow(/injected fault/);
    } finally {
      await db.query(`DROP TRIGGER erasure_fault_${tag}`);
    }
    for (const needle of needles) expect(await whereFound(needle)).not.toEqual([]);
    expect(await db.query('SELECT id FROM medical_reports WHERE storage_key = ?', [storageKey])).toHaveLength(1);
    expect(await db.query('SELECT id FROM patients WHERE id = ?', [patientId])).toHaveLength(1);

    expect(await erasure.eraseNow(patient.id)).toEqual({ erased: true, reports: 1 });
    for (const needle of needles) expect({ needle, found: await whereFound(needle) }).toEqual({ needle, found: [] });
    expect(await api.app.get(JobQueue).find(JobName.ReportFileDelete, reportFileDeleteJobId(storageKey))).toBeDefined();
    // Idempotent: delivered again, it finds nothing to do.
    expect(await erasure.eraseNow(patient.id)).toEqual({ erased: false, reports: 0 });

    const [user] = (await db.query('SELECT first_name, last_name, email, approval_status, is_blocked, erased_at FROM users WHERE id = ?', [patient.id])) as Record<string, unknown>[];
    expect(user).toMatchObject({ first_name: 'Anonymous', last_name: '', approval_status: 'disabled', is_blocked: 1 });
    expect(String(user!.email)).toMatch(/^erased-[0-9a-f-]{36}@invalid$/);
    expect(user!.erased_at).not.toBeNull();
    // The question and its answer stay; the rating keeps its number, not who gave it or their words.
    expect(await db.query('SELECT question_text, patient_id FROM cancer_questions WHERE id = ?', [questionId])).toEqual([{ question_text: questionText, patient_id: null }]);
    expect(await db.query('SELECT rating, feedback, patient_id FROM ratings_feedback WHERE answer_id = ?', [answer.insertId])).toEqual([{ rating: 4, feedback: null, patient_id: null }]);
    // The audit trail: one "account erased" with nothing personal; the deletion's row says who asked and when.
    expect(await db.query("SELECT ip_address, user_agent FROM auth_logs WHERE user_id = ? AND event_type = 'account_erased'", [patient.id])).toEqual([{ ip_address: null, user_agent: null }]);
    expect(await db.query('SELECT id FROM auth_logs WHERE user_id = ? AND (ip_address IS NOT NULL OR user_agent IS NOT NULL)', [patient.id])).toEqual([]);
    expect(await pending(patient.id)).toEqual([expect.objectContaining({ requested_by: 'self', note: null, erased_at: expect.any(Date) })]);
    // Nobody signs in as it, and the admin cannot schedule it again.
    expect((await call(api, 'POST', '/api/auth/login', { body: { email: patient.email, password: TEST_PASSWORD, role: 'patient' } })).status).toBe(401);
    expect(error(await call(api, 'POST', AccountDeletionPaths.adminUser(patient.id), { token: admin.token, body: { note: 'asked' } }))).toBe(AccountDeletionTexts.alreadyErased);
  });

  it("an erased expert's answers stay, shown under 'Anonymous'", async () => {
    const expert = await createUser(api, 'expert');
    const asker = await createUser(api, 'patient');
    await db.query('UPDATE users SET first_name = ?, last_name = ?, specialty = ?, licence_number = ?, institution = ? WHERE id = ?',
      ['Ignatius', 'Pemberton', 'medical oncologist', 'GMC-7713551', 'Pemberton Oncology Institute', expert.id]);
    const q = (await db.query('INSERT INTO cancer_questions (question_text, user_id) VALUES (?, ?)', ['Is walking safe during radiotherapy?', asker.id])) as { insertId: number };
    await db.query("INSERT INTO cancer_answers (question_id, answer_type, answer_text, sources, expert_id, expert_name) VALUES (?, 'expert', 'Usually yes.', '[]', ?, 'Dr. Ignatius')", [q.insertId, expert.id]);
    const { token } = await signIn(api, expert);
    expect((await requestDeletion(token, { password: TEST_PASSWORD })).status).toBe(200);
    await makeDue(expert.id);
    expect((await api.app.get(AccountErasure).eraseNow(expert.id)).erased).toBe(true);

    const reader = await signIn(api, asker);
    const detail = await call<QuestionDetail>(api, 'GET', `/api/questions/${q.insertId}`, { token: reader.token });
    expect(detail.status).toBe(200);
    const [shown] = detail.body.answers.expert;
    expect(shown).toMatchObject({ answer_text: 'Usually yes.', expert_name: 'Anonymous' });
    expect(JSON.stringify(detail.body)).not.toMatch(/Ignatius|Pemberton|medical oncologist/);
    // The professional details (issue 44 item 7) go with the name.
    const [row] = (await db.query('SELECT specialty, licence_number, institution FROM users WHERE id = ?', [expert.id])) as Record<string, unknown>[];
    expect(row).toEqual({ specialty: null, licence_number: null, institution: null });
  });
});
