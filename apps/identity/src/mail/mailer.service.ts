import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import type { MailContent } from './mail-templates';

/** Sends the account e-mails over SMTP (the local catcher in dev and tests). */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter;

  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {
    this.transport = createTransport({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_PORT === 465,
      pool: true,
    });
  }

  /** Sends and waits: a job's delivery (an invitation) fails, and is retried, when the mail does not go out. */
  async send(to: string, content: MailContent): Promise<void> {
    await this.transport.sendMail({ from: this.config.SMTP_FROM, to, subject: content.subject, text: content.text, html: content.html });
  }

  /**
   * Sends without making the caller wait: the answer of sign-up and recovery must not depend on whether
   * (or how fast) a mail goes out, or the timing would tell which addresses are registered. A failure is logged.
   * (A durable queue would survive a crash between the answer and the send; not needed at this size.)
   */
  sendInBackground(to: string, content: MailContent): void {
    this.transport
      .sendMail({ from: this.config.SMTP_FROM, to, subject: content.subject, text: content.text, html: content.html })
      .catch((error: unknown) => this.logger.error({ err: error, subject: content.subject }, 'mail not sent'));
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
