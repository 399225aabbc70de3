import type { INestApplicationContext } from '@nestjs/common';
import {
  accountExportJobId, AccountExportResponse, AccountExportStartResponse, aiAnswerJobId, AiRunView, CreateImportBatchResponse, ImportPaths, ImportRowView, JobName, mailJobId, QuestionDetail, QueueName, ResearchLatest, ResearchRunView,
} from '@cqa/contracts';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../api-harness';
import { call, createUser, signIn } from '../accounts-helpers';
import { SmtpSink, startSmtpSink } from '../smtp-sink';
import { startWorker, waitFor } from '../worker-harness';
import { dropDatabase, migrate } from '../../src/database/database-admin';
import { JobQueue } from '../../src/queues/job-queue.service';
import { AiFakes, FIXTURE_CANCER_TYPE, FIXTURE_QUESTION, startAiFakes } from '../../src/modules/answers/ai/test/ai-test-env';
import { LocalTestServer, startLocalTestServer } from '../../src/modules/import/test/local-test-server';
import { REPORT_SWEEP_SCHEDULER_ID } from '../../src/modules/reports/files/report-files.processor';
import { planJobId, runJobId } from '../../src/modules/answers/research/research.runner';
import { PrivateService, startPrivateRedis } from './private-services';

/** The question deep research's fake plan and the literature fixtures answer (research.integration-spec.ts). */
const RESEARCH_QUESTION = 'Does exercise help fatigue during chemotherapy for breast cancer?';
const THREAD = `<!doctype html><html><head><title>Walking during chemo</title></head><body><main>
  <h1>Walking during chemo</h1>
  <article class="post"><p>Did walking help anyone with chemo tiredness?</p></article>
  <article class="post"><p>Short walks every day helped me more than resting all day, honestly.</p></article>
  <article class="post"><p>My oncology nurse suggested gentle yoga and it made the afternoons easier.</p></article>
</main></body></html>`;

/**
 * Issue 46: Redis restarted without its data (it keeps nothing on disk). Work accepted before (an AI answer, a deep
 * research run planning and one mid-flow, a link import, a data archive and an e-mail) has its rows in the database and
 * its jobs only in Redis; after the restart each module's recovery pass puts the jobs back and each completes once.
 */
