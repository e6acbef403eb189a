import { Module } from '@nestjs/common';
import { EventSourcingModule } from '@abide/event-store';
import { LinksModule } from '../links/links.module';
import { MailModule } from '../mail/mail.module';
import { AccountQueries } from './account.queries';
import { AccountsController } from './accounts.controller';
import { ConfirmEmailHandler } from './confirm-email.commands';
import { CreateProfileHandler } from './create-profile.commands';
import { RegisterUserHandler } from './register-user.commands';
import { CredentialsRepository } from './credentials.store';
import { PasswordHasher } from './password-hasher';
import { PasswordPolicy } from './password-policy.service';
import { UserEmailsProjection } from './projections/user-emails.projection';
import { UserProjection } from './projections/user.projection';
import { UserStream } from './user-stream.commands';
import { portProvider } from '@abide/platform';
import { Accounts, EmailConfirmation, PasswordCredentials, PasswordHashing, PasswordStrength, UserCommands } from './accounts.port';

const readModels = EventSourcingModule.forFeature([UserProjection, UserEmailsProjection]);

/** Accounts: the user stream (sign-up, profile, settings, roles, two-factor state), its read models and credentials. */
@Module({
  imports: [LinksModule, MailModule, readModels],
  controllers: [AccountsController],
  providers: [
    UserStream,
    AccountQueries,
    CredentialsRepository,
    PasswordHasher,
    PasswordPolicy,
    RegisterUserHandler,
    CreateProfileHandler,
    ConfirmEmailHandler,
    portProvider(Accounts, AccountQueries),
    portProvider(UserCommands, UserStream),
    portProvider(EmailConfirmation, ConfirmEmailHandler),
    portProvider(PasswordCredentials, CredentialsRepository),
    portProvider(PasswordHashing, PasswordHasher),
    portProvider(PasswordStrength, PasswordPolicy),
  ],
  exports: [Accounts, UserCommands, EmailConfirmation, PasswordCredentials, PasswordHashing, PasswordStrength],
})
export class AccountsModule {}
