import type { ImportedThread } from '@cqa/contracts';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { FetchError, FetchErrorCode } from '../fetching/fetch-error';
import type { ParseReply } from './parse-worker';
import { ParseTask, ThreadParser } from './thread-parser';

export interface WorkerThreadParserOptions {
  /** IMPORT_PARSE_TIMEOUT_MS: from handing the task to a thread to its answer. */
  timeoutMs: number;
  /** Threads at most (each reads one page at a time); more tasks wait their turn. */
  threads?: number;
  /** Heap limit of one thread: a page that needs more fails instead of starving the process. */
  maxMemoryMb?: number;
}

interface Task {
  id: number;
  task: ParseTask;
  resolve(thread: ImportedThread): void;
  reject(error: Error): void;
}
interface Slot {
  worker: Worker;
  current: Task | null;
  timer: NodeJS.Timeout | null;
}

/**
 * Pages are read in worker threads (node:worker_threads), one page per thread at a time, each with a time limit:
 * past it the thread is terminated (V8 stops it even inside a regex) and the task fails with `parse_timeout`
 * ('The page could not be read in time'); the next task gets a fresh thread. The event loop of the API or the
 * worker process only posts messages, so mail, AI and research jobs and HTTP requests go on meanwhile.
 */
export class WorkerThreadParser extends ThreadParser {
  private readonly timeoutMs: number;
  private readonly threads: number;
  private readonly maxMemoryMb: number;
  private readonly slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: WorkerThreadParserOptions) {
    super();
    this.timeoutMs = options.timeoutMs;
    this.threads = Math.max(1, options.threads ?? 2);
    this.maxMemoryMb = options.maxMemoryMb ?? 512;
  }

  parse(task: ParseTask): Promise<ImportedThread> {
    if (this.closed) return Promise.reject(new Error('The page parser is closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, task, resolve, reject });
      this.dispatch();
    });
  }

  override async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new Error('The page parser is closed'));
    await Promise.all([...this.slots].map((slot) => this.fail(slot, new Error('The page parser is closed'))));
  }

  private dispatch(): void {
    while (this.waiting.length > 0 && !this.closed) {
      const slot = this.slots.find((s) => s.current === null) ?? (this.slots.length < this.threads ? this.spawn() : null);
      if (!slot) return;
      const task = this.waiting.shift()!;
      slot.current = task;
      slot.timer = setTimeout(() => void this.fail(slot, new FetchError('parse_timeout')), this.timeoutMs);
      slot.worker.postMessage({ id: task.id, task: task.task });
    }
  }

  private spawn(): Slot {
    const worker = startWorker({ maxOldGenerationSizeMb: this.maxMemoryMb });
    // An idle thread does not keep the process alive; a running task's timer does.
    worker.unref();
    const slot: Slot = { worker, current: null, timer: null };
    worker.on('message', (reply: ParseReply) => {
      const task = slot.current;
      if (!task || task.id !== reply.id) return;
      clearTimeout(slot.timer!);
      slot.current = null;
      slot.timer = null;
      if (reply.ok) task.resolve(reply.thread);
      else task.reject(reply.code ? new FetchError(reply.code as FetchErrorCode, { reason: reply.reason }) : new Error(reply.message));
      this.dispatch();
    });
    worker.on('error', (error) => void this.fail(slot, new FetchError('unreadable_page', { reason: 'The page could not be read', detail: error.message, cause: error })));
    worker.on('exit', () => void this.fail(slot, new FetchError('unreadable_page', { reason: 'The page could not be read', detail: 'the parser thread stopped' })));
    this.slots.push(slot);
    return slot;
  }

  /** The slot's task (if any) ends with this error and its thread is stopped; a new one starts when needed. */
  private async fail(slot: Slot, error: Error): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    const task = slot.current;
    slot.current = null;
    task?.reject(error);
    this.dispatch();
    await slot.worker.terminate();
  }
}

/**
 * The built server runs parse-worker.js beside this file. From TypeScript sources (jest, ts tools) the thread
 * compiles parse-worker.ts and its imports with swc on load, as jest does.
 */
function startWorker(resourceLimits: { maxOldGenerationSizeMb: number }): Worker {
  const entry = path.join(__dirname, `parse-worker${path.extname(__filename)}`);
  if (!entry.endsWith('.ts')) return new Worker(entry, { resourceLimits });
  const swc = require.resolve('@swc/core');
  const source = `
    const { readFileSync } = require('node:fs');
    const { transformSync } = require(${JSON.stringify(swc)});
    require.extensions['.ts'] = (module, filename) => module._compile(transformSync(readFileSync(filename, 'utf8'), {
      filename, module: { type: 'commonjs' }, jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
    }).code, filename);
    require(${JSON.stringify(entry)});
  `;
  return new Worker(source, { eval: true, resourceLimits });
}
