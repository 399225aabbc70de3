import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';

export const BULL_BOARD_PATH = '/admin/queues';

/**
 * Bull Board: every queue, its jobs and their failures, for operators.
 * Its routes are plain Fastify routes outside Nest's guards, so the caller decides whether it is mounted at all:
 * outside production only, until the accounts issue puts it behind the admin role.
 */
export async function mountBullBoard(fastify: FastifyInstance, queues: Queue[]): Promise<void> {
  const serverAdapter = new BullBoardFastifyAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Cancer Q&A jobs' } },
  });
  await fastify.register(serverAdapter.registerPlugin(), { prefix: BULL_BOARD_PATH });
}
