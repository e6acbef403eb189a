import { Module } from '@nestjs/common';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { FORMATION_CONFIG, type FormationConfig } from '../config/env.schema';
import { Mailer, SMS_SENDER, smsSender, SMTP_SETTINGS } from './senders';

/** E-mail and SMS for every feature that reaches members outside the app: one SMTP pool, one SMS sender. */
@Module({
  providers: [
    {
      provide: SMTP_SETTINGS,
      useFactory: (config: FormationConfig) => ({ host: config.SMTP_HOST, port: config.SMTP_PORT, from: config.SMTP_FROM }),
      inject: [FORMATION_CONFIG],
    },
    {
      provide: SMS_SENDER,
      useFactory: (config: FormationConfig, connection: Connection) => smsSender(config.SMS_PROVIDER, connection),
      inject: [FORMATION_CONFIG, MONGO_CONNECTION],
    },
    Mailer,
  ],
  exports: [Mailer, SMS_SENDER],
})
export class DeliveryModule {}
