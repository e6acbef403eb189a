import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@abide/auth';
import { DatabaseModule, HEALTH_CHECKS, HealthController, LoggingModule, MONGO_CONNECTION, mongoHealthCheck } from '@abide/platform';
import type { Connection } from 'mongoose';
import type { CommunityConfig } from './config/env.schema';

/** The community service: groups and membership. Its features arrive with the community issue. */
@Module({})
export class AppModule {
  static forRoot(config: CommunityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggingModule.forRoot('community', config.LOG_LEVEL),
        DatabaseModule.forRoot(config.MONGO_URL, config.MONGO_DB),
        AuthModule.forRoot({ jwksUrl: config.AUTH_JWKS_URL, issuer: config.AUTH_ISSUER, audience: config.AUTH_AUDIENCE }),
      ],
      controllers: [HealthController],
      providers: [{ provide: HEALTH_CHECKS, inject: [MONGO_CONNECTION], useFactory: (c: Connection) => [mongoHealthCheck(c)] }],
    };
  }
}
