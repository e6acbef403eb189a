import type { Redis } from 'ioredis';

/** One counter to charge: its key (per scope and day), how much the day allows, and how much this use takes. */
export interface Allowance {
  key: string;
  limit: number;
  amount: number;
}

/** Which allowance would go over (its index in the list), with what it had left; null when every one was charged. */
export type AllowanceRefusal = { index: number; left: number } | null;

/**
 * Checks every counter and charges them all, or none, in one script: Redis runs a script whole, so concurrent
 * requests on any replica can never together go past a limit (a read-then-write could). Each key expires with its day.
 */
const CHARGE_ALL = `
local n = #KEYS
for i = 1, n do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  local limit = tonumber(ARGV[2 * i - 1])
  if used + tonumber(ARGV[2 * i]) > limit then return {i, limit - used} end
end
for i = 1, n do
  redis.call('INCRBY', KEYS[i], ARGV[2 * i])
  redis.call('EXPIRE', KEYS[i], ARGV[2 * n + 1])
end
return {0, 0}
`;

/** Gives back what a use took when it did not happen after all (never below zero). */
const GIVE_BACK = `
for i = 1, #KEYS do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used > 0 then redis.call('DECRBY', KEYS[i], math.min(used, tonumber(ARGV[i]))) end
end
return 0
`;

/** Today's UTC day (`2026-11-29`) and the seconds until the next one starts. */
export const utcDay = (now = Date.now()): { day: string; secondsLeft: number } => {
  const date = new Date(now);
  const next = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
  return { day: date.toISOString().slice(0, 10), secondsLeft: Math.max(1, Math.ceil((next - now) / 1000)) };
};

/**
 * Daily allowances counted in Redis (several limits charged together, all or nothing). The counters live as long as
 * their day and one more, so nothing needs cleaning; keys of one charge must sit on one Redis node (no cluster slots).
 */
export class DailyAllowances {
  constructor(private readonly redis: () => Redis) {}

  async charge(allowances: readonly Allowance[], ttlSeconds: number): Promise<AllowanceRefusal> {
    const charged = allowances.filter((a) => a.amount > 0);
    if (charged.length === 0) return null;
    const args = charged.flatMap((a) => [String(a.limit), String(a.amount)]);
    const [index, left] = (await this.redis().eval(
      CHARGE_ALL,
      charged.length,
      ...charged.map((a) => a.key),
      ...args,
      String(ttlSeconds),
    )) as [number, number];
    return index === 0 ? null : { index: allowances.indexOf(charged[index - 1]), left: Math.max(0, left) };
  }

  async giveBack(allowances: readonly Allowance[]): Promise<void> {
    const charged = allowances.filter((a) => a.amount > 0);
    if (charged.length === 0) return;
    await this.redis().eval(GIVE_BACK, charged.length, ...charged.map((a) => a.key), ...charged.map((a) => String(a.amount)));
  }
}
