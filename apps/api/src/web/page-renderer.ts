import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import type { RenderMessage, RenderReply, RenderRequest, RenderResult } from '@cqa/contracts';

export interface PageRenderer {
  /** Never rejects: a page that cannot be rendered in time (or at all) comes back as `rendered: false` with the reason. */
  render(request: Omit<RenderRequest, 'timeoutMs'>): Promise<RenderResult & { ms: number }>;
  close(): Promise<void>;
}

const RESTART_BACKOFF_MS = 5000;

interface Pending {
  resolve: (result: RenderResult) => void;
  timer: NodeJS.Timeout;
}

/**
 * Renders pages in worker threads, so that React and antd's work never holds up the API's own event loop (issue #35:
 * rendering must not stall other requests). Requests go round-robin; a worker that dies is replaced, and what it had
 * in hand comes back as not rendered (the page then goes out as the plain app). The time limit covers the render
 * (the page server loads the data before): past it the answer is `rendered: false` and a late render is dropped.
 */
export function createPageRenderer(script: string, options: { workers: number; timeoutMs: number; onError?: (error: unknown) => void }): PageRenderer {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let turn = 0;
  let closing = false;
  let silentDeaths = 0;

  const settle = (id: number, result: RenderResult) => {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    clearTimeout(entry.timer);
    entry.resolve(result);
  };

  interface Slot {
    worker: Worker;
    inHand: Set<number>;
    /** Whether the worker ever answered: workers that die twice in a row without answering wait before the next start. */
    answered: boolean;
    alive: boolean;
  }
  const start = (): Slot => {
    const worker = new Worker(script);
    const slot: Slot = { worker, inHand: new Set<number>(), answered: false, alive: true };
    worker.on('message', (reply: RenderReply) => {
      slot.inHand.delete(reply.id);
      slot.answered = true;
      silentDeaths = 0;
      const { id, ...result } = reply;
      settle(id, result);
    });
    worker.on('error', (error) => options.onError?.(error));
    worker.on('exit', () => {
      slot.alive = false;
      for (const id of slot.inHand) settle(id, { rendered: false, reason: 'the renderer stopped', error: true });
      slot.inHand.clear();
      if (closing) return;
      // A renderer that died (on a page, say) is replaced at once; when its replacement dies too without answering
      // anything (a broken build), the next start waits, so a broken renderer is not restarted in a tight loop.
      // Meanwhile pages go out as the plain app.
      if (!slot.answered) silentDeaths++;
      const restart = () => {
        if (!closing) slots[slots.indexOf(slot)] = start();
      };
      if (silentDeaths <= 1) restart();
      else setTimeout(restart, RESTART_BACKOFF_MS).unref();
    });
    // The API's shutdown does not wait for an idle renderer.
    worker.unref();
    return slot;
  };
  const slots = Array.from({ length: Math.max(1, options.workers) }, start);
  /** Round-robin over the workers that are running. */
  const nextAliveSlot = (): Slot | undefined => {
    for (let tried = 0; tried < slots.length; tried++) {
      const slot = slots[turn++ % slots.length];
      if (slot.alive) return slot;
    }
    return undefined;
  };

  return {
    render(request) {
      const started = performance.now();
      const id = nextId++;
      const slot = nextAliveSlot();
      if (!slot) return Promise.resolve({ rendered: false as const, reason: 'no renderer is running', error: true, ms: 0 });
      return new Promise<RenderResult>((resolve) => {
        const timer = setTimeout(() => {
          slot.inHand.delete(id);
          settle(id, { rendered: false, reason: 'the render took too long', error: true });
          // The renderer stops the page's work (its data requests and the render) instead of finishing it for nobody.
          if (slot.alive) slot.worker.postMessage({ cancel: id } satisfies RenderMessage);
        }, options.timeoutMs);
        pending.set(id, { resolve, timer });
        slot.inHand.add(id);
        // The render's own limit is shorter, so a slow render stops itself before the page's limit gives up on it.
        slot.worker.postMessage({ id, request: { ...request, timeoutMs: Math.max(50, options.timeoutMs - 100) } } satisfies RenderMessage);
      }).then((result) => ({ ...result, ms: performance.now() - started }));
    },
    async close() {
      closing = true;
      for (const id of [...pending.keys()]) settle(id, { rendered: false, reason: 'the server is stopping' });
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
