import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import { ApiErrorBody, Messages } from '@cqa/contracts';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const BULL_BOARD_PATH = '/admin/queues';
export const BOARD_READ_ONLY_MESSAGE = 'The job dashboard only shows jobs and retries failed ones here (BULL_BOARD_FULL_CONTROL is off).';
/** Bull Board's retry routes (one job, or every job of a queue in a status), as the patterns the router matched. */
const RETRY_ROUTES = new Set([`${BULL_BOARD_PATH}/api/queues/:queueName/:jobId/retry`, `${BULL_BOARD_PATH}/api/queues/:queueName/retry/:queueStatus`]);
// Decided by the route the router chose, never the raw URL ('/pause#/retry/x' is routed to pause).
const READ_OR_RETRY = (method: string, route: string | undefined) =>
  method === 'GET' || method === 'HEAD' || (method === 'PUT' && route !== undefined && RETRY_ROUTES.has(route));

/** Decides each Bull Board request: 'ok' for an admin, 'anonymous' without a valid pass, 'forbidden' otherwise. */
export type BoardAccess = (request: FastifyRequest) => Promise<'ok' | 'anonymous' | 'forbidden'>;

/**
 * Bull Board: every queue, its jobs and their failures, for operators (admins only).
 * Its routes are plain Fastify routes outside Nest's guards, so the check is a hook of their own plugin scope.
 */
export async function mountBullBoard(
  fastify: FastifyInstance,
  queues: Queue[],
  access: BoardAccess,
  options: { fullControl: boolean } = { fullControl: false },
): Promise<void> {
  const serverAdapter = new BullBoardFastifyAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Cancer Q&A jobs' } },
  });
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      const verdict = await access(request);
      // Read-only unless BULL_BOARD_FULL_CONTROL: failed jobs may be retried; nothing is added, promoted, cleaned,
      // paused or removed (bull-board's own read-only mode would forbid retries too).
      if (verdict === 'ok' && !options.fullControl && !READ_OR_RETRY(request.method, request.routeOptions.url)) {
        const body: ApiErrorBody = { statusCode: 405, error: 'Method Not Allowed', message: BOARD_READ_ONLY_MESSAGE };
        return reply.status(405).header('cache-control', 'no-store').send(body);
      }
      if (verdict === 'ok') return;
      const body: ApiErrorBody = verdict === 'anonymous'
        ? { statusCode: 401, error: 'Unauthorized', message: Messages.platform.signInRequired }
        : { statusCode: 403, error: 'Forbidden', message: Messages.portal.noPermission };
      return reply.status(body.statusCode).header('cache-control', 'no-store').send(body);
    });
    await scope.register(serverAdapter.registerPlugin(), { prefix: BULL_BOARD_PATH });
  });
}
