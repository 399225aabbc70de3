import { HttpException, HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import {
  Messages, TWO_FACTOR_CHALLENGE_TTL_SECONDS, TWO_FACTOR_MAX_ATTEMPTS_PER_CHALLENGE, TWO_FACTOR_MAX_FAILURES_PER_WINDOW, TwoFactorTexts,
} from '@cqa/contracts';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { RedisClient } from '../../../queues/redis-client.provider';
import { hashToken, newOpaqueToken } from '../tokens';

export interface ChallengeState {
  userId: string;
  /** An admin who must enrol before any session. */
  enrolment: boolean;
}

/**
 * The pending sign-in between the password and the second factor, held in Redis: 5 minutes, single use, a few wrong
 * codes at most, and wrong codes counted per account across challenges. Only a digest of the challenge is a key.
 */
@Injectable()
export class TwoFactorChallenges {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig, private readonly client: RedisClient) {}

  private get redis() {
    return this.client.redis;
  }

  async create(state: ChallengeState): Promise<string> {
    await this.client.ready();
    const token = newOpaqueToken();
    await this.redis.set(challengeKey(token), JSON.stringify(state), 'EX', TWO_FACTOR_CHALLENGE_TTL_SECONDS);
    return token;
  }

  async read(token: string): Promise<ChallengeState> {
    await this.client.ready();
    const text = await this.redis.get(challengeKey(token));
    if (!text) throw new UnauthorizedException(TwoFactorTexts.challengeExpired);
    return JSON.parse(text) as ChallengeState;
  }

  /** Ends the challenge; only the first of two concurrent uses wins. */
  async consume(token: string): Promise<void> {
    if ((await this.redis.del(challengeKey(token))) !== 1) throw new UnauthorizedException(TwoFactorTexts.challengeExpired);
  }

  /** Counts a wrong code against the challenge and the account; the challenge ends at its last attempt. */
  async recordFailure(token: string, userId: string): Promise<never> {
    const attemptsKey = `${challengeKey(token)}:attempts`;
    const [[, attempts]] = (await this.redis.multi()
      .incr(attemptsKey).expire(attemptsKey, TWO_FACTOR_CHALLENGE_TTL_SECONDS)
      .incr(failuresKey(userId)).expire(failuresKey(userId), this.config.authRateLimit.windowSeconds, 'NX')
      .exec()) as [[null, number]];
    if (attempts >= TWO_FACTOR_MAX_ATTEMPTS_PER_CHALLENGE) {
      await this.redis.del(challengeKey(token));
      throw new UnauthorizedException(TwoFactorTexts.tooManyAttempts);
    }
    throw new UnauthorizedException(TwoFactorTexts.invalidCode);
  }

  /** 429 once an account collected too many wrong codes in the window, whichever challenges they came through. */
  async assertNotLocked(userId: string): Promise<void> {
    await this.client.ready();
    const failures = Number((await this.redis.get(failuresKey(userId))) ?? 0);
    if (failures >= TWO_FACTOR_MAX_FAILURES_PER_WINDOW) {
      throw Object.assign(new HttpException(Messages.platform.tooManyRequests, HttpStatus.TOO_MANY_REQUESTS), { statusCode: HttpStatus.TOO_MANY_REQUESTS });
    }
  }

  async clearFailures(userId: string): Promise<void> {
    await this.redis.del(failuresKey(userId));
  }
}

const challengeKey = (token: string) => `2fa:challenge:${hashToken(token)}`;
const failuresKey = (userId: string) => `2fa:failures:${userId}`;
