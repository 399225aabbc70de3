import { Inject, Injectable } from '@nestjs/common';
import { ResearchBudgetUsage, ResearchTexts } from '@cqa/contracts';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { RedisClient } from '../../../queues/redis-client.provider';
import { release } from '../../../common/throttle/redis-reservation';
import { returnToBudget, takeFromBudget, type BudgetHold, type PersonAndPlatformBudget } from '../generation/daily-budget';

const DAY_SECONDS = 24 * 3600;
const startsKey = (userId: string | null) => (userId ? `research:starts:user:${userId}` : 'research:starts:global');
const tokensKey = (userId: string | null) => (userId ? `research:tokens:user:${userId}` : 'research:tokens:global');
const holdKey = (runId: number) => `research:tokens:hold:${runId}`;
const requestStartKey = (requestId: number | string) => `research:starts:hold:request:${requestId}`;

/**
 * What one run holds of the token budgets until it ends: the counters with their windows, the amount, and the run's
 * tokens already counted. `keys` is the form written before holds named their windows (given back as it was then).
 */
interface TokenHold { counters?: BudgetHold; keys?: string[]; amount: number; counted: number }

/**
 * Deep research's daily budgets (runs started and tokens, per person and platform-wide), counted in Redis with the
 * same reserve-first script as the sign-in throttles: a start is taken before the run exists, a run's whole token
 * limit (RESEARCH_MAX_TOKENS) before its first search, and what the run did not use goes back when it ends. A burst of
 * starts or approvals therefore cannot pass a count read before any of them was taken. Each counter lives 24 hours
 * from its first use, and what is given back goes only to the window it was taken from: a start or tokens returned
 * after that window ended credit nothing (the next window never counted them).
 */
@Injectable()
export class ResearchBudgets {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig, private readonly redisClient: RedisClient) {}

  private starts(): PersonAndPlatformBudget {
    const { dailyStartsPerUser, dailyStartsGlobal } = this.config.research;
    return {
      key: startsKey, perUser: dailyStartsPerUser, global: dailyStartsGlobal, windowSeconds: DAY_SECONDS,
      refusal: { user: ResearchTexts.dailyStartsUser(dailyStartsPerUser), global: ResearchTexts.dailyStartsGlobal },
    };
  }

  private tokens(): PersonAndPlatformBudget {
    const { dailyTokensPerUser, dailyTokensGlobal } = this.config.research;
    return {
      key: tokensKey, perUser: dailyTokensPerUser, global: dailyTokensGlobal, windowSeconds: DAY_SECONDS,
      refusal: { user: ResearchTexts.dailyTokensUser(dailyTokensPerUser), global: ResearchTexts.dailyTokensGlobal },
    };
  }

  /** Takes one start from the person's and the platform's budget; 429 with the limit's text when either is spent. */
  async reserveStart(userId: string | null): Promise<BudgetHold> {
    return takeFromBudget(this.redisClient, this.starts(), userId);
  }

  /** A start that did not happen (a run was already active, the job could not be queued) goes back to its window. */
  async releaseStart(hold: BudgetHold): Promise<void> {
    await returnToBudget(this.redisClient, hold);
  }

  /**
   * A patient's request keeps its start until a reviewer takes it, declines it or the patient cancels. The hold lives
   * until the last of its windows ends: a request still waiting after that holds nothing of any later window (its start
   * was counted, and stays counted, in the window it was made in; a later decline or cancel gives nothing back).
   */
  async holdRequestStart(requestId: number | string, hold: BudgetHold): Promise<void> {
    const endsAt = Math.max(...hold.map((counter) => counter.windowEndsAt));
    if (!(endsAt > Date.now())) return;
    await this.redisClient.redis.set(requestStartKey(requestId), JSON.stringify(hold), 'PXAT', endsAt);
  }

  /** The request's start goes back, once (GETDEL), and only to a window that is still the one it was taken in. */
  async releaseRequestStart(requestId: number | string): Promise<void> {
    await this.redisClient.ready();
    const raw = await this.redisClient.redis.getdel(requestStartKey(requestId));
    if (raw) await this.releaseStart(JSON.parse(raw) as BudgetHold);
  }

  /**
   * Reserves the rest of the run's token limit (RESEARCH_MAX_TOKENS less `counted`, the tokens an earlier attempt
   * already settled) against the approver's and the platform's budgets; 429 when it does not fit.
   */
  async reserveTokens(runId: number, userId: string | null, counted: number): Promise<void> {
    const amount = Math.max(0, this.config.research.maxTokens - counted);
    const counters = await takeFromBudget(this.redisClient, this.tokens(), userId, amount);
    const hold: TokenHold = { counters, amount, counted };
    await this.redisClient.redis.set(holdKey(runId), JSON.stringify(hold), 'EX', 2 * DAY_SECONDS);
  }

  /**
   * The run ended (completed, failed or cancelled) having used `runTokens` in all: what it reserved and did not use goes
   * back. The hold is taken with GETDEL, so a run settled twice (a cancel racing a failure) gives back once.
   */
  async settleTokens(runId: number, runTokens: number): Promise<void> {
    await this.redisClient.ready();
    const raw = await this.redisClient.redis.getdel(holdKey(runId));
    if (!raw) return;
    const hold = JSON.parse(raw) as TokenHold;
    const unused = hold.amount - Math.max(0, runTokens - hold.counted);
    if (unused <= 0) return;
    if (hold.counters) await returnToBudget(this.redisClient, hold.counters, unused);
    else await release(this.redisClient.redis, hold.keys ?? [], unused);
  }

  /** The platform's budgets and what the current 24 hours have taken (admins). */
  async usage(): Promise<ResearchBudgetUsage> {
    const { dailyStartsPerUser, dailyStartsGlobal, dailyTokensPerUser, dailyTokensGlobal } = this.config.research;
    await this.redisClient.ready();
    const redis = this.redisClient.redis;
    const [starts, tokens, startsTtl, tokensTtl] = await Promise.all([
      redis.get(startsKey(null)), redis.get(tokensKey(null)), redis.ttl(startsKey(null)), redis.ttl(tokensKey(null)),
    ]);
    const resetsAt = (ttl: number) => (ttl > 0 ? new Date(Date.now() + ttl * 1000).toISOString() : null);
    return {
      starts: { perUser: dailyStartsPerUser, global: dailyStartsGlobal, usedGlobal: Number(starts ?? 0), resetsAt: resetsAt(startsTtl) },
      tokens: { perUser: dailyTokensPerUser, global: dailyTokensGlobal, usedGlobal: Number(tokens ?? 0), resetsAt: resetsAt(tokensTtl) },
    };
  }
}
