import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { SessionsModule } from '../sessions/sessions.module';
import { SecondFactor } from './second-factor.service';
import { SignInChallenges } from './sign-in-challenges.service';
import { TwoFactorSecrets } from './two-factor-secrets.store';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorService } from './two-factor.service';
import { portProvider } from '@abide/platform';
import { SignInChallenge, TwoFactorErasure } from './two-factor.port';

/** Two-factor sign-in: enrolment, recovery codes, and the challenge a session waits on. */
@Module({
  imports: [AccountsModule, SessionsModule],
  controllers: [TwoFactorController],
  providers: [
    TwoFactorSecrets,
    SecondFactor,
    SignInChallenges,
    TwoFactorService,
    portProvider(SignInChallenge, SignInChallenges),
    portProvider(TwoFactorErasure, TwoFactorSecrets),
  ],
  exports: [SignInChallenge, TwoFactorErasure],
})
export class TwoFactorModule {}
