import type { INestApplicationContext } from '@nestjs/common';
import { AccountExportResponse, AccountExportStartResponse, AccountExportTexts, AccountPaths, MedicalReport, ReportPaths } from '@cqa/contracts';
import type { Job } from 'bullmq';
import { unzipSync } from 'fflate';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, signIn, TestUser } from '../../../../test/accounts-helpers';
import { SmtpSink, startSmtpSink } from '../../../../test/smtp-sink';
import { startWorker, waitFor } from '../../../../test/worker-harness';
import { ReportStorage } from '../../reports/storage/report-storage';
import { EXPORT_ATTEMPTS } from './export/account-export-rows';
import { AccountExportProcessor } from './export/account-export.processor';

jest.setTimeout(120_000);

/** "Download my data" (issue 44 item 3) through HTTP, the real job handler, MariaDB and the local file store. */
describe('account data export', () => {
  let api: RunningApi;
  let db: DataSource;
  let dir: string;
  let processor: AccountExportProcessor;
  let smtp: SmtpSink;
  const env = () => ({ REPORTS_STORAGE: 'local', REPORTS_DIR: dir, QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_export`, SMTP_URL: smtp.url });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    dir = await mkdtemp(path.join(tmpdir(), 'cqa-export-it-'));
    api = await startApi(env());
    db = api.app.get(DataSource);
    processor = api.app.get(AccountExportProcessor);
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
    await rm(dir, { recursive: true, force: true });
  });

  const start = (token: string) => call<AccountExportStartResponse & { message: string }>(api, 'POST', AccountPaths.export, { token });
  const latest = (token: string) => call<AccountExportResponse>(api, 'GET', AccountPaths.export, { token });
  async function download(id: string, token?: string) {
    const res = await fetch(`${api.baseUrl}${AccountPaths.exportFile(id)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const data = Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, data, message: res.ok ? undefined : (JSON.parse(data.toString()) as { message: string }).message };
  }
  async function uploadReport(token: string, bytes: Buffer, name: string): Promise<MedicalReport> {
    const body = new FormData();
    body.append('report_type', 'Lab Results');
    body.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
    const res = await fetch(`${api.baseUrl}${ReportPaths.upload}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
    expect(res.status).toBe(201);
    return (await res.json()) as MedicalReport;
  }
  /** Every file in the archives' store, finished or partial. */
  async function storedArchives(): Promise<string[]> {
    const root = path.join(dir, 'account-exports');
    const found: string[] = [];
    for (const sub of await readdir(root).catch(() => [] as string[])) found.push(...(await readdir(path.join(root, sub)).catch(() => [] as string[])));
    return found;
  }
  const fakeJob = (exportId: string, attemptsMade: number) => ({ data: { exportId }, attemptsMade, opts: { attempts: EXPORT_ATTEMPTS } }) as unknown as Job<{ exportId: string }>;
  const rowOf = async (id: string) => ((await db.query('SELECT status, storage_key, attempts FROM account_exports WHERE id = ?', [id])) as Array<{ status: string; storage_key: string | null; attempts: number }>)[0]!;
  async function patientWithReport(): Promise<{ user: TestUser; token: string; bytes: Buffer; report: MedicalReport; marker: string }> {
    const user = await createUser(api, 'patient');
    const { token } = await signIn(api, user);
    const marker = `marker-${randomBytes(6).toString('hex')}`;
    await db.query('UPDATE patients SET profile = ? WHERE user_id = ?', [JSON.stringify({ age: 52, treatment_notes: marker }), user.id]);
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300_000)]);
    const report = await uploadReport(token, bytes, 'blood-work.pdf');
    return { user, token, bytes, report, marker };
  }

  it('prepares a patient archive in the worker: profile in JSON, the report byte for byte, an e-mail, a download only its owner gets', async () => {
    const { user, token, bytes, report, marker } = await patientWithReport();
    const first = await start(token);
    expect(first.status).toBe(202);
    expect(first.body.message).toBe(AccountExportTexts.started);
    const again = await start(token);
    expect([again.status, again.body.export.id, again.body.message]).toEqual([200, first.body.export.id, AccountExportTexts.alreadyPreparing]);
    const id = first.body.export.id;
    expect(Number((await db.query('SELECT COUNT(*) AS n FROM account_exports WHERE user_id = ?', [user.id]))[0].n)).toBe(1);

    const worker: INestApplicationContext = await startWorker(env());
    try {
      const state = await waitFor(() => latest(token), (r) => r.body.export?.status !== 'requested', 60_000, 200);
      expect(state.body.export).toMatchObject({ id, status: 'ready' });
      // The link opens the account page; it carries no token and no archive id.
      const mail = await smtp.waitFor(user.email, /data archive is ready/);
      expect(mail.text).toContain(`${api.config.publicUrl}/account#data-export\n`);
      expect(mail.text).not.toContain(id);
    } finally {
      await worker.close();
    }

    const file = await download(id, token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/zip');
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="cancer-qa-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = unzipSync(new Uint8Array(file.data));
    const text = (name: string) => Buffer.from(zip[name]!).toString('utf8');
    expect(JSON.parse(text('profile.json')).profile).toMatchObject({ treatment_notes: marker });
    const account = JSON.parse(text('account.json'));
    expect(account).toMatchObject({ id: user.id, email: user.email, role: 'patient' });
    expect(Object.keys(account).join()).not.toMatch(/password|secret|hash|token/);
    const listed = JSON.parse(text('medical-reports.json'));
    expect(listed).toEqual([expect.objectContaining({ id: report.id, file_name: 'blood-work.pdf', sha256: report.sha256, file_in_archive: `reports/${report.id}/blood-work.pdf` })]);
    expect(Buffer.from(zip[listed[0].file_in_archive]!).equals(bytes)).toBe(true);
    expect(text('README.txt')).toContain('profile.json');
    expect(JSON.parse(text('sign-in-history.json')).map((e: { event_type: string }) => e.event_type)).toEqual(expect.arrayContaining(['login', 'data_export_requested']));

    const other = await createUser(api, 'patient');
    const otherFile = await download(id, (await signIn(api, other)).token);
    expect([otherFile.status, otherFile.message]).toEqual([404, AccountExportTexts.notFound]);
    expect((await download(id)).status).toBe(401);
    expect((await download('not-a-uuid', token)).message).toBe(AccountExportTexts.notFound);
    const events = (await db.query("SELECT COUNT(*) AS n FROM auth_logs WHERE user_id = ? AND event_type = 'data_export_downloaded'", [user.id])) as Array<{ n: string }>;
    expect(Number(events[0]!.n)).toBe(1);
  });

  it('answers 410 once an archive has expired, and the prune deletes its file', async () => {
    const { token } = await patientWithReport();
    const id = (await start(token)).body.export.id;
    await processor.build(fakeJob(id, 0));
    const { storage_key } = await rowOf(id);
    expect(await storedArchives()).toContain(storage_key);
    await db.query('UPDATE account_exports SET expires_at = NOW(3) - INTERVAL 1 MINUTE WHERE id = ?', [id]);
    const gone = await download(id, token);
    expect([gone.status, gone.message]).toEqual([410, AccountExportTexts.gone]);
    expect((await latest(token)).body.export).toMatchObject({ id, status: 'expired', size_bytes: null });
    expect((await processor.pruneNow(new Date())).expired).toBeGreaterThanOrEqual(1);
    expect(await rowOf(id)).toMatchObject({ status: 'expired', storage_key: null });
    expect(await storedArchives()).not.toContain(storage_key);
  });

  it('a failure midway leaves no file and no ready row; the retry succeeds; the last failed attempt marks it failed', async () => {
    const { token, bytes } = await patientWithReport();
    const id = (await start(token)).body.export.id;
    const before = await storedArchives();
    const reports = api.app.get(ReportStorage);
    const read = jest.spyOn(reports, 'read').mockRejectedValueOnce(new Error('disk went away'));
    try {
      await expect(processor.build(fakeJob(id, 0))).rejects.toThrow('disk went away');
    } finally {
      read.mockRestore();
    }
    expect(await rowOf(id)).toEqual({ status: 'requested', storage_key: null, attempts: 1 });
    expect(await storedArchives()).toEqual(before);
    expect((await download(id, token)).status).toBe(409);

    await expect(processor.build(fakeJob(id, 1))).resolves.toMatchObject({ status: 'ready' });
    expect((await rowOf(id)).status).toBe('ready');
    const zip = unzipSync(new Uint8Array((await download(id, token)).data));
    expect(Object.entries(zip).some(([name, data]) => name.startsWith('reports/') && Buffer.from(data).equals(bytes))).toBe(true);
    // A re-delivered job for a ready archive does nothing.
    await expect(processor.build(fakeJob(id, 2))).resolves.toEqual({ status: 'skipped' });

    const { token: t2 } = await patientWithReport();
    const doomed = (await start(t2)).body.export.id;
    const failing = jest.spyOn(reports, 'read').mockRejectedValue(new Error('still broken'));
    try {
      await expect(processor.build(fakeJob(doomed, EXPORT_ATTEMPTS - 1))).rejects.toThrow('still broken');
    } finally {
      failing.mockRestore();
    }
    expect(await rowOf(doomed)).toMatchObject({ status: 'failed', storage_key: null });
    expect((await latest(t2)).body.export?.status).toBe('failed');
    // The page's "Try again" starts a new one.
    expect((await start(t2)).status).toBe(202);
  });

  it(`allows ${3} archives per account in 24 hours (failed ones not counted), then answers 429`, async () => {
    const user = await createUser(api, 'admin');
    const { token } = await signIn(api, user);
    for (let i = 0; i < 3; i++) {
      const started = await start(token);
      expect(started.status).toBe(202);
      await db.query("UPDATE account_exports SET status = ? WHERE id = ?", [i === 0 ? 'failed' : 'expired', started.body.export.id]);
    }
    expect((await start(token)).status).toBe(202);
    await db.query("UPDATE account_exports SET status = 'expired' WHERE user_id = ?", [user.id]);
    await db.query("UPDATE account_exports SET status = 'failed' WHERE user_id = ? ORDER BY created_at LIMIT 1", [user.id]);
    const refused = await start(token);
    expect([refused.status, refused.body.message]).toEqual([429, AccountExportTexts.tooMany(3)]);
  });

  it("gives an expert their answers and reviews, and no one else's question", async () => {
    const expert = await createUser(api, 'expert');
    const { token } = await signIn(api, expert);
    const asker = await createUser(api, 'patient');
    const question = (await db.query("INSERT INTO cancer_questions (question_text, user_id) VALUES ('A private worry', ?)", [asker.id])) as { insertId: number };
    const answer = (await db.query(
      "INSERT INTO cancer_answers (question_id, answer_type, answer_text, sources, expert_id, expert_name) VALUES (?, 'expert', 'Expert answer text', '[]', ?, 'Test expert')",
      [question.insertId, expert.id],
    )) as { insertId: number };
    await db.query("INSERT INTO ratings_feedback (answer_id, rating, feedback, expert_id) VALUES (?, 4, 'Sound', ?)", [answer.insertId, expert.id]);
    const id = (await start(token)).body.export.id;
    await processor.build(fakeJob(id, 0));
    const zip = unzipSync(new Uint8Array((await download(id, token)).data));
    const answers = JSON.parse(Buffer.from(zip['answers.json']!).toString());
    expect(answers).toEqual([expect.objectContaining({ id: String(answer.insertId), question_id: String(question.insertId), answer_text: 'Expert answer text', sources: [] })]);
    expect(JSON.parse(Buffer.from(zip['reviews.json']!).toString())).toEqual([expect.objectContaining({ rating: 4, feedback: 'Sound' })]);
    expect(Buffer.from(zip['answers.json']!).toString()).not.toContain('A private worry');
    expect(zip['profile.json']).toBeUndefined();
  });
});
