import { Inject, Injectable, OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DomainError, HealthRegistry, isTransientError, RedisConnection, tooManyRequests } from '@abide/platform';
import { createHash } from 'node:crypto';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { lockSchedule } from './domain/sign-in-backoff';

const SIGN_IN_UNAVAILABLE = 'Signing in is briefly unavailable. Please try again in a minute.';

/**
 * What a back-off counts: wrong passwords per e-mail, or wrong two-factor codes per account. They are counted apart,
 * so a correct password (which clears its own count) never clears the count of wrong codes that follows it.
 */
export type BackoffScope = 'password' | 'two-factor';

/**
 * Reserves one attempt: refused with the lock's seconds left while the account is locked; else counted as a failure
 * at once, and the lock it would earn set at once, so the attempts running beside it see that lock before anyone has
 * judged it. KEYS: failures, lock. ARGV: window seconds, max failures, then the lock schedule. Answers {1, count} or
 * {0, seconds left}.
 */
const RESERVE = `
local left = redis.call('TTL', KEYS[2])
if left > 0 then return {0, left} end
local failures = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[1])
local step = failures - tonumber(ARGV[2]) + 1
if step >= 1 then
  local lock = ARGV[2 + math.min(step, #ARGV - 2)]
  redis.call('SET', KEYS[2], failures, 'EX', lock)
end
return {1, failures}
`;

/** Gives back an attempt that judged nothing: its count, and the lock it set unless a later attempt replaced it. */
const GIVE_BACK = `
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 1
`;

/**
 * Takes one request from an allowance that starts with the first request and lasts the window: refused with the
 * seconds left once `max` were taken (a refused request takes nothing, so asking again does not push the end back).
 * KEYS: count. ARGV: max, window seconds. Answers {1, count} or {0, seconds left}.
 */
const TAKE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then
  local left = redis.call('TTL', KEYS[1])
  if left < 1 then left = tonumber(ARGV[2]) end
  return {0, left}
end
count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return {1, count}
`;

/**
 * Per-account back-off after failed sign-ins, in Redis so it holds across identity instances. Passwords count by
 * e-mail, registered or not, so it says nothing about which addresses exist; two-factor codes count by account. Without
 * Redis the back-off cannot be enforced, so sign-in answers 503 rather than allow unlimited guesses (see README,
 * "Health and faults").
 */
@Injectable()
export class SignInBackoff implements OnModuleInit, OnModuleDestroy {
  private readonly redis: RedisConnection;
  private readonly schedule: string[];
  private readonly prefix: string;

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly health: HealthRegistry,
  ) {
    this.redis = new RedisConnection(config.REDIS_URL, 'sign-in-backoff', 'requests');
    this.schedule = lockSchedule({
      maxFailures: config.SIGN_IN_MAX_FAILURES,
      baseSeconds: config.SIGN_IN_BACKOFF_BASE_SECONDS,
      maxSeconds: config.SIGN_IN_BACKOFF_MAX_SECONDS,
    }).map(String);
    // Dev and test stacks share one Redis: keep their counters apart.
    this.prefix = `${config.REDIS_KEY_PREFIX}:identity:sign-in`;
  }

  /**
   * Judges one guess (`subject` is the e-mail for passwords, the user id for codes) under the account's back-off. The
   * attempt is reserved before `judge` runs, so concurrent guesses beyond the allowance get 429 with Retry-After without
   * being judged, whichever instance they reach. `judge` answers what a right guess proves, or undefined for a wrong
   * one, which stays counted; a right one clears the count; an error (nothing was judged) gives the attempt back.
   */
  async judge<T>(subject: string, scope: BackoffScope, judge: () => Promise<T | undefined>): Promise<T | undefined> {
    const keys = [this.key('failures', subject, scope), this.key('lock', subject, scope)];
    const [reserved, n] = await this.call(
      (redis) =>
        redis.eval(
          RESERVE,
          2,
          ...keys,
          this.config.SIGN_IN_FAILURE_WINDOW_SECONDS,
          this.config.SIGN_IN_MAX_FAILURES,
          ...this.schedule,
        ) as Promise<[number, number]>,
    );
    if (reserved !== 1) throw lockedProblem(n, scope);
    let verdict: T | undefined;
    try {
      verdict = await judge();
    } catch (error) {
      await this.call((redis) => redis.eval(GIVE_BACK, 2, ...keys, n)).catch(() => undefined);
      throw error;
    }
    if (verdict !== undefined) await this.reset(subject, scope);
    return verdict;
  }

  /**
   * Counts one password-reset request for `email`, registered or not (so the answer says nothing about which addresses
   * exist), and refuses it with 429 once RECOVER_REQUESTS_PER_EMAIL_MAX were asked within the window: nobody's inbox
   * can be flooded with reset links, whichever network or replica the requests come through.
   */
  async takeRecoveryRequest(email: string): Promise<void> {
    const [taken, n] = await this.call(
      (redis) =>
        redis.eval(
          TAKE,
          1,
          `${this.prefix}:recover:${createHash('sha256').update(email).digest('hex')}`,
          this.config.RECOVER_REQUESTS_PER_EMAIL_MAX,
          this.config.RECOVER_REQUESTS_PER_EMAIL_WINDOW_SECONDS,
        ) as Promise<[number, number]>,
    );
    if (taken !== 1) {
      throw tooManyRequests('We already sent several reset links to this address. Please check your inbox and spam folder.', n);
    }
  }

  async reset(subject: string, scope: BackoffScope = 'password'): Promise<void> {
    await this.call((redis) => redis.del(this.key('failures', subject, scope), this.key('lock', subject, scope)));
  }

  private async call<T>(command: (redis: RedisConnection['client']) => Promise<T>): Promise<T> {
    try {
      return await command(this.redis.client);
    } catch (error) {
      if (isTransientError(error)) throw DomainError.unavailable(SIGN_IN_UNAVAILABLE, 30);
      throw error;
    }
  }

  onModuleInit(): void {
    this.health.add(this.redis.healthCheck());
  }

  private key(kind: 'failures' | 'lock', subject: string, scope: BackoffScope): string {
    return `${this.prefix}:${scope === 'password' ? '' : `${scope}:`}${kind}:${createHash('sha256').update(subject).digest('hex')}`;
  }

  onModuleDestroy(): void {
    this.redis.close();
  }
}

/** When the account's lock ends, in the detail (the page shows it) and Retry-After. */
const lockedProblem = (seconds: number, scope: BackoffScope) =>
  scope === 'password'
    ? tooManyRequests('Too many failed sign-ins for this account.', seconds, ', or reset your password')
    : tooManyRequests('Too many wrong codes for this account.', seconds);
