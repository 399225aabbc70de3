import type { INestApplicationContext } from '@nestjs/common';
import { loadConfig } from '../src/config/app-config';
import { createWorker } from '../src/worker/create-worker';

/** The real worker in this process (same database and queue prefix as startApi), e.g. to send the queued emails. */
export function startWorker(overrides: Partial<NodeJS.ProcessEnv> = {}): Promise<INestApplicationContext> {
  return createWorker(loadConfig({ ...process.env, ...overrides }, 'worker'));
}

/** Polls `read` until `done` holds or the time is up; returns the last value. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A loopback port nothing listens on (yet). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
