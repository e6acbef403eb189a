import { type DynamicModule, Logger, Module, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import { APP_INTERCEPTOR, HttpAdapterHost } from '@nestjs/core';
import { IDEMPOTENCY_WINDOW_HOURS } from '@abide/contracts';
import type { FastifyInstance } from 'fastify';
import type { Connection } from 'mongoose';
import { MONGO_CONNECTION } from '../database/database.module';
import { PrivateText } from '../private-text/private-text';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyStore, type IdempotencyTimes } from './idempotency-store';
import { IdempotentWrites } from './idempotent-writes';

/**
 * A claim outlives the longest a request may run (the gateway gives uploads 120 s): a holder that died is taken over
 * after this, never one still working.
 */
export const IDEMPOTENCY_CLAIM_TTL_MS = 150_000;
export const idempotencyTimes: IdempotencyTimes = { claimTtlMs: IDEMPOTENCY_CLAIM_TTL_MS, windowMs: IDEMPOTENCY_WINDOW_HOURS * 3_600_000 };
/** How often each instance deletes the keys whose window ended (a scan on FerretDB v1, so not often). */
const SWEEP_EVERY_MS = 15 * 60_000;

/** Every write route of the service honours `Idempotency-Key` (the interceptor), its answers kept in the service's own database. */
@Module({})
export class IdempotencyModule implements OnModuleInit, OnApplicationShutdown {
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly writes: IdempotentWrites,
    @Optional() private readonly adapterHost?: HttpAdapterHost,
  ) {}

  static forRoot(): DynamicModule {
    return {
      module: IdempotencyModule,
      providers: [
        {
          provide: IdempotentWrites,
          useFactory: (connection: Connection, privateText?: PrivateText) =>
            new IdempotentWrites(new IdempotencyStore(connection, idempotencyTimes), privateText),
          inject: [MONGO_CONNECTION, { token: PrivateText, optional: true }],
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
    const logger = new Logger('Idempotency');
    this.sweeper = setInterval(() => {
      this.writes.store.sweep().catch((error: unknown) => logger.warn(`Sweeping old idempotency keys failed: ${(error as Error).message}`));
    }, SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
  }
}
