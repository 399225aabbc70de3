import { HttpException, HttpStatus } from '@nestjs/common';
import { RedisClient } from '../../../queues/redis-client.provider';
import { releaseHeld, reserveHeld, type HeldCounter, type ReservationRule } from '../../../common/throttle/redis-reservation';

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

/** What a use took: each counter with the window it was taken in. Giving it back credits only that window. */
export type BudgetHold = HeldCounter[];

/**
 * Takes `amount` from the person's and the platform's counters at once, with the reserve-first script of the throttles
 * (a burst of concurrent requests gets exactly the limit through); 429 with the spent budget's text. Returns what it
 * took, for `returnToBudget`.
 */
export async function takeFromBudget(redisClient: RedisClient, budget: PersonAndPlatformBudget, userId: string | null, amount?: number): Promise<BudgetHold> {
  const rules: ReservationRule[] = budgetKeys(budget, userId).map((key) => ({
    key,
    limit: key === budget.key(null) ? budget.global : budget.perUser,
    windowSeconds: budget.windowSeconds,
    ...(amount === undefined ? {} : { amount }),
  }));
  await redisClient.ready();
  const taken = await reserveHeld(redisClient.redis, rules);
  if ('refused' in taken) {
    throw new HttpException(taken.refused.key === budget.key(null) ? budget.refusal.global : budget.refusal.user, HttpStatus.TOO_MANY_REQUESTS);
  }
  return taken.held;
}

/**
 * Gives back (`amount`, 1 unless said) what a use took and did not use, to each counter still in the window it was
 * taken from: given back after that window ended, it credits nothing (the next window never counted it).
 */
export async function returnToBudget(redisClient: RedisClient, hold: BudgetHold, amount = 1): Promise<void> {
  await redisClient.ready();
  await releaseHeld(redisClient.redis, hold, amount);
}
