import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { createTransport, type Transporter } from 'nodemailer';

/** An e-mail as the mailer sends it; each feature renders its own (reminders, library notices). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const SMS_OUTBOX_COLLECTION = 'sms_outbox';

/** An SMS provider. `idempotencyKey` lets providers that support it drop a retried duplicate. */
export interface SmsSender {
  send(message: { to: string; text: string; idempotencyKey: string }): Promise<void>;
}
export const SMS_SENDER = Symbol('SMS_SENDER');

/** The dev/test provider (`SMS_PROVIDER=log`): records each message in `sms_outbox` instead of sending it. */
export class LogSmsSender implements SmsSender {
  constructor(private readonly connection: Connection) {}

  async send(message: { to: string; text: string; idempotencyKey: string }): Promise<void> {
    await this.connection
      .collection(SMS_OUTBOX_COLLECTION)
      .updateOne({ _id: message.idempotencyKey as never }, { $setOnInsert: { to: message.to, text: message.text, createdAt: new Date() } }, { upsert: true });
  }
}

/** The SMS provider the configuration names (`SMS_PROVIDER`). */
export const smsSender = (provider: 'log', connection: Connection): SmsSender => {
  switch (provider) {
    case 'log':
      return new LogSmsSender(connection);
  }
};

export interface SmtpSettings {
  host: string;
  port: number;
  from: string;
}
export const SMTP_SETTINGS = Symbol('SMTP_SETTINGS');

/** E-mails over SMTP (the local catcher in dev and tests). Errors propagate so the job retries with back-off. */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly transport: Transporter;

  constructor(@Inject(SMTP_SETTINGS) private readonly settings: SmtpSettings) {
    this.transport = createTransport({ host: settings.host, port: settings.port, secure: settings.port === 465, pool: true });
  }

  async send(to: string, content: MailContent, headers: Record<string, string> = {}): Promise<void> {
    await this.transport.sendMail({ from: this.settings.from, to, subject: content.subject, text: content.text, html: content.html, headers });
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
