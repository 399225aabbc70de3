import { Logger } from '@nestjs/common';
import { ChildProcess, spawn } from 'node:child_process';
import { ApiErrorBody, Messages, PatientPaths, ReportPaths } from '@cqa/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, signIn } from '../../../test/accounts-helpers';
import { waitFor } from '../../../test/worker-harness';
import { AiFakes, FIXTURE_CANCER_TYPE, FIXTURE_QUESTION, startAiFakes } from '../answers/ai/test/ai-test-env';

jest.setTimeout(180_000);

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..', '..');
const TS_CHILD = path.resolve(__dirname, '..', '..', '..', 'test', 'faults', 'ts-child.cjs');
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(150_000)]);

/**
 * Issue 27.12: a profile save waited ~43 s for the patient's row. Saves run here while the same patient's reports are
 * uploaded and AI answers and deep research run on their questions (the real worker in a process of its own, as in
 * production, against the fake AI and the literature fixtures); every save must finish within a second. A row held by another transaction answers 503 'Please
 * try again' after DB_LOCK_WAIT_TIMEOUT_S, and the wait is logged with what blocks it.
 */
describe('profile saves never wait on other work of the same patient', () => {
  let fakes: AiFakes;
  let reportsDir: string;
  let api: RunningApi;
  let worker: ChildProcess | undefined;
  let ds: DataSource;
  let patientId: string;
  let patientToken: string;
  let adminToken: string;

  beforeAll(async () => {
    fakes = await startAiFakes();
    reportsDir = await mkdtemp(path.join(tmpdir(), 'cqa-lockwait-it-'));
    const env = {
      ...fakes.env, QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_lockwait`, AI_PHI_ALLOWED: 'true', AI_AUTO_ANSWER: 'true',
      RESEARCH_AUTO: 'true', RESEARCH_PLAN_REVIEW: 'false', RESEARCH_RECHECK_CRON: '', REPORTS_STORAGE: 'local', REPORTS_DIR: reportsDir,
      DB_LOCK_WAIT_TIMEOUT_S: '1', DB_LOCK_WAIT_LOG_MS: '200',
    };
    api = await startApi(env);
    worker = spawn(process.execPath, [TS_CHILD, 'apps/api/src/main.worker.ts'], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: 'ignore' });
    const health = await waitFor(() => call<{ worker: string }>(api, 'GET', '/api/health').then((r) => r.body.worker), (w) => w === 'alive', 90_000, 500);
    expect(health).toBe('alive');
    ds = api.app.get(DataSource);
    const patient = await createUser(api, 'patient');
    const admin = await createUser(api, 'admin');
    patientToken = (await signIn(api, patient)).token;
    adminToken = (await signIn(api, admin)).token;
    patientId = ((await ds.query('SELECT id FROM patients WHERE user_id = ?', [patient.id])) as { id: string }[])[0]!.id;
  });
  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker!.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await api?.close();
    await fakes?.close();
    if (reportsDir) await rm(reportsDir, { recursive: true, force: true });
  });

  const save = async (token: string, i: number) => {
    const started = performance.now();
    const res = await call<ApiErrorBody>(api, 'PUT', PatientPaths.one(patientId), {
      token, body: { profile: { age: 40 + (i % 30), cancer_type: FIXTURE_CANCER_TYPE, describe_treatment: `round ${i}` } },
    });
    return { status: res.status, ms: performance.now() - started };
  };
  const uploadWithBody = async () => {
    const body = new FormData();
    body.append('report_type', 'Pathology Reports');
    body.append('file', new Blob([PDF], { type: 'application/pdf' }), 'report.pdf');
    const res = await fetch(`${api.baseUrl}${ReportPaths.upload}`, { method: 'POST', headers: { authorization: `Bearer ${patientToken}` }, body });
    return { status: res.status, body: (await res.json()) as ApiErrorBody };
  };
  const upload = async () => (await uploadWithBody()).status;
  const ask = async (i: number) =>
    (await call<{ id: number }>(api, 'POST', '/api/questions', {
      token: patientToken, body: { question_text: `${FIXTURE_QUESTION} (${i})`, cancer_type: FIXTURE_CANCER_TYPE, use_profile: true },
    })).body.id;
  /** The questions' AI and research runs still to finish, and how many of them a worker is on right now. */
  const jobs = async (ids: number[]) => {
    const marks = ids.map(() => '?').join(',');
    const [ai] = (await ds.query(
      `SELECT SUM(status IN ('queued', 'running')) AS open, SUM(status = 'running') AS running FROM ai_runs WHERE question_id IN (${marks})`, ids,
    )) as { open: string | null; running: string | null }[];
    const [research] = (await ds.query(
      `SELECT SUM(status IN ('planning', 'queued', 'running')) AS open, SUM(status = 'running' OR status = 'planning') AS running FROM research_runs WHERE question_id IN (${marks})`,
      ids,
    )) as { open: string | null; running: string | null }[];
    return { open: Number(ai!.open ?? 0) + Number(research!.open ?? 0), running: Number(ai!.running ?? 0) + Number(research!.running ?? 0) };
  };

  it('saves the profile within a second each while uploads, AI answers and deep research run for the same patient', async () => {
    const questions = Promise.all([0, 1, 2].map(ask));
    const uploads = Promise.all(Array.from({ length: 6 }, upload));
    const ids = await questions;
    const saves: { status: number; ms: number }[] = [];
    expect((await jobs(ids)).open).toBeGreaterThan(0);
    // Saves, by the patient and by an admin (the wizard's admin mode), one pair after another until the AI answers are
    // done (at most 20 s), counting those made while a worker was on one of the runs.
    let whileRunning = 0;
    for (let i = 0, deadline = Date.now() + 20_000; Date.now() < deadline; i++) {
      const running = (await jobs(ids)).running;
      saves.push(...(await Promise.all([save(patientToken, i), save(adminToken, i)])));
      if (running > 0) whileRunning += 2;
      const [{ open }] = (await ds.query(
        `SELECT COUNT(*) AS open FROM ai_runs WHERE question_id IN (${ids.map(() => '?').join(',')}) AND status IN ('queued', 'running')`, ids,
      )) as { open: string }[];
      if (Number(open) === 0 && i >= 10) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(whileRunning).toBeGreaterThan(0);
    expect(await uploads).toEqual(Array(6).fill(201));
    expect(saves.every((s) => s.status === 200)).toBe(true);
    const slowest = Math.max(...saves.map((s) => s.ms));
    expect(slowest).toBeLessThan(1000);
  });

  it("answers 503 'Please try again' after DB_LOCK_WAIT_TIMEOUT_S when another transaction holds the row, and logs what blocks it", async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const holder = ds.createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      await holder.query('SELECT id FROM patients WHERE id = ? FOR UPDATE', [patientId]);
      const started = performance.now();
      const res = await call<ApiErrorBody>(api, 'PUT', PatientPaths.one(patientId), {
        // A value no earlier save wrote (an unchanged entity is not updated, so it would take no lock).
        token: adminToken, body: { profile: { age: 41, describe_treatment: 'saved while the row is held' } },
      });
      const ms = performance.now() - started;
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(Messages.platform.busy);
      expect(ms).toBeLessThan(3000);
      const logged = warn.mock.calls.map(([entry]) => entry as Record<string, unknown>).find((entry) => entry?.msg === 'request transaction waits for a lock');
      expect(logged).toMatchObject({ transaction: 'profile.update', blockingStatement: '(idle in transaction)', lockTable: expect.stringContaining('patients') });
      // Only the statement's shape, never values: nothing of the request or the row is in the entry.
      expect(JSON.stringify(logged)).not.toContain(patientId);
      // A report upload meets the same held row in its quota check: 503 too, and no row is recorded.
      const reportsBefore = await ds.query('SELECT COUNT(*) AS n FROM medical_reports WHERE patient_id = ?', [patientId]);
      const refused = await uploadWithBody();
      expect(refused).toEqual({ status: 503, body: expect.objectContaining({ message: Messages.platform.busy }) });
      expect(await ds.query('SELECT COUNT(*) AS n FROM medical_reports WHERE patient_id = ?', [patientId])).toEqual(reportsBefore);
    } finally {
      await holder.rollbackTransaction().catch(() => undefined);
      await holder.release();
      warn.mockRestore();
    }
    expect((await save(adminToken, 99)).status).toBe(200);
  });
});
