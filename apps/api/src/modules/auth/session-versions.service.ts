import { Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { AuthTexts } from '@cqa/contracts';
import { RedisClient } from '../../queues/redis-client.provider';

/**
 * How long this process trusts a session version it read from Redis. A bump made by this process takes effect at once
 * (it drops its own copy); a bump made by another process (another API replica, the worker) takes effect here within
 * this time. It saves the Redis round trip that every authenticated request paid, which on a busy machine cost about a
 * third of the API's own CPU per request (the socket write of the GET).
 */
export const SESSION_VERSION_CACHE_MS = 1_000;
const SESSION_VERSION_CACHE_MAX_ENTRIES = 10_000;

/**
 * A per-user session version in Redis, carried in every access token (and Bull Board pass) as `sv`. Bumping it ends
 * every token issued before (logout, refresh-token reuse, password reset, an admin's block). A token whose version is
 * not the current one is refused; when Redis cannot answer, the check fails closed with 503 (a remembered version is
 * used only while the connection is up, and forgotten whenever it drops, since a bump may have been missed).
 */
@Injectable()
export class SessionVersions {
  private readonly logger = new Logger('SessionVersions');
  /** Versions read from Redis, by user, each with the time it stops being trusted (read time + SESSION_VERSION_CACHE_MS). */
  private readonly known = new Map<string, { version: number; until: number }>();
  /**
   * Moves on every bump and every connection loss: a read that was in flight across one must not store what it read
   * (it may be the version just bumped away).
   */
  private epoch = 0;

  constructor(private readonly redisClient: RedisClient) {
    const forget = () => {
      this.epoch++;
      this.known.clear();
    };
    this.redisClient.redis.on('close', forget);
    this.redisClient.redis.on('reconnecting', forget);
    this.redisClient.redis.on('end', forget);
  }

  /** The current version (0 for a user never bumped): one GET, unless this process read it less than SESSION_VERSION_CACHE_MS ago. */
  async current(userId: string): Promise<number> {
    const now = Date.now();
    const known = this.known.get(userId);
    if (known !== undefined && known.until > now && this.redisClient.redis.status === 'ready') return known.version;
    const epoch = this.epoch;
    let version: number;
    try {
      await this.redisClient.ready();
      version = Number((await this.redisClient.redis.get(key(userId))) ?? 0);
    } catch (error) {
      throw this.unavailable(error);
    }
    // The bound counts from before the GET was sent: the value is at least that old.
    if (epoch === this.epoch) this.remember(userId, version, now + SESSION_VERSION_CACHE_MS);
    return version;
  }

  async bump(userId: string): Promise<void> {
    this.epoch++;
    this.known.delete(userId);
    try {
      await this.redisClient.ready();
      await this.redisClient.redis.incr(key(userId));
    } catch (error) {
      throw this.unavailable(error);
    } finally {
      // A read that started between the delete and the INCR's answer may have stored the old version.
      this.epoch++;
      this.known.delete(userId);
    }
  }

  private remember(userId: string, version: number, until: number): void {
    this.known.delete(userId);
    if (this.known.size >= SESSION_VERSION_CACHE_MAX_ENTRIES) this.known.delete(this.known.keys().next().value!);
    this.known.set(userId, { version, until });
  }

  private unavailable(error: unknown): ServiceUnavailableException {
    this.logger.error(`Session version check failed: ${error instanceof Error ? error.message : 'unknown error'}`);
    return new ServiceUnavailableException(AuthTexts.sessionCheckUnavailable);
  }
}

const key = (userId: string) => `sv:${userId}`;
