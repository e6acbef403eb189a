import { Module } from '@nestjs/common';
import { FORMATION_CONFIG, type FormationConfig } from '../config/env.schema';
import { Mailer, SMTP_SETTINGS } from './senders';
import { portProvider, twilioSenderFor } from '@abide/platform';
import { MailSender, SMS_SENDER } from './delivery.port';

/** E-mail and SMS for every feature that reaches members outside the app: one SMTP pool, one SMS provider. */
@Module({
  providers: [
    {
      provide: SMTP_SETTINGS,
      useFactory: (config: FormationConfig) => ({ host: config.SMTP_HOST, port: config.SMTP_PORT, from: config.SMTP_FROM }),
      inject: [FORMATION_CONFIG],
    },
    {
      provide: SMS_SENDER,
      useFactory: (config: FormationConfig) => twilioSenderFor(config),
      inject: [FORMATION_CONFIG],
    },
    Mailer,
    portProvider(MailSender, Mailer),
  ],
  exports: [MailSender, SMS_SENDER],
})
export class DeliveryModule {}
