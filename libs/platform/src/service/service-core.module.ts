import { DynamicModule, Inject, Module, type OnModuleInit, Optional } from '@nestjs/common';
import { AuthModule } from '@abide/auth';
import type { Connection } from 'mongoose';
import { DatabaseModule, MONGO_CONNECTION, mongoHealthCheck } from '../database/database.module';
import type { HealthCheck } from '../health/health-check';
import { HealthController } from '../health/health.controller';
import { HealthRegistry } from '../health/health-registry';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { LoggingModule } from '../logging/logging.module';

export interface ServiceCoreOptions {
  service: string;
  config: {
    LOG_LEVEL: string;
    AUTH_JWKS_URL: string;
    AUTH_ISSUER: string;
    AUTH_AUDIENCE: string;
    MONGO_URL?: string;
    MONGO_DB?: string;
    /** Where a service with a database keeps its idempotency keys (docs/api.md, "Idempotency keys"). */
    REDIS_URL?: string;
    REDIS_KEY_PREFIX?: string;
  };
  /** Readiness probes besides the database's (object store…); modules may also add theirs to HealthRegistry. */
  healthChecks?: HealthCheck[];
}

const EXTRA_CHECKS = Symbol('EXTRA_CHECKS');

/**
 * What every NestJS app here starts with: structured logs, its own database, token verification, health probes, and
 * writes applied once per idempotency key.
 */
@Module({})
export class ServiceCoreModule implements OnModuleInit {
  constructor(
    private readonly registry: HealthRegistry,
    @Inject(EXTRA_CHECKS) private readonly extraChecks: HealthCheck[],
    @Optional() @Inject(MONGO_CONNECTION) private readonly connection?: Connection,
  ) {}

  static forRoot({ service, config, healthChecks = [] }: ServiceCoreOptions): DynamicModule {
    // A service with a database applies each write once per Idempotency-Key (docs/api.md, "Idempotency keys").
    if (config.MONGO_URL && !config.REDIS_URL)
      throw new Error(`${service}: a service with a database needs REDIS_URL for its idempotency keys`);
    const database =
      config.MONGO_URL && config.MONGO_DB && config.REDIS_URL
        ? [
            DatabaseModule.forRoot(config.MONGO_URL, config.MONGO_DB),
            IdempotencyModule.forRoot({ redisUrl: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX ?? 'abide' }),
          ]
        : [];
    return {
      module: ServiceCoreModule,
      global: true,
      imports: [
        LoggingModule.forRoot(service, config.LOG_LEVEL),
        ...database,
        AuthModule.forRoot({ jwksUrl: config.AUTH_JWKS_URL, issuer: config.AUTH_ISSUER, audience: config.AUTH_AUDIENCE }),
      ],
      controllers: [HealthController],
      providers: [HealthRegistry, { provide: EXTRA_CHECKS, useValue: healthChecks }],
      exports: [HealthRegistry],
    };
  }

  onModuleInit(): void {
    if (this.connection) this.registry.add(mongoHealthCheck(this.connection));
    this.registry.add(...this.extraChecks);
  }
}
