import { Module } from '@nestjs/common';
import { EventSourcingModule } from '@abide/event-store';
import { LinksModule } from '../links/links.module';
import { MailModule } from '../mail/mail.module';
import { AccountQueries } from './account-queries';
import { AccountsController } from './accounts.controller';
import { ConfirmEmailHandler } from './confirm-email.handler';
import { CreateProfileHandler } from './create-profile.handler';
import { RegisterUserHandler } from './register-user.handler';
import { CredentialsRepository } from './credentials.repository';
import { PasswordHasher } from './password-hasher';
import { PasswordPolicy } from './password-policy.service';
import { UserEmailsProjection } from './projections/user-emails.projection';
import { UserProjection } from './projections/user.projection';
import { UserStream } from './user-stream';

const readModels = EventSourcingModule.forFeature([UserProjection, UserEmailsProjection]);

/** Accounts: the user stream (sign-up, profile, settings, roles, two-factor state), its read models and credentials. */
@Module({
  imports: [LinksModule, MailModule, readModels],
  controllers: [AccountsController],
  providers: [UserStream, AccountQueries, CredentialsRepository, PasswordHasher, PasswordPolicy, RegisterUserHandler, CreateProfileHandler, ConfirmEmailHandler],
  exports: [UserStream, AccountQueries, CredentialsRepository, PasswordHasher, PasswordPolicy, ConfirmEmailHandler],
})
export class AccountsModule {}
