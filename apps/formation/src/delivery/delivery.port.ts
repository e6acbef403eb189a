import type { MailContent } from './senders';

/** Outbound channels other features send through (docs/structure.md, "Ports"). */
export type { MailContent };
export type { SmsMessage, SmsSender } from '@abide/platform';

/** The token of the SMS provider (an SmsSender). */
export const SMS_SENDER = Symbol('SMS_SENDER');

/** E-mail to a member; an error propagates, so the job sending it retries. */
export abstract class MailSender {
  abstract send(to: string, content: MailContent, headers?: Record<string, string>): Promise<void>;
}
