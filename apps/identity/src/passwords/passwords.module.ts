import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { LinksModule } from '../links/links.module';
import { MailModule } from '../mail/mail.module';
import { SessionsModule } from '../sessions/sessions.module';
import { PasswordsController } from './passwords.controller';
import { PasswordsService } from './passwords.service';

/** Recovering, resetting and changing a password. */
@Module({
  imports: [AccountsModule, LinksModule, MailModule, SessionsModule],
  controllers: [PasswordsController],
  providers: [PasswordsService],
})
export class PasswordsModule {}
