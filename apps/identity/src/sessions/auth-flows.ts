import type { Provider, Type } from '@nestjs/common';
import { CreateProfileHandler } from '../accounts/commands/create-profile.handler';
import { ConfirmEmailHandler } from '../links/commands/confirm-email.handler';
import { LinksController } from '../links/links.controller';
import { OneTimeCodes } from '../links/one-time-codes.service';
import { Mailer } from '../mail/mailer.service';
import { CredentialsRepository } from '../passwords/credentials.repository';
import { PasswordPolicy } from '../passwords/password-policy.service';
import { PasswordsController } from '../passwords/passwords.controller';
import { PasswordsService } from '../passwords/passwords.service';
import { CurrentPassword } from './current-password.service';
import { SessionsController } from './sessions.controller';
import { SessionsService } from './sessions.service';
import { SignInBackoff } from './sign-in-backoff.service';
import { SignInHandler } from './sign-in.handler';
import { SecondFactor } from '../two-factor/second-factor.service';
import { SignInChallenges } from '../two-factor/sign-in-challenges.service';
import { TwoFactorController } from '../two-factor/two-factor.controller';
import { TwoFactorSecrets } from '../two-factor/two-factor-secrets.repository';
import { TwoFactorService } from '../two-factor/two-factor.service';

/** Sign-in, sessions, e-mail links, passwords and two-factor sign-in: wired into AppModule with one line each. */
export const authFlowControllers: Type[] = [SessionsController, LinksController, PasswordsController, TwoFactorController];

export const authFlowProviders: Provider[] = [
  CredentialsRepository,
  PasswordPolicy,
  Mailer,
  OneTimeCodes,
  ConfirmEmailHandler,
  SessionsService,
  SignInBackoff,
  CurrentPassword,
  SignInHandler,
  PasswordsService,
  CreateProfileHandler,
  TwoFactorSecrets,
  SecondFactor,
  SignInChallenges,
  TwoFactorService,
];
