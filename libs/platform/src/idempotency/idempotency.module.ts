import { type DynamicModule, Module, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import { APP_INTERCEPTOR, HttpAdapterHost } from '@nestjs/core';
import { IDEMPOTENCY_WINDOW_HOURS } from '@abide/contracts';
import type { FastifyInstance } from 'fastify';
import { HealthRegistry } from '../health/health-registry';
import { PrivateText } from '../private-text/private-text';
import { RedisConnection } from '../redis/redis-connection';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyStore, type IdempotencyTimes } from './idempotency-store';
import { IdempotentWrites } from './idempotent-writes';

/**
 * A claim outlives the longest a request may run (the gateway gives uploads 120 s): a holder that died is taken over
 * after this, never one still working.
 */
export const IDEMPOTENCY_CLAIM_TTL_MS = 150_000;
export const idempotencyTimes: IdempotencyTimes = { claimTtlMs: IDEMPOTENCY_CLAIM_TTL_MS, windowMs: IDEMPOTENCY_WINDOW_HOURS * 3_600_000 };

export interface IdempotencyOptions {
  redisUrl: string;
  /** REDIS_KEY_PREFIX: the service's namespace in a Redis shared by stacks. */
  keyPrefix: string;
}

/** Every write route of the service honours `Idempotency-Key` (the interceptor), its keys and answers kept in Redis. */
@Module({})
export class IdempotencyModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly writes: IdempotentWrites,
    private readonly redis: RedisConnection,
    private readonly health: HealthRegistry,
    @Optional() private readonly adapterHost?: HttpAdapterHost,
  ) {}

  static forRoot({ redisUrl, keyPrefix }: IdempotencyOptions): DynamicModule {
    return {
      module: IdempotencyModule,
      providers: [
        // Fails at once while Redis is away (no offline queue): a keyed write then answers 503 with Retry-After, and
        // its sender keeps it to send again, rather than the write being applied without its key being kept.
        { provide: RedisConnection, useFactory: () => new RedisConnection(redisUrl, 'idempotency', 'requests') },
        {
          provide: IdempotentWrites,
          useFactory: (redis: RedisConnection, privateText?: PrivateText) =>
            new IdempotentWrites(new IdempotencyStore(redis.client, keyPrefix, idempotencyTimes), privateText),
          inject: [RedisConnection, { token: PrivateText, optional: true }],
        },
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
      ],
      exports: [IdempotentWrites],
    };
  }

  onModuleInit(): void {
    const fastify = this.adapterHost?.httpAdapter?.getInstance<FastifyInstance>();
    // Absent when a test builds the module graph without an HTTP server.
    if (fastify?.addHook) this.writes.install(fastify);
    // Not critical: reads and writes without a key carry on while Redis is away (docs/api.md, "Idempotency keys").
    this.health.add(this.redis.healthCheck());
  }

  onApplicationShutdown(): void {
    this.redis.close();
  }
}
