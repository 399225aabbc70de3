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
  /** Counters live under the deployment's prefix, so runs sharing one Redis (tests, staging) never count each other's attempts. */
  private readonly keyPrefix: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig, private readonly redisClient: RedisClient) {
    const redis = redisClient.redis;
    this.keyPrefix = `${config.queuePrefix}:rl:`;
    this.limiter = new FixedWindowLimiter(
      {
        hit: async (key, windowSeconds) => {
          await redisClient.ready();
          const [[, count]] = (await redis.multi().incr(this.keyPrefix + key).expire(this.keyPrefix + key, windowSeconds, 'NX').exec()) as [[null, number]];
          return count;
        },
      },
      config.authRateLimit.windowSeconds,
    );
  }

  /**
   * Counts a request from this IP, before its body is read or parsed (see THROTTLED_ROUTES), so a flood of large
   * bodies is refused for the cost of one Redis round trip. Throws 429 over the limit. Sign-in is not counted here:
   * only its failures are (see refuseLockedSignIn).
   */
  async checkIp(action: Exclude<ThrottledAction, 'login'>, ip: string): Promise<void> {
    await this.refuseOver([{ key: `${action}:ip:${ip}`, limit: this.config.authRateLimit.perIp }]);
  }

  /** Counts an attempt at the named account, once the body is validated. Throws 429 over the limit. */
  async checkAccount(action: Exclude<ThrottledAction, 'login'>, email: string): Promise<void> {
    await this.refuseOver([{ key: `${action}:acct:${emailKey(email)}`, limit: this.config.authRateLimit.perAccount }]);
  }

  /**
   * Sign-in counts failures only (OWASP): an address or an account with too many failed sign-ins in the window is
   * refused before its password is checked. Without an email (the pre-parse hook) only the address is looked at.
   */
  async refuseLockedSignIn(ip: string, email?: string): Promise<void> {
    await this.redisClient.ready();
    const keys = [this.failureKey('ip', ip), ...(email === undefined ? [] : [this.failureKey('acct', emailKey(email))])];
    const counts = await this.redisClient.redis.mget(...keys);
    const limits = [this.config.authRateLimit.perIp, this.config.authRateLimit.perAccount];
    if (counts.some((count, i) => Number(count ?? 0) >= limits[i]!)) throw tooManyRequests();
  }

  async signInFailed(ip: string, email: string): Promise<void> {
    const window = this.config.authRateLimit.windowSeconds;
    const multi = this.redisClient.redis.multi();
    for (const key of [this.failureKey('ip', ip), this.failureKey('acct', emailKey(email))]) multi.incr(key).expire(key, window, 'NX');
    await multi.exec();
  }

  /** A success clears the account's failures (not the address's: one good password must not reopen guessing at others). */
  async signInSucceeded(email: string): Promise<void> {
    await this.redisClient.redis.del(this.failureKey('acct', emailKey(email)));
  }

  private failureKey(kind: 'ip' | 'acct', id: string): string {
    return `${this.keyPrefix}login-failures:${kind}:${id}`;
  }

  private async refuseOver(rules: { key: string; limit: number }[]): Promise<void> {
    if (await this.limiter.isOverLimit(rules)) throw tooManyRequests();
  }
}

function tooManyRequests(): HttpException {
  return Object.assign(new HttpException(Messages.platform.tooManyRequests, HttpStatus.TOO_MANY_REQUESTS), { statusCode: HttpStatus.TOO_MANY_REQUESTS });
}

/** The public auth routes counted per client IP in an onRequest hook, before their bodies are parsed. */
export const THROTTLED_ROUTES: Readonly<Record<string, ThrottledAction>> = {
  'POST /api/auth/login': 'login',
  'POST /api/auth/register': 'register',
  'POST /api/auth/resend-verification': 'resend-verification',
  'POST /api/auth/forgot-password': 'forgot-password',
  // The second sign-in step counts with the password step.
  'POST /api/auth/two-factor/verify': 'login',
  'POST /api/auth/two-factor/enrol/setup': 'login',
  'POST /api/auth/two-factor/enrol/confirm': 'login',
};

export function registerAuthThrottleHook(fastify: FastifyInstance, throttle: AuthThrottle): void {
  fastify.addHook('onRequest', async (request) => {
    const action = THROTTLED_ROUTES[`${request.method} ${request.routeOptions?.url ?? ''}`];
    if (action === 'login') await throttle.refuseLockedSignIn(request.ip);
    else if (action) await throttle.checkIp(action, request.ip);
  });
}
