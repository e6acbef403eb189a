import type { Provider, Type } from '@nestjs/common';
import { twilioSenderFor } from '@abide/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { PhoneVerificationController } from '../settings/phone-verification.controller';
import { IDENTITY_SMS_SENDER, PhoneVerification } from './phone-verification';
import { SmsOptIns } from './sms-opt-ins';
import { SmsPermissions } from './sms-permissions';
import { SmsStops } from './sms-stops';
import { SmsWebhookController } from './sms-webhook.controller';
import { UnprovedOptInsMigration } from './unproved-opt-ins.migration';
import { VerifiedNumbers } from './verified-numbers';

/** Text messages in identity (docs/architecture.md, "Text messages"): proving numbers, STOP and START, who may be texted. */
export const smsControllers: Type[] = [PhoneVerificationController, SmsWebhookController];

export const smsProviders: Provider[] = [
  SmsStops,
  VerifiedNumbers,
  SmsPermissions,
  SmsOptIns,
  PhoneVerification,
  UnprovedOptInsMigration,
  {
    provide: IDENTITY_SMS_SENDER,
    useFactory: (config: IdentityConfig) => twilioSenderFor(config),
    inject: [IDENTITY_CONFIG],
  },
];
