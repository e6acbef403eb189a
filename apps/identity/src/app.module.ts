import { kafkaConnection, kafkaEventTransport, MessagingModule } from '@abide/messaging';
import { DynamicModule, Module } from '@nestjs/common';
import { EventSourcingModule } from '@abide/event-store';
import { MONGO_CONNECTION, ServiceConfigModule, ServiceCoreModule } from '@abide/platform';
import { AccountsModule } from './accounts/accounts.module';
import { IDENTITY_CONFIG, type IdentityConfig } from './config/env.schema';
import { IdentityMigrations } from './identity.migration';
import { KeysModule } from './keys/keys.module';
import { MemberImportsModule } from './member-imports/member-imports.module';
import { OnboardingModule } from './onboarding/onboarding.module';
import { OpsModule } from './ops/ops.module';
import { PasswordsModule } from './passwords/passwords.module';
import { PersonalDataModule } from './personal-data/personal-data.module';
import { SessionsModule } from './sessions/sessions.module';
import { SettingsModule } from './settings/settings.module';
import { SignInModule } from './sign-in/sign-in.module';
import { SmsModule } from './sms/sms.module';
import { TwoFactorModule } from './two-factor/two-factor.module';

/**
 * Identity: one module per feature, each declaring its own read models (`EventSourcingModule.forFeature`) and
 * reaching other features only through their ports (docs/architecture.md, "Feature boundaries").
 */
@Module({})
export class AppModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({ service: 'identity', config }),
        ServiceConfigModule.forRoot(IDENTITY_CONFIG, config),
        MessagingModule.forRoot({ connection: MONGO_CONNECTION, kafka: { clientId: config.KAFKA_CLIENT_ID, ...kafkaConnection(config) } }),
        EventSourcingModule.forRoot({
          service: 'identity',
          connection: MONGO_CONNECTION,
          transport: kafkaEventTransport,
          redis: { url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX },
        }),
        KeysModule,
        AccountsModule,
        OnboardingModule,
        SettingsModule,
        SmsModule,
        PersonalDataModule,
        OpsModule,
        SignInModule,
        PasswordsModule,
        TwoFactorModule,
        SessionsModule,
        MemberImportsModule,
      ],
      // One list of identity's one-time data steps, run after every feature module is ready.
      providers: [IdentityMigrations],
    };
  }
}
