import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DomainError, HealthRegistry, isTransientError, RedisConnection } from '@abide/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.schema';

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

  /**
   * Counts one request in the window `key` (which expires after `ttlSeconds`) and returns the count so far. Without
   * Redis the limited route fails closed: 503 with `unavailable` (see README).
   */
  async increment(key: string, ttlSeconds: number, unavailable: string): Promise<number> {
    try {
      return await this.redis.countWithin(key, ttlSeconds);
    } catch (error) {
      if (isTransientError(error)) throw DomainError.unavailable(unavailable, 30);
      throw error;
    }
  }

  /** Takes one request back off the window `key` (an answer that does not count). */
  async giveBack(key: string, ttlSeconds: number): Promise<void> {
    await this.redis.countWithin(key, ttlSeconds, -1);
  }

  onModuleInit(): void {
    this.health.add(this.redis.healthCheck());
  }

  onModuleDestroy(): void {
    this.redis.close();
  }
}
