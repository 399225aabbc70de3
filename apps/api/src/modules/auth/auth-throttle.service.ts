import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Messages } from '@cqa/contracts';
import type { FastifyInstance } from 'fastify';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { RedisClient } from '../../queues/redis-client.provider';
import type { AccountKey } from './account-key';
import { FixedWindowLimiter } from '../../common/throttle/fixed-window-limiter';
import { release, reserve } from '../../common/throttle/redis-reservation';

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
   * bodies is refused for the cost of one Redis round trip. Throws 429 over the limit. Counted before the check
   * (INCR, then compare), so a burst cannot pass it. Sign-in is not counted here: only its failures are (reserveSignIn).
   */
  async checkIp(action: Exclude<ThrottledAction, 'login'>, ip: string): Promise<void> {
    await this.refuseOver([{ key: `${action}:ip:${ip}`, limit: this.config.authRateLimit.perIp }]);
  }

  /** Counts an attempt at the named account (see AccountKey), once the body is validated. Throws 429 over the limit. */
  async checkAccount(action: Exclude<ThrottledAction, 'login'>, account: AccountKey): Promise<void> {
    await this.refuseOver([{ key: `${action}:acct:${account}`, limit: this.config.authRateLimit.perAccount }]);
  }

  /**
   * The pre-parse look at an address: refused once it has too many failed sign-ins in the window. Only a cheap early
   * refusal; what holds under concurrency is the reservation (reserveSignIn).
   */
  async refuseLockedSignIn(ip: string): Promise<void> {
    await this.redisClient.ready();
    const count = await this.redisClient.redis.get(this.ipFailureKey(ip));
    if (Number(count ?? 0) >= this.config.authRateLimit.perIp) throw tooManyRequests();
  }

  /**
   * Sign-in counts failures only (OWASP), but reserves first: before the password is checked, one failure is taken from
   * the address's and the account's counts atomically (429 when either is at its limit), so a burst of concurrent
   * attempts cannot all pass a check made before any of them failed. A failure keeps it; signInSucceeded (or
   * signInNotCounted) gives it back.
   */
  async reserveSignIn(ip: string, account: AccountKey): Promise<void> {
    await this.redisClient.ready();
    const window = this.config.authRateLimit.windowSeconds;
    const refused = await reserve(this.redisClient.redis, [
      { key: this.ipFailureKey(ip), limit: this.config.authRateLimit.perIp, windowSeconds: window },
      { key: this.accountFailureKey(account), limit: this.config.authRateLimit.perAccount, windowSeconds: window },
    ]);
    if (refused) throw tooManyRequests();
  }

  /**
   * A success clears the account's failures and gives the address its reservation back (its other failures stay: one
   * good password must not reopen guessing at other accounts).
   */
  async signInSucceeded(ip: string, account: AccountKey): Promise<void> {
    await release(this.redisClient.redis, [this.ipFailureKey(ip)]);
    await this.redisClient.redis.del(this.accountFailureKey(account));
  }

  /** An attempt that failed for a reason of ours (a fault, not a refusal) gives both reservations back. */
  async signInNotCounted(ip: string, account: AccountKey): Promise<void> {
    await release(this.redisClient.redis, [this.ipFailureKey(ip), this.accountFailureKey(account)]);
  }

  /** The address's failed sign-ins; the second factor's wrong codes count here too (TwoFactorChallenges). */
  ipFailureKey(ip: string): string {
    return this.failureKey('ip', ip);
  }

  private accountFailureKey(account: AccountKey): string {
    return this.failureKey('acct', account);
  }

  private failureKey(kind: 'ip' | 'acct', id: string): string {
    return `${this.keyPrefix}login-failures:${kind}:${id}`;
  }

  private async refuseOver(rules: { key: string; limit: number }[]): Promise<void> {
    if (await this.limiter.isOverLimit(rules)) throw tooManyRequests();
  }
}

export function tooManyRequests(): HttpException {
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
