import type Redis from 'ioredis';

/** One counter of a reservation: its key, the most it may hold, the window its count lives for, and how much to take (1 unless said). */
export interface ReservationRule {
  key: string;
  limit: number;
  windowSeconds: number;
  amount?: number;
}

// Checks every counter, then takes one from each, in one script: concurrent requests cannot all pass a check made
// before any of them counted. Returns 0 when reserved, else the 1-based index of the first counter at its limit.
const RESERVE = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') + tonumber(ARGV[3 * i]) > tonumber(ARGV[3 * i - 1]) then return i end
end
for i = 1, #KEYS do
  redis.call('INCRBY', KEYS[i], ARGV[3 * i])
  if redis.call('TTL', KEYS[i]) < 0 then redis.call('EXPIRE', KEYS[i], ARGV[3 * i - 2]) end
end
return 0`;

// Gives back to each counter what it still holds of the amount (a counter that expired meanwhile stays gone).
const RELEASE = `
for i = 1, #KEYS do
  local held = tonumber(redis.call('GET', KEYS[i]) or '0')
  local back = math.min(held, tonumber(ARGV[i]))
  if back > 0 then redis.call('DECRBY', KEYS[i], back) end
end
return 0`;

/**
 * Takes one from every counter, or none when any is at its limit (atomically, in Redis). Returns the rule that refused,
 * or null when reserved. ioredis applies its keyPrefix to the script's KEYS.
 */
export async function reserve(redis: Redis, rules: ReservationRule[]): Promise<ReservationRule | null> {
  const args = rules.flatMap((rule) => [String(rule.windowSeconds), String(rule.limit), String(rule.amount ?? 1)]);
  const refused = Number(await redis.eval(RESERVE, rules.length, ...rules.map((rule) => rule.key), ...args));
  return refused === 0 ? null : rules[refused - 1]!;
}

/** Gives a reservation back (a success, or an attempt that turned out not to count); `amount` of each key, 1 unless said. */
export async function release(redis: Redis, keys: string[], amount = 1): Promise<void> {
  if (keys.length) await redis.eval(RELEASE, keys.length, ...keys, ...keys.map(() => String(amount)));
}
