import { Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { AuthTexts } from '@cqa/contracts';
import { RedisClient } from '../../queues/redis-client.provider';

/**
 * A per-user session version in Redis, carried in every access token (and Bull Board pass) as `sv`. Bumping it ends
 * every token issued before at once (logout, refresh-token reuse, password reset, an admin's block). A token whose
 * version is not the current one is refused; when Redis cannot answer, the check fails closed with 503.
 */
@Injectable()
export class SessionVersions {
  private readonly logger = new Logger('SessionVersions');

  constructor(private readonly redisClient: RedisClient) {}

  /** One GET. A user never bumped is at version 0. */
  async current(userId: string): Promise<number> {
    try {
      await this.redisClient.ready();
      return Number((await this.redisClient.redis.get(key(userId))) ?? 0);
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  async bump(userId: string): Promise<void> {
    try {
      await this.redisClient.ready();
      await this.redisClient.redis.incr(key(userId));
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  private unavailable(error: unknown): ServiceUnavailableException {
    this.logger.error(`Session version check failed: ${error instanceof Error ? error.message : 'unknown error'}`);
    return new ServiceUnavailableException(AuthTexts.sessionCheckUnavailable);
  }
}

const key = (userId: string) => `sv:${userId}`;
