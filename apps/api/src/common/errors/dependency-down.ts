import { OpsTexts } from '@cqa/contracts';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'PROTOCOL_CONNECTION_LOST', 'ER_CON_COUNT_ERROR', 'PROTOCOL_SEQUENCE_TIMEOUT']);
const DATABASE_MESSAGES = /connection is in closed state|Connection lost|Pool is closed|connect ECONNREFUSED|ETIMEDOUT|closed the connection/i;
const REDIS_MESSAGES = /enableOfflineQueue|Connection is closed|max retries per request|Redis not ready|Redis is unavailable/i;

interface ErrorLike { name?: string; code?: unknown; message?: unknown; driverError?: ErrorLike; cause?: ErrorLike }

/**
 * Which dependency an unexpected error says is down, if any: such requests answer 503 with a text that says so (and
 * no stack trace), instead of a 500, and the client may retry. TypeORM wraps mysql2's errors (driverError);
 * ioredis raises its own when Redis is away and the offline queue is off.
 */
export function dependencyDown(exception: unknown): { message: string } | undefined {
  const error = (exception ?? {}) as ErrorLike;
  const layers = [error, error.driverError, error.cause].filter((e): e is ErrorLike => !!e && typeof e === 'object');
  for (const layer of layers) {
    const message = typeof layer.message === 'string' ? layer.message : '';
    const redis = layer.name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.test(message);
    if (redis) return { message: OpsTexts.queueUnavailable };
    if ((typeof layer.code === 'string' && NETWORK_CODES.has(layer.code)) || DATABASE_MESSAGES.test(message)) {
      return { message: OpsTexts.databaseUnavailable };
    }
  }
  return undefined;
}
