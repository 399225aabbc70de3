import { spawn } from 'node:child_process';
import path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { QUEUE_NAMES } from '@cqa/contracts';
import { RunningApi, startApi } from '../../../test/api-harness';
import { startWorker, waitFor } from '../../../test/worker-harness';
import { call } from '../../../test/accounts-helpers';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..', '..');
const TS_CHILD = path.join(REPO_ROOT, 'apps/api/test/faults/ts-child.cjs');

interface HealthBody {
  status: string;
  worker: string;
  worker_detail: { count: number; queues: Record<string, number>; message?: string };
}

describe('/api/health reports whether a worker is alive (BullMQ worker list)', () => {
  // A prefix of its own: no worker another suite left behind can be counted here.
  const env = { QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? 'cqa_test'}_health_worker` };
  let api: RunningApi;
  let worker: INestApplicationContext | undefined;
  beforeAll(async () => { api = await startApi(env); });
  afterAll(async () => { await worker?.close(); await api.close(); });

  const health = async () => {
    const res = await call<HealthBody>(api, 'GET', '/api/health');
    expect(res.status).toBe(200);
    return res.body;
  };

  it("says 'none' without failing the check when no worker runs, and why that matters", async () => {
    const body = await health();
    expect(body.status).toBe('ok');
    expect(body.worker).toBe('none');
    expect(body.worker_detail.count).toBe(0);
    expect(body.worker_detail.queues).toEqual(Object.fromEntries(QUEUE_NAMES.map((q) => [q, 0])));
    expect(body.worker_detail.message).toBe('No worker is running: questions are accepted but no answers, imports, research or emails are produced until one starts.');
  });

  it("says 'alive' with the count while a worker serves every queue, and 'none' again once it is gone", async () => {
    worker = await startWorker(env);
    const alive = await waitFor(health, (b) => b.worker === 'alive');
    expect(alive.status).toBe('ok');
    expect(alive.worker).toBe('alive');
    expect(alive.worker_detail.count).toBe(1);
    for (const queue of QUEUE_NAMES) expect(alive.worker_detail.queues[queue]).toBe(1);
    expect(alive.worker_detail.message).toBeUndefined();

    await worker.close();
    worker = undefined;
    const gone = await waitFor(health, (b) => b.worker === 'none');
    expect(gone.worker).toBe('none');
    expect(gone.status).toBe('ok');
  });

  it("says 'none' at once when a worker process is SIGKILLed (as an out-of-memory kill would), while the API keeps serving", async () => {
    const child = spawn(process.execPath, [TS_CHILD, 'apps/api/src/main.worker.ts'], {
      cwd: REPO_ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const alive = await waitFor(health, (b) => b.worker === 'alive', 45000);
      expect(alive.worker).toBe('alive');
      expect(alive.worker_detail.count).toBe(1);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const gone = await waitFor(health, (b) => b.worker === 'none', 5000);
    expect(gone).toMatchObject({ status: 'ok', worker: 'none', worker_detail: { count: 0 } });
  });
});
