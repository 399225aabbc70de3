import { spawn } from 'node:child_process';
import path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { QUEUE_NAMES } from '@cqa/contracts';
import { RunningApi, startApi } from '../../../test/api-harness';
import { startWorker, waitFor } from '../../../test/worker-harness';
import { RedisClient } from '../../queues/redis-client.provider';
import { call } from '../../../test/accounts-helpers';
import { PrivateRedis, startPrivateRedis } from '../../../test/private-redis';
import { WORKER_CHECK_TTL_MS } from './worker-presence';

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

  it("says 'none' within the check's few seconds when a worker process is SIGKILLed (as an out-of-memory kill would), while the API keeps serving", async () => {
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
    const gone = await waitFor(health, (b) => b.worker === 'none', 5000 + WORKER_CHECK_TTL_MS);
    expect(gone).toMatchObject({ status: 'ok', worker: 'none', worker_detail: { count: 0 } });
  });
});

/** F-33: the anonymous health check must not let anyone make Redis walk its client list at will. */
describe('/api/health reads the worker list at most once per few seconds', () => {
  let redis: PrivateRedis;
  let api: RunningApi;
  beforeAll(async () => {
    // A redis-server of its own, so its command counts are this suite's alone.
    redis = await startPrivateRedis();
    api = await startApi({ REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await api.close();
    await redis.dispose();
  });

  const clientListCalls = async () => {
    const info = await api.app.get(RedisClient).redis.info('commandstats');
    return Number(/cmdstat_client\|list:calls=(\d+)/.exec(info)?.[1] ?? 0);
  };

  it('answers a burst of anonymous calls from one reading (one CLIENT LIST per queue), and reads again after the TTL', async () => {
    const before = await clientListCalls();
    const burst = await Promise.all(Array.from({ length: 10 }, () => call<HealthBody>(api, 'GET', '/api/health')));
    for (let i = 0; i < 10; i++) burst.push(await call<HealthBody>(api, 'GET', '/api/health'));
    expect(burst.map((r) => [r.status, r.body.worker])).toEqual(Array.from({ length: 20 }, () => [200, 'none']));
    const afterBurst = await clientListCalls();
    expect(afterBurst - before).toBe(QUEUE_NAMES.length);

    await new Promise((r) => setTimeout(r, WORKER_CHECK_TTL_MS + 100));
    expect((await call<HealthBody>(api, 'GET', '/api/health')).body.worker).toBe('none');
    expect((await clientListCalls()) - afterBurst).toBe(QUEUE_NAMES.length);
  });
});
