import type { INestApplicationContext } from '@nestjs/common';
import { JobName, mailJobId, QueueName } from '@cqa/contracts';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, EXPERT_CREDENTIALS, TEST_PASSWORD, uniqueEmail } from '../../../test/accounts-helpers';
import { SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { freePort, startWorker, waitFor } from '../../../test/worker-harness';
import { JobQueue } from '../../queues/job-queue.service';
import { MailOutbox } from './mail-outbox.service';

interface OutboxRow { id: string; kind: string; status: string; request_id: string | null; last_error: string | null; attempts: number }

describe('mail through the outbox and the mail queue (real MariaDB, Redis, worker and SMTP)', () => {
  let api: RunningApi;
  let db: DataSource;
  let queue: Queue;
  let smtpPort: number;
  let smtpUrl: string;
  const closers: Array<() => Promise<unknown>> = [];
  beforeAll(async () => {
    smtpPort = await freePort();
    smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
    api = await startApi({ SMTP_URL: smtpUrl, MAIL_RETRY_DELAY_MS: '300' });
    db = api.app.get(DataSource);
    queue = api.app.get(JobQueue).queue(QueueName.Mail);
  }, 90000);
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  afterAll(async () => { await api.close(); });

  const rowsTo = (email: string) => db.query('SELECT id, kind, status, request_id, last_error, attempts FROM mail_outbox WHERE recipient = ? ORDER BY id', [email]) as Promise<OutboxRow[]>;
  const worker = async (env: Record<string, string> = {}): Promise<INestApplicationContext> => {
    const started = await startWorker({ SMTP_URL: smtpUrl, MAIL_RETRY_DELAY_MS: '300', MAIL_RELAY_INTERVAL_MS: '500', ...env });
    closers.push(() => started.close());
    return started;
  };
  const sink = async (): Promise<SmtpSink> => {
    const started = await startSmtpSink({ port: smtpPort });
    closers.push(() => started.close());
    return started;
  };
  const register = (email: string, requestId?: string) => call<{ user: { id: string } }>(api, 'POST', '/api/auth/register', {
    headers: requestId ? { 'x-request-id': requestId } : {},
    body: { email, password: TEST_PASSWORD, role: 'expert', first_name: 'Sam', last_name: 'Smtp', agreeToTerms: true, ...EXPERT_CREDENTIALS },
  });

  it('SMTP down: registration answers at once, the email waits in the outbox and goes out when SMTP is back', async () => {
    await worker();
    const email = uniqueEmail('smtp-down');
    const started = Date.now();
    const res = await register(email, 'req-smtp-down-0001');
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.headers.get('x-request-id')).toBe('req-smtp-down-0001');

    const [row] = await rowsTo(email);
    expect(row).toMatchObject({ kind: 'verify-email', status: 'pending', request_id: 'req-smtp-down-0001' });
    // The job carries the row id and the request id, nothing of the message.
    const job = await waitFor(() => queue.getJob(mailJobId(row!.id)), (j) => !!j && j.attemptsMade >= 1);
    expect(job?.name).toBe(JobName.MailSend);
    expect(job?.data).toEqual({ outboxId: String(row!.id), requestId: 'req-smtp-down-0001' });
    expect(JSON.stringify(job?.data)).not.toContain(email);
    expect(job?.failedReason ?? '').not.toContain(email);

    const smtp = await sink();
    const mail = await smtp.waitFor(email, /Verify your email/);
    expect(mail.text).toContain('/verify-email/');
    expect(await waitFor(() => rowsTo(email), (rows) => rows.length === 0)).toEqual([]);
  });

  it('a job lost from Redis (a restart without its data) is enqueued again by the relay, and sent once', async () => {
    const smtp = await sink();
    const email = uniqueEmail('relay');
    expect((await register(email)).status).toBe(201);
    const [row] = await rowsTo(email);
    await waitFor(() => queue.getJob(mailJobId(row!.id)), Boolean, 5000);
    await (await queue.getJob(mailJobId(row!.id)))?.remove();
    expect(await queue.getJob(mailJobId(row!.id))).toBeUndefined();

    await worker();
    await smtp.waitFor(email, /Verify your email/);
    await waitFor(() => rowsTo(email), (rows) => rows.length === 0);
    await new Promise((r) => setTimeout(r, 1500)); // a few more relay passes add nothing
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('an email that fails every attempt is a dead letter: failed in the job dashboard, dead in the outbox, no address in the reason', async () => {
    await worker({ MAIL_MAX_ATTEMPTS: '2', MAIL_RETRY_DELAY_MS: '200' });
    const user = await createUser(api, 'patient');
    expect((await call(api, 'POST', '/api/auth/forgot-password', { body: { email: user.email } })).status).toBe(200);
    const [dead] = await waitFor(() => rowsTo(user.email), (rows) => rows[0]?.status === 'dead', 20000);
    expect(dead).toMatchObject({ kind: 'reset-password', status: 'dead', attempts: 2 });
    expect(dead!.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    const job = await queue.getJob(mailJobId(dead!.id));
    expect(await job?.getState()).toBe('failed');
    expect(job?.failedReason).toContain('reset-password');
    expect(job?.failedReason).not.toContain(user.email);
  });
  it('a row whose id a finished job already carries (database restored, Redis kept) is still sent', async () => {
    const smtp = await sink();
    await worker();
    const first = uniqueEmail('reused-id');
    expect((await register(first)).status).toBe(201);
    const [row] = await rowsTo(first);
    await smtp.waitFor(first, /Verify your email/);
    await waitFor(() => rowsTo(first), (rows) => rows.length === 0);
    expect(await (await queue.getJob(mailJobId(row!.id)))?.getState()).toBe('completed');

    // The restored database hands the same id to a new email.
    const second = uniqueEmail('reused-id');
    await db.query(
      "INSERT INTO mail_outbox (id, kind, recipient, subject, body, link) VALUES (?, 'verify-email', ?, 'Verify your email', ?, NULL)",
      [row!.id, second, JSON.stringify({ text: 'Verify your email: http://cqa.test/verify-email/x', html: null })],
    );
    await api.app.get(MailOutbox).enqueue(String(row!.id));
    await smtp.waitFor(second, /Verify your email/);
    expect(await waitFor(() => rowsTo(second), (rows) => rows.length === 0)).toEqual([]);
    expect(smtp.to(first)).toHaveLength(1);
  });
});
