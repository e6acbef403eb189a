import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { TokensModule } from '../tokens/tokens.module';
import { CurrentPassword } from './current-password.service';
import { SessionsService } from './sessions.service';
import { SignInBackoff } from './sign-in-backoff.service';

/** Sessions and their refresh tokens, the back-off on failed attempts and the current-password check. */
@Module({
  imports: [AccountsModule, TokensModule],
  providers: [SessionsService, SignInBackoff, CurrentPassword],
  exports: [SessionsService, SignInBackoff, CurrentPassword],
})
export class SessionsModule {}
