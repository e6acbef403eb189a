/** Outbound channels other features send through (docs/architecture.md, "Feature boundaries"). */
export { Mailer, type MailContent, SMS_OUTBOX_COLLECTION, SMS_SENDER, type SmsSender } from './senders';
