import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Messages } from '@cqa/contracts';
import type { FastifyInstance } from 'fastify';
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

  /**
   * Counts a request from this IP, before its body is read or parsed (see THROTTLED_ROUTES), so a flood of large
   * bodies is refused for the cost of one Redis round trip. Throws 429 over the limit.
   */
  async checkIp(action: ThrottledAction, ip: string): Promise<void> {
    await this.refuseOver([{ key: `${action}:ip:${ip}`, limit: this.config.authRateLimit.perIp }]);
  }

  /** Counts an attempt at the named account, once the body is validated. Throws 429 over the limit. */
  async checkAccount(action: ThrottledAction, email: string): Promise<void> {
    await this.refuseOver([{ key: `${action}:acct:${emailKey(email)}`, limit: this.config.authRateLimit.perAccount }]);
  }

  private async refuseOver(rules: { key: string; limit: number }[]): Promise<void> {
    if (await this.limiter.isOverLimit(rules)) {
      throw Object.assign(new HttpException(Messages.platform.tooManyRequests, HttpStatus.TOO_MANY_REQUESTS), { statusCode: HttpStatus.TOO_MANY_REQUESTS });
    }
  }
}

/** The public auth routes counted per client IP in an onRequest hook, before their bodies are parsed. */
export const THROTTLED_ROUTES: Readonly<Record<string, ThrottledAction>> = {
  'POST /api/auth/login': 'login',
  'POST /api/auth/register': 'register',
  'POST /api/auth/resend-verification': 'resend-verification',
  'POST /api/auth/forgot-password': 'forgot-password',
};

export function registerAuthThrottleHook(fastify: FastifyInstance, throttle: AuthThrottle): void {
  fastify.addHook('onRequest', async (request) => {
    const action = THROTTLED_ROUTES[`${request.method} ${request.routeOptions?.url ?? ''}`];
    if (action) await throttle.checkIp(action, request.ip);
  });
}
