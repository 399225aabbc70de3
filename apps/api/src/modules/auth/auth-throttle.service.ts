import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Messages } from '@cqa/contracts';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { RedisClient } from '../../queues/redis-client.provider';
import { emailKey } from './tokens';
import { FixedWindowLimiter } from '../../common/throttle/fixed-window-limiter';

export type ThrottledAction = 'login' | 'register' | 'resend-verification' | 'forgot-password';

/** Per-IP and per-account limits of the auth actions, counted in Redis so every API replica shares them. */
@Injectable()
export class AuthThrottle {
  private readonly limiter: FixedWindowLimiter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig, redisClient: RedisClient) {
    const redis = redisClient.redis;
    this.limiter = new FixedWindowLimiter(
      {
        hit: async (key, windowSeconds) => {
          await redisClient.ready();
          const [[, count]] = (await redis.multi().incr(`rl:${key}`).expire(`rl:${key}`, windowSeconds, 'NX').exec()) as [[null, number]];
          return count;
        },
      },
      config.authRateLimit.windowSeconds,
    );
  }

  /** Throws 429 when the caller's IP or the named account has used up its attempts at this action. */
  async check(action: ThrottledAction, ip: string, email: string | undefined): Promise<void> {
    const { perIp, perAccount } = this.config.authRateLimit;
    const rules = [{ key: `${action}:ip:${ip}`, limit: perIp }];
    if (email) rules.push({ key: `${action}:acct:${emailKey(email)}`, limit: perAccount });
    if (await this.limiter.isOverLimit(rules)) {
      throw new HttpException(Messages.platform.tooManyRequests, HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}
