import { spawn } from 'node:child_process';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../api-harness';
import { call, createUser } from '../accounts-helpers';
import { SmtpSink, startSmtpSink } from '../smtp-sink';
import { startWorker, waitFor } from '../worker-harness';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const TS_CHILD = path.join(__dirname, 'ts-child.cjs');

describe('fault: a worker SIGKILLed in the middle of a job', () => {
  let api: RunningApi;
  let smtp: SmtpSink;
  let held!: () => void;
  const firstMessageHeld = new Promise<void>((resolve) => { held = resolve; });
  const env = { QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_kill`, JOB_LOCK_DURATION_MS: '5000', MAIL_RETRY_DELAY_MS: '200', LOG_LEVEL: 'silent' };

  beforeAll(async () => {
    smtp = await startSmtpSink({ holdFirstMs: 15000, onFirstData: () => held() });
    api = await startApi({ ...env, SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it('is taken over once its lock expires, and its effect (the email) happens exactly once', async () => {
    const user = await createUser(api, 'patient');
    const child = spawn(process.execPath, [TS_CHILD, 'apps/api/src/main.worker.ts'], {
      cwd: REPO_ROOT, env: { ...process.env, ...env, SMTP_URL: smtp.url }, stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      expect((await call(api, 'POST', '/api/auth/forgot-password', { body: { email: user.email } })).status).toBe(200);
      // The child has the job and the SMTP server has its message, not yet accepted: kill it there.
      await Promise.race([firstMessageHeld, new Promise((_, reject) => setTimeout(() => reject(new Error('the child worker never sent')), 45000))]);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const [row] = (await api.app.get(DataSource).query('SELECT id FROM mail_outbox WHERE recipient = ?', [user.email])) as Array<{ id: string }>;
    expect(row).toBeDefined();

    const worker = await startWorker({ ...env, SMTP_URL: smtp.url });
    try {
      const received = await waitFor(async () => smtp.to(user.email), (m) => m.length > 0, 30000);
      expect(received).toHaveLength(1);
      expect(received[0]!.subject).toMatch(/Reset your Cancer Q&A password/);
      expect(await waitFor(() => api.app.get(DataSource).query('SELECT id FROM mail_outbox WHERE id = ?', [row!.id]), (rows) => rows.length === 0)).toEqual([]);
      await new Promise((r) => setTimeout(r, 1000));
      expect(smtp.to(user.email)).toHaveLength(1);
    } finally {
      await worker.close();
    }
  }, 90000);
});
