import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@abide/auth';
import { topics } from '@abide/contracts';
import { EventSourcingModule } from '@abide/event-store';
import { DatabaseModule, HEALTH_CHECKS, HealthController, LoggingModule, MONGO_CONNECTION, mongoHealthCheck } from '@abide/platform';
import type { Connection } from 'mongoose';
import { AccountsController } from './accounts/accounts.controller';
import { RegisterUserHandler } from './accounts/commands/register-user.handler';
import { PasswordHasher } from './accounts/password-hasher';
import { UserProjection } from './accounts/projections/user.projection';
import { UserStream } from './accounts/user-stream';
import { AccountExportController } from './account/account-export.controller';
import { OnboardingController } from './onboarding/onboarding.controller';
import { SettingsController } from './settings/settings.controller';
import { IDENTITY_CONFIG, type IdentityConfig } from './config/env.schema';
import { JwksController } from './keys/jwks.controller';
import { SigningKeysService } from './keys/signing-keys.service';
import { AccessTokenService } from './tokens/access-token.service';

@Module({})
export class AppModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggingModule.forRoot('identity', config.LOG_LEVEL),
        DatabaseModule.forRoot(config.MONGO_URL, config.MONGO_DB),
        AuthModule.forRoot({ jwksUrl: config.AUTH_JWKS_URL, issuer: config.AUTH_ISSUER, audience: config.AUTH_AUDIENCE }),
        EventSourcingModule.forRoot({
          service: 'identity',
          connection: MONGO_CONNECTION,
          kafka: { clientId: config.KAFKA_CLIENT_ID, brokers: config.KAFKA_BROKERS },
          topics: [topics.identityUser],
          projections: [UserProjection],
        }),
      ],
      controllers: [HealthController, JwksController, AccountsController, OnboardingController, SettingsController, AccountExportController],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: HEALTH_CHECKS, inject: [MONGO_CONNECTION], useFactory: (c: Connection) => [mongoHealthCheck(c)] },
        SigningKeysService,
        AccessTokenService,
        PasswordHasher,
        RegisterUserHandler,
        UserStream,
      ],
    };
  }
}
