import { parentPort } from 'node:worker_threads';
import { FetchError } from '../fetching/fetch-error';
import { ParseTask, parseTask } from './thread-parser';

/** The worker thread of WorkerThreadParser: one task at a time, answered by id; errors travel as plain data. */
export interface ParseRequest {
  id: number;
  task: ParseTask;
}
export type ParseReply =
  | { id: number; ok: true; thread: ReturnType<typeof parseTask> }
  | { id: number; ok: false; code: string | null; reason: string; message: string };

parentPort?.on('message', ({ id, task }: ParseRequest) => {
  let reply: ParseReply;
  try {
    reply = { id, ok: true, thread: parseTask(task) };
  } catch (error) {
    reply = error instanceof FetchError
      ? { id, ok: false, code: error.code, reason: error.reason, message: error.message }
      : { id, ok: false, code: null, reason: '', message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
