import type { INestApplicationContext } from '@nestjs/common';
import { ApiErrorBody, JobName, mailJobId, OpsTexts, QueueName } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../api-harness';
import { call, createUser, TEST_PASSWORD } from '../accounts-helpers';
import { SmtpSink, startSmtpSink } from '../smtp-sink';
import { freePort, startWorker, waitFor } from '../worker-harness';
import { JobQueue } from '../../src/queues/job-queue.service';
import { PrivateService, startPrivateRedis } from './private-services';

describe('fault: Redis stopped and restarted (a private redis-server with appendonly)', () => {
  let redis: PrivateService;
  let api: RunningApi;
  let worker: INestApplicationContext;
  let smtp: SmtpSink | undefined;
  let smtpPort: number;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    smtpPort = await freePort();
    const env = { REDIS_URL: redis.url, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RETRY_DELAY_MS: '500', MAIL_RELAY_INTERVAL_MS: '1000', LOG_LEVEL: 'silent' };
    api = await startApi(env);
    worker = await startWorker(env);
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await smtp?.close();
    await redis?.destroy();
  });

  it('answers 503 with a clear text while Redis is down, recovers by itself, and loses no queued email or job', async () => {
    const user = await createUser(api, 'patient');
    const jobs = api.app.get(JobQueue);
    // Queued before the outage: an email that cannot go out yet (SMTP down, so it waits in retry) and a delayed job.
    expect((await call(api, 'POST', '/api/auth/forgot-password', { body: { email: user.email } })).status).toBe(200);
    const [row] = (await api.app.get(DataSource).query('SELECT id FROM mail_outbox WHERE recipient = ?', [user.email])) as Array<{ id: string }>;
    await waitFor(() => jobs.queue(QueueName.Mail).getJob(mailJobId(row!.id)), (job) => !!job && job.attemptsMade >= 1, 15000);
    const delayed = await jobs.enqueue(JobName.SelfCheck, { holdMs: 0 }, { delay: 4000 });

    await redis.stop();
    const health = await call<ApiErrorBody>(api, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body.message).toContain('Redis is down');
    const login = await call<ApiErrorBody>(api, 'POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD, role: 'patient' } });
    expect(login.status).toBe(503);
    expect(login.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: OpsTexts.queueUnavailable });
    expect(JSON.stringify(login.body)).not.toMatch(/at .*\.ts|stack/i);

    await redis.start();
    const healthy = await waitFor(() => call(api, 'GET', '/api/health'), (res) => res.status === 200, 20000);
    expect(healthy.status).toBe(200);
    expect((await waitFor(
      () => call(api, 'POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD, role: 'patient' } }),
      (res) => res.status === 200, 10000,
    )).status).toBe(200);

    // The worker reconnected on its own and drains what was queued before the outage.
    const done = await waitFor(async () => (await jobs.queue(QueueName.System).getJob(delayed.id!))?.getState(), (state) => state === 'completed', 20000);
    expect(done).toBe('completed');
    smtp = await startSmtpSink({ port: smtpPort });
    await smtp.waitFor(user.email, /Reset your Cancer Q&A password/);
  }, 90000);
});
