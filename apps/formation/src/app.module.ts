import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@abide/auth';
import { topics } from '@abide/contracts';
import { EventSourcingModule } from '@abide/event-store';
import { DatabaseModule, HEALTH_CHECKS, HealthController, LoggingModule, MONGO_CONNECTION, mongoHealthCheck } from '@abide/platform';
import type { Connection } from 'mongoose';
import { AccountExportController } from './account/account-export.controller';
import type { FormationConfig } from './config/env.schema';
import { ProfileCommands } from './profiles/commands/profile-commands';
import { ProfilesConsumer } from './profiles/profiles.consumer';
import { ProfilesController } from './profiles/profiles.controller';
import { ProfileProjection } from './profiles/projections/profile.projection';

@Module({})
export class AppModule {
  static forRoot(config: FormationConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggingModule.forRoot('formation', config.LOG_LEVEL),
        DatabaseModule.forRoot(config.MONGO_URL, config.MONGO_DB),
        AuthModule.forRoot({ jwksUrl: config.AUTH_JWKS_URL, issuer: config.AUTH_ISSUER, audience: config.AUTH_AUDIENCE }),
        EventSourcingModule.forRoot({
          service: 'formation',
          connection: MONGO_CONNECTION,
          kafka: { clientId: config.KAFKA_CLIENT_ID, brokers: config.KAFKA_BROKERS },
          topics: [topics.identityUser, topics.formationProfile],
          projections: [ProfileProjection],
        }),
      ],
      controllers: [HealthController, ProfilesController, ProfilesConsumer, AccountExportController],
      providers: [
        { provide: HEALTH_CHECKS, inject: [MONGO_CONNECTION], useFactory: (c: Connection) => [mongoHealthCheck(c)] },
        ProfileCommands,
      ],
    };
  }
}
