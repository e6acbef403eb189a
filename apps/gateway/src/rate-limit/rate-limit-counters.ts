import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DomainError, HealthRegistry, isTransientError, RedisConnection } from '@abide/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.schema';

/** What sign-in, sign-up and recovery answer while the counters' Redis is away (they fail closed; see README). */
export const AUTH_LIMITS_UNAVAILABLE =
  'Signing in, signing up and password recovery are briefly unavailable. Please try again in a minute.';

/**
 * The counters behind the per-IP limits, in Redis so the limits hold across gateway instances (one connection for
 * every guard instance). Without Redis a limit cannot be enforced, so a counted route answers 503 rather than run
 * unlimited; members already signed in are not affected.
 */
@Injectable()
export class RateLimitCounters implements OnModuleInit, OnModuleDestroy {
  private readonly redis: RedisConnection;
  readonly prefix: string;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly health: HealthRegistry,
  ) {
    this.redis = new RedisConnection(config.REDIS_URL, 'rate-limits', 'requests');
    // Dev and test stacks share one Redis: keep their counters apart.
    this.prefix = `${config.REDIS_KEY_PREFIX}:gateway:rate`;
  }

  /** Counts one request in the window `key` (which expires after `ttlSeconds`) and returns the count so far. */
  async increment(key: string, ttlSeconds: number): Promise<number> {
    try {
      return await this.redis.countWithin(key, ttlSeconds);
    } catch (error) {
      if (isTransientError(error)) throw DomainError.unavailable(AUTH_LIMITS_UNAVAILABLE, 30);
      throw error;
    }
  }

  onModuleInit(): void {
    this.health.add(this.redis.healthCheck());
  }

  onModuleDestroy(): void {
    this.redis.close();
  }
}
