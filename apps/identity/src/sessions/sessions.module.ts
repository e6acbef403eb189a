import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { TokensModule } from '../tokens/tokens.module';
import { CurrentPassword } from './current-password.service';
import { SessionsService } from './sessions.service';
import { SignInBackoff } from './sign-in-backoff.service';
import { portProvider } from '@abide/platform';
import { CurrentPasswordCheck, GuessLimits, Sessions } from './sessions.port';

/** Sessions and their refresh tokens, the back-off on failed attempts and the current-password check. */
@Module({
  imports: [AccountsModule, TokensModule],
  providers: [
    SessionsService,
    SignInBackoff,
    CurrentPassword,
    portProvider(Sessions, SessionsService),
    portProvider(GuessLimits, SignInBackoff),
    portProvider(CurrentPasswordCheck, CurrentPassword),
  ],
  exports: [Sessions, GuessLimits, CurrentPasswordCheck],
})
export class SessionsModule {}
