import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { redisConnectionOptions } from './redis-connection';

/**
 * A plain Redis connection for our own keys (health pings now; rate limits later).
 * Commands fail at once while Redis is unreachable instead of waiting in an offline queue.
 */
@Injectable()
export class RedisClient implements OnModuleDestroy {
  readonly redis: Redis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.redis = new Redis({
      ...redisConnectionOptions(config.redisUrl),
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
      keyPrefix: `${config.queuePrefix}:app:`,
    });
    // Reconnects are automatic; without a listener ioredis would report each failed attempt as unhandled.
    this.redis.on('error', () => undefined);
  }

  async ping(): Promise<void> {
    await this.ready();
    await this.redis.ping();
  }

  /** Right after boot (or a reconnect) the connection may still be opening; commands wait a moment rather than fail. */
  async ready(): Promise<void> {
    if (this.redis.status !== 'ready') await this.whenReady(1000);
  }

  private whenReady(timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const onReady = () => { clearTimeout(timer); resolve(); };
      const timer = setTimeout(() => {
        this.redis.off('ready', onReady);
        reject(new Error(`Redis not ready after ${timeoutMs} ms (${this.redis.status})`));
      }, timeoutMs);
      this.redis.once('ready', onReady);
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.redis.disconnect();
  }
}
