import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@abide/auth';
import type { Connection } from 'mongoose';
import { DatabaseModule, MONGO_CONNECTION, mongoHealthCheck } from '../database/database.module';
import { HEALTH_CHECKS, type HealthCheck, HealthController } from '../health/health.controller';
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
  };
  /** Readiness probes besides the database's (object store, Redis…). */
  healthChecks?: HealthCheck[];
}

/** What every NestJS app here starts with: structured logs, its own database, token verification, health probes. */
@Module({})
export class ServiceCoreModule {
  static forRoot({ service, config, healthChecks = [] }: ServiceCoreOptions): DynamicModule {
    const database = config.MONGO_URL && config.MONGO_DB ? [DatabaseModule.forRoot(config.MONGO_URL, config.MONGO_DB)] : [];
    return {
      module: ServiceCoreModule,
      imports: [
        LoggingModule.forRoot(service, config.LOG_LEVEL),
        ...database,
        AuthModule.forRoot({ jwksUrl: config.AUTH_JWKS_URL, issuer: config.AUTH_ISSUER, audience: config.AUTH_AUDIENCE }),
      ],
      controllers: [HealthController],
      providers: [
        database.length
          ? { provide: HEALTH_CHECKS, inject: [MONGO_CONNECTION], useFactory: (c: Connection) => [mongoHealthCheck(c), ...healthChecks] }
          : { provide: HEALTH_CHECKS, useValue: healthChecks },
      ],
    };
  }
}
