import type Redis from 'ioredis';

/** One counter of a reservation: its key, the most it may hold, the window its count lives for, and how much to take (1 unless said). */
export interface ReservationRule {
  key: string;
  limit: number;
  windowSeconds: number;
  amount?: number;
}

/** A counter a reservation took from, and the window it was taken in: the counter's expiry (ms since the epoch). */
export interface HeldCounter {
  key: string;
  windowEndsAt: number;
}

// Checks every counter, then takes one from each, in one script: concurrent requests cannot all pass a check made
// before any of them counted. Returns {0, expiry of each counter} when reserved, else {the 1-based index of the first
// counter at its limit}. A counter's expiry is set once, when its window opens, so it names that window.
const RESERVE = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') + tonumber(ARGV[3 * i]) > tonumber(ARGV[3 * i - 1]) then return {i} end
end
local ends = {0}
for i = 1, #KEYS do
  redis.call('INCRBY', KEYS[i], ARGV[3 * i])
  if redis.call('TTL', KEYS[i]) < 0 then redis.call('EXPIRE', KEYS[i], ARGV[3 * i - 2]) end
  ends[i + 1] = redis.call('PEXPIRETIME', KEYS[i])
end
return ends`;

// Gives back to each counter what it still holds of the amount (a counter that expired meanwhile stays gone).
const RELEASE = `
for i = 1, #KEYS do
  local held = tonumber(redis.call('GET', KEYS[i]) or '0')
  local back = math.min(held, tonumber(ARGV[i]))
  if back > 0 then redis.call('DECRBY', KEYS[i], back) end
end
return 0`;

// The same, but only to a counter still in the window the reservation was taken in: once that window has ended, the
// counter there (if any) is a later window's, which the reservation never took from.
const RELEASE_IN_WINDOW = `
for i = 1, #KEYS do
  if redis.call('PEXPIRETIME', KEYS[i]) == tonumber(ARGV[2 * i - 1]) then
    local back = math.min(tonumber(redis.call('GET', KEYS[i]) or '0'), tonumber(ARGV[2 * i]))
    if back > 0 then redis.call('DECRBY', KEYS[i], back) end
  end
end
return 0`;

const runReserve = async (redis: Redis, rules: ReservationRule[]): Promise<number[]> => {
  const args = rules.flatMap((rule) => [String(rule.windowSeconds), String(rule.limit), String(rule.amount ?? 1)]);
  return ((await redis.eval(RESERVE, rules.length, ...rules.map((rule) => rule.key), ...args)) as (number | string)[]).map(Number);
};

/**
 * Takes one from every counter, or none when any is at its limit (atomically, in Redis). Returns the rule that refused,
 * or null when reserved. ioredis applies its keyPrefix to the script's KEYS.
 */
export async function reserve(redis: Redis, rules: ReservationRule[]): Promise<ReservationRule | null> {
  const [refused] = await runReserve(redis, rules);
  return refused === 0 ? null : rules[refused! - 1]!;
}

/**
 * The same, for a reservation that may be given back long after (a budget held while something waits): it returns
 * the counters it took from with their windows, for `releaseHeld`.
 */
export async function reserveHeld(redis: Redis, rules: ReservationRule[]): Promise<{ refused: ReservationRule } | { held: HeldCounter[] }> {
  const [refused, ...ends] = await runReserve(redis, rules);
  if (refused !== 0) return { refused: rules[refused! - 1]! };
  return { held: rules.map((rule, i) => ({ key: rule.key, windowEndsAt: ends[i]! })) };
}

/** Gives a reservation back (a success, or an attempt that turned out not to count); `amount` of each key, 1 unless said. */
export async function release(redis: Redis, keys: string[], amount = 1): Promise<void> {
  if (keys.length) await redis.eval(RELEASE, keys.length, ...keys, ...keys.map(() => String(amount)));
}

/**
 * Gives `amount` back to each counter of a `reserveHeld` reservation that is still in the window it was taken from; a
 * window that has ended gives nothing to the next one (that window never counted the reservation).
 */
export async function releaseHeld(redis: Redis, held: HeldCounter[], amount = 1): Promise<void> {
  if (!held.length) return;
  const args = held.flatMap((counter) => [String(counter.windowEndsAt), String(amount)]);
  await redis.eval(RELEASE_IN_WINDOW, held.length, ...held.map((counter) => counter.key), ...args);
}
