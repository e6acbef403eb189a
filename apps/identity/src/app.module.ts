import { kafkaConnection } from '@abide/messaging';
import { DynamicModule, Module } from '@nestjs/common';
import { EventSourcingModule } from '@abide/event-store';
import { MONGO_CONNECTION, ServiceCoreModule } from '@abide/platform';
import { AccountsController } from './accounts/accounts.controller';
import { RegisterUserHandler } from './accounts/commands/register-user.handler';
import { PasswordHasher } from './accounts/password-hasher';
import { UserEmailsProjection } from './accounts/projections/user-emails.projection';
import { UserProjection } from './accounts/projections/user.projection';
import { UserStream } from './accounts/user-stream';
import { AccountDeletionController } from './account/account-deletion.controller';
import { AccountExportController } from './account/account-export.controller';
import { DeleteAccountHandler } from './account/delete-account.handler';
import { PersonalDataParts } from './account/personal-data-parts';
import { memberImportControllers, memberImportProviders } from './member-imports/member-imports.providers';
import { MemberImportProjection } from './member-imports/projections/member-import.projection';
import { OpsController } from './ops/ops.controller';
import { OpsServices } from './ops/ops-services';
import { Prometheus } from './ops/prometheus';
import { OnboardingController } from './onboarding/onboarding.controller';
import { ImplicitSharingMigration } from './settings/implicit-sharing.migration';
import { SettingsController } from './settings/settings.controller';
import { smsControllers, smsProviders } from './sms/sms.providers';
import { IDENTITY_CONFIG, type IdentityConfig } from './config/env.schema';
import { JwksController } from './keys/jwks.controller';
import { SigningKeysService } from './keys/signing-keys.service';
import { AccessTokenService } from './tokens/access-token.service';
import { authFlowControllers, authFlowProviders } from './sessions/auth-flows';

@Module({})
export class AppModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({ service: 'identity', config }),
        EventSourcingModule.forRoot({
          service: 'identity',
          connection: MONGO_CONNECTION,
          kafka: { clientId: config.KAFKA_CLIENT_ID, ...kafkaConnection(config) },
          projections: [UserProjection, UserEmailsProjection, MemberImportProjection],
        }),
      ],
      controllers: [
        JwksController,
        AccountsController,
        OnboardingController,
        SettingsController,
        ...smsControllers,
        AccountExportController,
        AccountDeletionController,
        OpsController,
        ...authFlowControllers,
        ...memberImportControllers,
      ],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        SigningKeysService,
        AccessTokenService,
        PasswordHasher,
        RegisterUserHandler,
        ...authFlowProviders,
        UserStream,
        DeleteAccountHandler,
        PersonalDataParts,
        OpsServices,
        Prometheus,
        ...memberImportProviders,
        ...smsProviders,
        ImplicitSharingMigration,
      ],
    };
  }
}
