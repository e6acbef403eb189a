/** Outbound channels other features send through (docs/architecture.md, "Feature boundaries"). */
export { Mailer, type MailContent } from './senders';
export { SMS_SENDER, SmsRefused, type SmsMessage, type SmsSender } from './sms-sender';
