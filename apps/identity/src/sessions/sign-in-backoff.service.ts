import { Inject, Injectable, OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { errorCodes } from '@abide/contracts';
import { DomainError, HealthRegistry, isTransientError, RedisConnection } from '@abide/platform';
import { createHash } from 'node:crypto';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { type BackoffPolicy, lockSecondsAfter } from './domain/sign-in-backoff';

const SIGN_IN_UNAVAILABLE = 'Signing in is briefly unavailable. Please try again in a minute.';

/**
 * What a back-off counts: wrong passwords per e-mail, or wrong two-factor codes per account. They are counted apart,
 * so a correct password (which clears its own count) never clears the count of wrong codes that follows it.
 */
export type BackoffScope = 'password' | 'two-factor';

/**
 * Per-account back-off after failed sign-ins, in Redis so it holds across identity instances. Passwords count by
 * e-mail, registered or not, so it says nothing about which addresses exist; two-factor codes count by account. Without
 * Redis the back-off cannot be enforced, so sign-in answers 503 rather than allow unlimited guesses (see README,
 * "Health and faults").
 */
@Injectable()
export class SignInBackoff implements OnModuleInit, OnModuleDestroy {
  private readonly redis: RedisConnection;
  private readonly policy: BackoffPolicy;
  private readonly prefix: string;

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly health: HealthRegistry,
  ) {
    this.redis = new RedisConnection(config.REDIS_URL, 'sign-in-backoff', 'requests');
    this.policy = {
      maxFailures: config.SIGN_IN_MAX_FAILURES,
      baseSeconds: config.SIGN_IN_BACKOFF_BASE_SECONDS,
      maxSeconds: config.SIGN_IN_BACKOFF_MAX_SECONDS,
    };
    // Dev and test stacks share one Redis: keep their counters apart.
    this.prefix = `${config.REDIS_KEY_PREFIX}:identity:sign-in`;
  }

  /** 429 with Retry-After while the account is locked; `subject` is the e-mail (passwords) or the user id (codes). */
  async assertNotLocked(subject: string, scope: BackoffScope = 'password'): Promise<void> {
    const ttl = await this.call((redis) => redis.ttl(this.key('lock', subject, scope)));
    if (ttl > 0) throw lockedProblem(ttl, scope);
  }

  async recordFailure(subject: string, scope: BackoffScope = 'password'): Promise<void> {
    const failuresKey = this.key('failures', subject, scope);
    const failures = await this.call(() => this.redis.countWithin(failuresKey, this.config.SIGN_IN_FAILURE_WINDOW_SECONDS));
    const lock = lockSecondsAfter(failures, this.policy);
    if (lock > 0) await this.call((redis) => redis.set(this.key('lock', subject, scope), String(failures), 'EX', lock));
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

const lockedProblem = (seconds: number, scope: BackoffScope) =>
  new DomainError(
    errorCodes.rateLimited,
    429,
    'Too many requests',
    scope === 'password'
      ? `Too many failed sign-ins for this account. Try again in ${seconds} second${seconds === 1 ? '' : 's'}, or reset your password.`
      : `Too many wrong codes for this account. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
