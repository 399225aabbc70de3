import type { Queue } from 'bullmq';
import { WORKER_MESSAGES } from './texts';

export type WorkerHealthState = 'alive' | 'partial' | 'none' | 'unknown';

export interface WorkerHealthDetail {
  /** Workers seen on the busiest queue: with one process serving every queue, the number of worker processes. */
  count: number;
  /** Workers per queue (BullMQ's worker list, read from Redis' CLIENT LIST). */
  queues: Record<string, number>;
  message?: string;
}

export interface WorkerHealth {
  worker: WorkerHealthState;
  worker_detail: WorkerHealthDetail;
}

// What BullMQ answers where Redis refuses CLIENT LIST (e.g. some managed services): a placeholder, not a worker.
const NO_CLIENT_LIST = 'GCP does not support client list';

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);

/** Whether any process is taking jobs. Never throws: a health check reports, it does not fail for this. */
export async function readWorkerHealth(queues: Queue[], timeoutMs: number): Promise<WorkerHealth> {
  try {
    const lists = await within(Promise.all(queues.map((queue) => queue.getWorkers())), timeoutMs);
    if (lists.some((list) => list.some((client) => client['name'] === NO_CLIENT_LIST))) throw new Error(NO_CLIENT_LIST);
    const counts = Object.fromEntries(queues.map((queue, i) => [queue.name, lists[i].length]));
    const values = Object.values(counts);
    const count = Math.max(0, ...values);
    const worker: WorkerHealthState = values.every((n) => n > 0) ? 'alive' : count === 0 ? 'none' : 'partial';
    return { worker, worker_detail: { count, queues: counts, ...(worker === 'alive' ? {} : { message: WORKER_MESSAGES[worker] }) } };
  } catch {
    return { worker: 'unknown', worker_detail: { count: 0, queues: {}, message: WORKER_MESSAGES.unknown } };
  }
}

/**
 * How long one reading of the worker list answers /api/health. A reading costs Redis a CLIENT LIST per queue (a walk of
 * every connection), and the endpoint is anonymous: without this, anyone could make Redis do that at will.
 */
export const WORKER_CHECK_TTL_MS = 5000;

/** One reading shared by every caller for `ttlMs` after it starts, callers arriving while it is read included. */
export function sharedReading<T>(read: () => Promise<T>, ttlMs: number, now: () => number = Date.now): () => Promise<T> {
  let last: { value: Promise<T>; at: number } | null = null;
  return () => {
    const at = now();
    if (!last || at - last.at >= ttlMs) last = { value: read(), at };
    return last.value;
  };
}
