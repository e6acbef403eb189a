import { Module } from '@nestjs/common';
import { Mailer } from './mailer.service';
import { portProvider } from '@abide/platform';
import { MailSender } from './mail.port';

/** Sending identity's e-mails (SMTP). */
@Module({ providers: [Mailer, portProvider(MailSender, Mailer)], exports: [MailSender] })
export class MailModule {}
