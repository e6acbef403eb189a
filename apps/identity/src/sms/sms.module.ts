import { Module } from '@nestjs/common';
import { portProvider, twilioSenderFor } from '@abide/platform';
import { AccountsModule } from '../accounts/accounts.module';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { PhoneVerificationController } from './phone-verification.controller';
import { IDENTITY_SMS_SENDER, PhoneVerification } from './phone-verification';
import { SmsOptIns } from './sms-opt-ins';
import { SmsPermissions } from './sms-permissions';
import { SmsStops } from './sms-stops';
import { SmsWebhookController } from './sms-webhook.controller';
import { VerifiedNumbers } from './verified-numbers';
import { ProvedNumbers, SmsOptInChecks, SmsPermission } from './sms.port';

/** Text messages in identity (docs/architecture.md, "Text messages"): proving numbers, STOP and START, who may be texted. */
@Module({
  imports: [AccountsModule],
  controllers: [PhoneVerificationController, SmsWebhookController],
  providers: [
    SmsStops,
    VerifiedNumbers,
    SmsPermissions,
    SmsOptIns,
    PhoneVerification,
    {
      provide: IDENTITY_SMS_SENDER,
      useFactory: (config: IdentityConfig) => twilioSenderFor(config),
      inject: [IDENTITY_CONFIG],
    },
    portProvider(SmsOptInChecks, SmsOptIns),
    portProvider(SmsPermission, SmsPermissions),
    portProvider(ProvedNumbers, VerifiedNumbers),
  ],
  exports: [SmsOptInChecks, SmsPermission, ProvedNumbers],
})
export class SmsModule {}
