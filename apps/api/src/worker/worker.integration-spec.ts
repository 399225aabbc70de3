import type { INestApplicationContext } from '@nestjs/common';
import { QueueName, type SelfCheckStatus } from '@cqa/contracts';
import { loadConfig } from '../config/app-config';
import { RunningApi, startApi } from '../../test/api-harness';
import { createUser, signIn } from '../../test/accounts-helpers';
import { JobQueue } from '../queues/job-queue.service';
import { createWorker } from './create-worker';

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a job through API, Redis, worker and MySQL', () => {
  let api: RunningApi;
  let auth: { authorization: string };
  beforeAll(async () => {
    api = await startApi();
    auth = { authorization: `Bearer ${(await signIn(api, await createUser(api, 'admin'))).token}` };
  });
  afterAll(async () => { await api.close(); });

  const requestSelfCheck = async (holdMs = 0) => {
    const res = await fetch(`${api.baseUrl}/api/diagnostics/self-check`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify({ holdMs }),
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { id: string }).id;
  };
  const status = async (id: string) => (await (await fetch(`${api.baseUrl}/api/diagnostics/self-check/${id}`, { headers: auth })).json()) as SelfCheckStatus;

  it('is queued by the API, run by the worker and readable through the API', async () => {
    const id = await requestSelfCheck();
    expect((await status(id)).state).toBe('waiting');

    const worker = await createWorker(loadConfig());
    try {
      const final = await waitFor(() => status(id), (s) => s.state === 'completed');
      expect(final.state).toBe('completed');
      expect(final.result).toMatchObject({ database: 'up', worker: expect.stringContaining(`:${process.pid}`) });
    } finally {
      await worker.close();
    }
  });

  it('puts the @OnSchedule cron schedules in Redis at boot, and takes one turned off out again', async () => {
    const boot = (env: Record<string, string>) => createWorker(loadConfig({ ...process.env, ...env }));
    let worker = await boot({ REPORT_SWEEP_CRON: '15 4 * * *', EXPERT_DIGEST_CRON: '0 6 * * 1' });
    try {
      const jobs = worker.get(JobQueue);
      expect((await jobs.queue(QueueName.System).getJobScheduler('report-sweep-nightly'))?.pattern).toBe('15 4 * * *');
      expect((await jobs.queue(QueueName.Mail).getJobScheduler('expert-digest-daily'))?.pattern).toBe('0 6 * * 1');
    } finally {
      await worker.close();
    }
    worker = await boot({ REPORT_SWEEP_CRON: '15 4 * * *', EXPERT_DIGEST_CRON: '' });
    try {
      expect(await worker.get(JobQueue).queue(QueueName.Mail).getJobScheduler('expert-digest-daily')).toBeFalsy();
    } finally {
      await worker.close();
    }
  });

  it('finishes the job in hand when it is shut down', async () => {
    let worker: INestApplicationContext | undefined = await createWorker(loadConfig());
    try {
      const id = await requestSelfCheck(1500);
      await waitFor(() => status(id), (s) => s.state === 'active');
      await worker.close(); // what SIGTERM triggers
      worker = undefined;
      const after = await status(id);
      expect(after.state).toBe('completed');
      expect(after.result?.durationMs).toBeGreaterThanOrEqual(1500);
    } finally {
      await worker?.close();
    }
  });

  it('answers 404 in the error shape for an unknown job id', async () => {
    const res = await fetch(`${api.baseUrl}/api/diagnostics/self-check/999999`, { headers: auth });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No self-check job with this id.' });
  });
});
