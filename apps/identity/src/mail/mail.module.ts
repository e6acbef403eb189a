import { Module } from '@nestjs/common';
import { Mailer } from './mailer.service';

/** Sending identity's e-mails (SMTP). */
@Module({ providers: [Mailer], exports: [Mailer] })
export class MailModule {}
