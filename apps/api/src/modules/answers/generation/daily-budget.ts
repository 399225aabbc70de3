import { HttpException, HttpStatus } from '@nestjs/common';
import { RedisClient } from '../../../queues/redis-client.provider';
import { release, reserve, type ReservationRule } from '../../../common/throttle/redis-reservation';

/** A budget counted for each person and for the whole platform over a window, with the refusal each one gives. */
export interface PersonAndPlatformBudget {
  /** The counter of a person, or of the platform for null. */
  key: (userId: string | null) => string;
  perUser: number;
  global: number;
  windowSeconds: number;
  refusal: { user: string; global: string };
}

/** The counters a person's use takes from: theirs (when known) and the platform's. */
export const budgetKeys = (budget: PersonAndPlatformBudget, userId: string | null): string[] =>
  userId ? [budget.key(userId), budget.key(null)] : [budget.key(null)];

/**
 * Takes `amount` from the person's and the platform's counters at once, with the reserve-first script of the throttles
 * (a burst of concurrent requests gets exactly the limit through); 429 with the spent budget's text. Returns the keys taken.
 */
export async function takeFromBudget(redisClient: RedisClient, budget: PersonAndPlatformBudget, userId: string | null, amount?: number): Promise<string[]> {
  const rules: ReservationRule[] = budgetKeys(budget, userId).map((key) => ({
    key,
    limit: key === budget.key(null) ? budget.global : budget.perUser,
    windowSeconds: budget.windowSeconds,
    ...(amount === undefined ? {} : { amount }),
  }));
  await redisClient.ready();
  const refused = await reserve(redisClient.redis, rules);
  if (refused) throw new HttpException(refused.key === budget.key(null) ? budget.refusal.global : budget.refusal.user, HttpStatus.TOO_MANY_REQUESTS);
  return rules.map((rule) => rule.key);
}

/** Gives a reservation that was not used back to the person's and the platform's counters. */
export async function returnToBudget(redisClient: RedisClient, budget: PersonAndPlatformBudget, userId: string | null): Promise<void> {
  await release(redisClient.redis, budgetKeys(budget, userId));
}
