import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';

/** An e-mail as the mailer sends it; each feature renders its own (reminders, library notices). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

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
    await this.transport.sendMail({
      from: this.settings.from,
      to,
      subject: content.subject,
      text: content.text,
      html: content.html,
      headers,
    });
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
