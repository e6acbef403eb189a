/** Outbound channels other features send through (docs/architecture.md, "Feature boundaries"). */
export { Mailer, type MailContent } from './senders';
export { SmsRefused, type SmsMessage, type SmsSender } from '@abide/platform';
export { SMS_SENDER } from './delivery.module';
