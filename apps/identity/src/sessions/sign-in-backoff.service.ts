import { Inject, Injectable, OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { errorCodes } from '@abide/contracts';
import { DomainError, HealthRegistry, isTransientError, RedisConnection } from '@abide/platform';
import { createHash } from 'node:crypto';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { type BackoffPolicy, lockSecondsAfter } from './domain/sign-in-backoff';

const SIGN_IN_UNAVAILABLE = 'Signing in is briefly unavailable. Please try again in a minute.';

/**
 * Per-account back-off after failed sign-ins, in Redis so it holds across identity instances. Counts by e-mail,
 * registered or not, so it says nothing about which addresses exist. Without Redis the back-off cannot be enforced,
 * so sign-in answers 503 rather than allow unlimited guesses (see README, "Health and faults").
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

  /** 429 with Retry-After while the account is locked. */
  async assertNotLocked(email: string): Promise<void> {
    const ttl = await this.call((redis) => redis.ttl(this.key('lock', email)));
    if (ttl > 0) throw lockedProblem(ttl);
  }

  async recordFailure(email: string): Promise<void> {
    const failuresKey = this.key('failures', email);
    const failures = await this.call(() => this.redis.countWithin(failuresKey, this.config.SIGN_IN_FAILURE_WINDOW_SECONDS));
    const lock = lockSecondsAfter(failures, this.policy);
    if (lock > 0) await this.call((redis) => redis.set(this.key('lock', email), String(failures), 'EX', lock));
  }

  async reset(email: string): Promise<void> {
    await this.call((redis) => redis.del(this.key('failures', email), this.key('lock', email)));
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

  private key(kind: 'failures' | 'lock', email: string): string {
    return `${this.prefix}:${kind}:${createHash('sha256').update(email).digest('hex')}`;
  }

  onModuleDestroy(): void {
    this.redis.close();
  }
}

const lockedProblem = (seconds: number) =>
  new DomainError(
    errorCodes.rateLimited,
    429,
    'Too many requests',
    `Too many failed sign-ins for this account. Try again in ${seconds} second${seconds === 1 ? '' : 's'}, or reset your password.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