describe('fault: Redis restarted empty, the recovery passes put back every accepted job', () => {
  let redis: PrivateService;
  let fakes: AiFakes;
  let site: LocalTestServer;
  let smtp: SmtpSink;
  let api: RunningApi;
  let worker: INestApplicationContext | undefined;
  let env: Record<string, string>;
  let admin: string;

  const ask = async (text: string) => {
    const res = await call<{ id: number }>(api, 'POST', '/api/questions', { token: admin, body: { question_text: text, cancer_type: FIXTURE_CANCER_TYPE } });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const research = async (questionId: number) => (await call<ResearchLatest>(api, 'GET', `/api/questions/${questionId}/research`, { token: admin })).body.run;
  const detail = async (questionId: number) => (await call<QuestionDetail>(api, 'GET', `/api/questions/${questionId}`, { token: admin })).body;

  // A database of its own: the suites share one, and a recovery pass would take their unfinished runs for lost work.
  const databaseUrl = (() => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `${url.pathname}_recovery_${randomBytes(3).toString('hex')}`;
    return url.toString();
  })();

  beforeAll(async () => {
    await migrate(databaseUrl);
    redis = await startPrivateRedis({ persist: false });
    fakes = await startAiFakes();
    smtp = await startSmtpSink();
    site = await startLocalTestServer((req, res) => {
      if (req.url === '/robots.txt') { res.writeHead(404); return res.end(); }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(THREAD);
    });
    env = {
      ...fakes.env, DATABASE_URL: databaseUrl, REDIS_URL: redis.url, QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_recovery`, SMTP_URL: smtp.url, LOG_LEVEL: 'silent',
      AI_AUTO_ANSWER: 'false', RESEARCH_RECHECK_CRON: '', FETCH_ALLOW_HOSTS: site.host, FETCH_HOST_DELAY_MS: '0',
      MAIL_RETRY_DELAY_MS: '500', MAIL_RELAY_INTERVAL_MS: '1000', JOB_RECOVERY_INTERVAL_MS: '1000',
    };
    api = await startApi(env);
    admin = (await signIn(api, await createUser(api, 'admin'))).token;
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await fakes?.close();
    await site?.close();
    await smtp?.close();
    await redis?.destroy();
    await dropDatabase(databaseUrl);
  });

  it('completes an AI answer, two research runs, a link import, a data archive and an e-mail accepted before the restart, each once', async () => {
    const jobs = api.app.get(JobQueue);
    const db = api.app.get(DataSource);

    // A run mid-flow: a worker plans it (plan review on), stops, and the approval adds its flow to Redis.
    worker = await startWorker({ ...env, RESEARCH_PLAN_REVIEW: 'true' });
    const flowQuestion = await ask(RESEARCH_QUESTION);
    const flowRun = (await call<ResearchRunView>(api, 'POST', `/api/questions/${flowQuestion}/research`, { token: admin })).body.id;
    expect((await waitFor(() => research(flowQuestion), (r) => r?.status === 'awaiting_approval', 60_000))?.status).toBe('awaiting_approval');
    await worker.close();
    worker = undefined;
    expect((await call(api, 'POST', `/api/questions/${flowQuestion}/research/${flowRun}/approve`, { token: admin })).status).toBe(200);

    // Accepted with no worker running: their jobs wait in Redis only.
    const aiQuestion = await ask(FIXTURE_QUESTION);
    const aiRun = await call<AiRunView>(api, 'POST', `/api/questions/${aiQuestion}/ai-answer`, { token: admin, body: {} });
    expect(aiRun.status).toBe(202);
    const planQuestion = await ask(RESEARCH_QUESTION);
    const planRun = (await call<ResearchRunView>(api, 'POST', `/api/questions/${planQuestion}/research`, { token: admin })).body.id;
    const importQuestion = await ask('Does walking help with tiredness during chemotherapy?');
    const batch = await call<CreateImportBatchResponse>(api, 'POST', ImportPaths.batches, {
      token: admin, body: { urls: [`${site.origin}/forum/walking`], question_id: importQuestion },
    });
    expect(batch.status).toBe(201);
    const rowId = batch.body.batch!.rows[0]!.id;
    const patient = await createUser(api, 'patient');
    expect((await call(api, 'POST', '/api/auth/forgot-password', { body: { email: patient.email } })).status).toBe(200);
    const [mail] = (await db.query('SELECT id FROM mail_outbox WHERE recipient = ?', [patient.email])) as Array<{ id: string }>;
    const archiver = await createUser(api, 'patient');
    const archiverToken = (await signIn(api, archiver)).token;
    const archive = await call<AccountExportStartResponse>(api, 'POST', '/api/account/export', { token: archiverToken });
    expect(archive.status).toBe(202);
    expect(await jobs.find(JobName.AiAnswer, aiAnswerJobId(aiRun.body.id))).toBeDefined();
    expect(await jobs.find(JobName.ResearchRun, runJobId(flowRun, 1))).toBeDefined();
    expect(await jobs.queue(QueueName.Mail).getJob(mailJobId(mail!.id))).toBeDefined();

    await redis.stop();
    await redis.start();
    // Redis came back empty: every job above is gone; the rows say what was accepted.
    await waitFor(() => jobs.queue(QueueName.Ai).getJobCounts().catch(() => null), (counts) => counts !== null, 20_000);
    expect(await jobs.find(JobName.AiAnswer, aiAnswerJobId(aiRun.body.id))).toBeUndefined();
    expect(await jobs.find(JobName.ResearchPlan, planJobId(planRun, 1))).toBeUndefined();
    expect(await jobs.find(JobName.ResearchRun, runJobId(flowRun, 1))).toBeUndefined();
    expect(await jobs.queue(QueueName.Mail).getJob(mailJobId(mail!.id))).toBeUndefined();
    expect(await jobs.find(JobName.AccountExport, accountExportJobId(archive.body.export.id))).toBeUndefined();

    worker = await startWorker({ ...env, RESEARCH_PLAN_REVIEW: 'false' });
    const settled = (status?: string) => status === 'completed' || status === 'failed' || status === 'cancelled';
    expect((await waitFor(() => research(flowQuestion), (r) => settled(r?.status), 150_000))?.status).toBe('completed');
    expect((await waitFor(() => research(planQuestion), (r) => settled(r?.status), 150_000))?.status).toBe('completed');
    const aiStatus = () => db.query('SELECT status FROM ai_runs WHERE id = ?', [aiRun.body.id]) as Promise<Array<{ status: string }>>;
    expect((await waitFor(aiStatus, ([r]) => r?.status === 'succeeded' || r?.status === 'failed', 60_000))[0]!.status).toBe('succeeded');
    const row = await waitFor(async () => (await call<ImportRowView>(api, 'GET', ImportPaths.row(rowId), { token: admin })).body, (r) => r.status === 'saved', 60_000);
    expect(row.status).toBe('saved');
    await smtp.waitFor(patient.email, /Reset your Cancer Q&A password/);
    const archived = await waitFor(async () => (await call<AccountExportResponse>(api, 'GET', '/api/account/export', { token: archiverToken })).body.export,
      (e) => e?.status !== 'requested', 60_000);
    expect(archived?.status).toBe('ready');
    await smtp.waitFor(archiver.email, /data archive is ready/);

    // Exactly once: let any duplicate job run, then count what was written and sent.
    await new Promise((r) => setTimeout(r, 3000));
    expect((await detail(aiQuestion)).answers.ai).toHaveLength(1);
    expect((await detail(flowQuestion)).answers.deep_research).toHaveLength(1);
    expect((await detail(planQuestion)).answers.deep_research).toHaveLength(1);
    expect((await detail(importQuestion)).answers.quora).toHaveLength(2);
    expect(smtp.to(patient.email)).toHaveLength(1);
    expect(smtp.to(archiver.email)).toHaveLength(1);
    expect(fakes.literature.unmatched()).toEqual([]);
  }, 300_000);

  it('puts the cron schedulers back when Redis restarts empty under a running worker, and when its data is flushed', async () => {
    worker ??= await startWorker(env);
    const sweeps = api.app.get(JobQueue).queue(QueueName.System);
    expect(await sweeps.getJobScheduler(REPORT_SWEEP_SCHEDULER_ID)).toBeDefined();

    await redis.stop();
    await redis.start();
    const back = await waitFor(() => sweeps.getJobScheduler(REPORT_SWEEP_SCHEDULER_ID).catch(() => undefined), (s) => s !== undefined, 20_000);
    expect(back).toMatchObject({ key: REPORT_SWEEP_SCHEDULER_ID });

    // No reconnect this time: the periodic check finds it missing.
    const direct = new Redis(redis.url);
    await direct.flushall().finally(() => direct.quit());
    expect(await sweeps.getJobScheduler(REPORT_SWEEP_SCHEDULER_ID)).toBeUndefined();
    const again = await waitFor(() => sweeps.getJobScheduler(REPORT_SWEEP_SCHEDULER_ID), (s) => s !== undefined, 10_000);
    expect(again).toMatchObject({ key: REPORT_SWEEP_SCHEDULER_ID });
  }, 90_000);
});
