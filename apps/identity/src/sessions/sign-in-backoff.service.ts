import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { errorCodes } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { type BackoffPolicy, lockSecondsAfter } from './domain/sign-in-backoff';

/**
 * Per-account back-off after failed sign-ins, in Redis so it holds across identity instances. Counts by e-mail,
 * registered or not, so it says nothing about which addresses exist.
 */
@Injectable()
export class SignInBackoff implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly policy: BackoffPolicy;
  private readonly prefix: string;

  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
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
    const ttl = await this.redis.ttl(this.key('lock', email));
    if (ttl > 0) throw lockedProblem(ttl);
  }

  async recordFailure(email: string): Promise<void> {
    const failuresKey = this.key('failures', email);
    const result = await this.redis.multi().incr(failuresKey).expire(failuresKey, this.config.SIGN_IN_FAILURE_WINDOW_SECONDS).exec();
    const failures = Number(result?.[0]?.[1] ?? 0);
    const lock = lockSecondsAfter(failures, this.policy);
    if (lock > 0) await this.redis.set(this.key('lock', email), String(failures), 'EX', lock);
  }

  async reset(email: string): Promise<void> {
    await this.redis.del(this.key('failures', email), this.key('lock', email));
  }

  private key(kind: 'failures' | 'lock', email: string): string {
    return `${this.prefix}:${kind}:${createHash('sha256').update(email).digest('hex')}`;
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
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
