import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import {
  TWO_FACTOR_CHALLENGE_TTL_SECONDS, TWO_FACTOR_MAX_ATTEMPTS_PER_CHALLENGE, TWO_FACTOR_MAX_FAILURES_PER_WINDOW, TwoFactorTexts,
} from '@cqa/contracts';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { RedisClient } from '../../../queues/redis-client.provider';
import { AuthThrottle, tooManyRequests } from '../auth-throttle.service';
import { release, reserve, ReservationRule } from '../../../common/throttle/redis-reservation';
import { hashToken, newOpaqueToken } from '../tokens';

export interface ChallengeState {
  userId: string;
  /** An admin who must enrol before any session. */
  enrolment: boolean;
}

/** A reserved code attempt: kept when the code is wrong, given back when it is right. */
export interface CodeAttempt {
  userId: string;
  ip: string;
}

/** A reserved attempt at a challenge. */
export interface ChallengeAttempt extends CodeAttempt {
  token: string;
}

// Stores the new challenge and makes it the account's only live one: the one it replaces is deleted with its attempts.
const REPLACE_CHALLENGE = `
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
local previous = redis.call('GET', KEYS[2])
redis.call('SET', KEYS[2], ARGV[3], 'EX', ARGV[2])
if previous and previous ~= ARGV[3] then redis.call('DEL', ARGV[4] .. previous, ARGV[4] .. previous .. ':attempts') end
return 0`;

/**
 * The pending sign-in between the password and the second factor, held in Redis: 5 minutes, single use, one live per
 * account (a new sign-in replaces it), a limited number issued per account and window, a few wrong codes at most, and
 * wrong codes counted per account across challenges and per client address with the password failures. Every count is
 * reserved before the code is checked (see redis-reservation.ts). Only a digest of the challenge is a key.
 */
@Injectable()
export class TwoFactorChallenges {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly client: RedisClient,
    private readonly throttle: AuthThrottle,
  ) {}

  private get redis() {
    return this.client.redis;
  }

  /** 429 once the account was issued its allowance of challenges in the window. */
  async create(state: ChallengeState): Promise<string> {
    await this.client.ready();
    const { challengesPerAccount, windowSeconds } = this.config.authRateLimit;
    if (await reserve(this.redis, [{ key: issuedKey(state.userId), limit: challengesPerAccount, windowSeconds }])) throw tooManyRequests();
    const token = newOpaqueToken();
    const digest = hashToken(token);
    const keyPrefix = this.redis.options.keyPrefix ?? '';
    await this.redis.eval(
      REPLACE_CHALLENGE, 2, CHALLENGE_PREFIX + digest, liveKey(state.userId),
      JSON.stringify(state), String(TWO_FACTOR_CHALLENGE_TTL_SECONDS), digest, keyPrefix + CHALLENGE_PREFIX,
    );
    return token;
  }

  async read(token: string): Promise<ChallengeState> {
    await this.client.ready();
    const text = await this.redis.get(challengeKey(token));
    if (!text) throw new UnauthorizedException(TwoFactorTexts.challengeExpired);
    return JSON.parse(text) as ChallengeState;
  }

  /**
   * Reserves one wrong code against the challenge (5), the account (10 per window) and the client address (the
   * sign-in failures, AUTH_RATE_LIMIT_PER_IP) before the code is checked: 429 over the account's or the address's
   * limit, 'challenge expired' once the challenge has no attempt left.
   */
  async reserveAttempt(token: string, userId: string, ip: string): Promise<ChallengeAttempt> {
    const refused = await reserve(this.redis, [
      ...this.codeRules(userId, ip),
      { key: attemptsKey(token), limit: TWO_FACTOR_MAX_ATTEMPTS_PER_CHALLENGE, windowSeconds: TWO_FACTOR_CHALLENGE_TTL_SECONDS },
    ]);
    if (!refused) return { token, userId, ip };
    if (refused.key === attemptsKey(token)) throw new UnauthorizedException(TwoFactorTexts.challengeExpired);
    throw tooManyRequests();
  }

  /** The cheap early refusal of an account out of wrong codes; what holds under concurrency is reserveCode. */
  async refuseLockedCodes(userId: string): Promise<void> {
    await this.client.ready();
    if (Number((await this.redis.get(failuresKey(userId))) ?? 0) >= TWO_FACTOR_MAX_FAILURES_PER_WINDOW) throw tooManyRequests();
  }

  /**
   * A code asked for outside a sign-in (turning two-factor off) counts like one at sign-in, with the same account's
   * and address's wrong codes: reserved before the code is checked, 429 over either limit. A wrong code keeps it;
   * releaseCode gives it back.
   */
  async reserveCode(userId: string, ip: string): Promise<CodeAttempt> {
    await this.client.ready();
    if (await reserve(this.redis, this.codeRules(userId, ip))) throw tooManyRequests();
    return { userId, ip };
  }

  async releaseCode(attempt: CodeAttempt): Promise<void> {
    await release(this.redis, [failuresKey(attempt.userId), this.throttle.ipFailureKey(attempt.ip)]);
  }

  /** A wrong code keeps its reservation; the challenge ends at its last attempt. */
  async recordFailure(attempt: ChallengeAttempt): Promise<never> {
    const attempts = Number((await this.redis.get(attemptsKey(attempt.token))) ?? 0);
    if (attempts >= TWO_FACTOR_MAX_ATTEMPTS_PER_CHALLENGE) {
      await this.redis.del(challengeKey(attempt.token));
      throw new UnauthorizedException(TwoFactorTexts.tooManyAttempts);
    }
    throw new UnauthorizedException(TwoFactorTexts.invalidCode);
  }

  /** The attempt did not count (the code was right, or the check failed on our side): its reservations go back. */
  async releaseAttempt(attempt: ChallengeAttempt): Promise<void> {
    await release(this.redis, [failuresKey(attempt.userId), this.throttle.ipFailureKey(attempt.ip), attemptsKey(attempt.token)]);
  }

  /** Wrong codes per account across challenges (and 'disable'), and per client address with the password failures. */
  private codeRules(userId: string, ip: string): ReservationRule[] {
    const window = this.config.authRateLimit.windowSeconds;
    return [
      { key: failuresKey(userId), limit: TWO_FACTOR_MAX_FAILURES_PER_WINDOW, windowSeconds: window },
      { key: this.throttle.ipFailureKey(ip), limit: this.config.authRateLimit.perIp, windowSeconds: window },
    ];
  }

  /** Ends the challenge; only the first of two concurrent uses wins. */
  async consume(token: string): Promise<void> {
    if ((await this.redis.del(challengeKey(token))) !== 1) throw new UnauthorizedException(TwoFactorTexts.challengeExpired);
  }

  /** A completed sign-in: the account's wrong codes are cleared and its challenge allowance given back. */
  async signedIn(userId: string): Promise<void> {
    await this.redis.del(failuresKey(userId));
    await release(this.redis, [issuedKey(userId)]);
  }
}

const CHALLENGE_PREFIX = '2fa:challenge:';
const challengeKey = (token: string) => CHALLENGE_PREFIX + hashToken(token);
const attemptsKey = (token: string) => `${challengeKey(token)}:attempts`;
const failuresKey = (userId: string) => `2fa:failures:${userId}`;
const liveKey = (userId: string) => `2fa:live:${userId}`;
const issuedKey = (userId: string) => `2fa:issued:${userId}`;
