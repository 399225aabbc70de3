import { Inject, Injectable } from '@nestjs/common';
import { AI_DAILY_LIMIT_WINDOW_HOURS, AiDailyLimitUsage, AiTexts } from '@cqa/contracts';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { RedisClient } from '../../../queues/redis-client.provider';
import { returnToBudget, takeFromBudget, type BudgetHold, type PersonAndPlatformBudget } from '../generation/daily-budget';

const WINDOW_SECONDS = AI_DAILY_LIMIT_WINDOW_HOURS * 3600;
const runsKey = (userId: string | null) => (userId ? `ai:daily:user:${userId}` : 'ai:daily:global');

/**
 * The daily AI answer limits (AI_DAILY_LIMIT_PER_USER / _GLOBAL), counted in Redis with the reserve-first script the
 * throttles use: a run is taken from the person's and the platform's counters before its row exists, so a burst of
 * concurrent requests gets exactly the limit through (neither more, nor fewer). Each counter lives 24 hours from its first use.
 */
@Injectable()
export class AiDailyLimits {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig, private readonly redisClient: RedisClient) {}

  private budget(): PersonAndPlatformBudget {
    const { dailyLimitPerUser, dailyLimitGlobal } = this.config.aiAnswers;
    return {
      key: runsKey, perUser: dailyLimitPerUser, global: dailyLimitGlobal, windowSeconds: WINDOW_SECONDS,
      refusal: { user: AiTexts.dailyLimitUser(dailyLimitPerUser), global: AiTexts.dailyLimitGlobal },
    };
  }

  /** Takes one run; 429 with the limit's text when the person's or the platform's count is spent. */
  async reserve(userId: string | null): Promise<BudgetHold> {
    return takeFromBudget(this.redisClient, this.budget(), userId);
  }

  /** A reservation that started no run (the run existed already, or it could not be created) goes back to its window. */
  async release(hold: BudgetHold): Promise<void> {
    await returnToBudget(this.redisClient, hold);
  }

  /** The limits and the platform's runs in its counter's current 24 hours (admins). */
  async usage(): Promise<AiDailyLimitUsage> {
    const { dailyLimitPerUser, dailyLimitGlobal } = this.config.aiAnswers;
    await this.redisClient.ready();
    return { perUser: dailyLimitPerUser, global: dailyLimitGlobal, usedGlobal: Number((await this.redisClient.redis.get(runsKey(null))) ?? 0) };
  }
}
