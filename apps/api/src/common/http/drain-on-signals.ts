import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { Server } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface DrainOptions {
  /** Time a connection accepted just before the listener closed has to send its request before idle ones are closed. */
  settleMs: number;
  /** Longest wait for the requests in hand; what is left then is cut (the pod's termination grace is longer). */
  timeoutMs: number;
  log: { info: (message: string) => void };
}

/**
 * SIGTERM and SIGINT drain the API before it stops. The listening socket closes first, so a balancer's next connection
 * is refused and goes to another replica (safe for any method: nothing was sent). Requests on connections already open
 * are served to the end, each answered with `Connection: close`; a connection accepted just before the close gets
 * `settleMs` to deliver its request (closing it at once would reset a POST the balancer may not pass on). Only then
 * does Nest close the app: queues and the database go after the last request, never under one.
 */
export function drainOnSignals(app: INestApplication, fastify: FastifyInstance, options: DrainOptions): void {
  let draining = false;
  fastify.addHook('onRequest', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  const drain = async (signal: string): Promise<void> => {
    if (draining) return;
    draining = true;
    options.log.info(`${signal}: draining (no new connections; finishing the requests in hand)`);
    const server = fastify.server;
    // net.Server's own close stops listening only; http.Server's would also close idle connections at once.
    let ended = false;
    Server.prototype.close.call(server, () => { ended = true; });
    await sleep(options.settleMs);
    // A connection whose request finishes goes idle; close each as it does, until none is left or time is up.
    const deadline = Date.now() + options.timeoutMs;
    while (!ended && Date.now() < deadline) {
      server.closeIdleConnections();
      await sleep(100);
    }
    server.closeAllConnections();
    await app.close();
    options.log.info('drained and closed');
    // Whatever handle is left must not keep a stopped API alive.
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void drain(signal));
}
