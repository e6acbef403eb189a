import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { LinksModule } from '../links/links.module';
import { SessionsModule } from '../sessions/sessions.module';
import { TwoFactorModule } from '../two-factor/two-factor.module';
import { LinksController } from './links.controller';
import { SessionsController } from './sessions.controller';
import { SignInHandler } from './sign-in.commands';

/**
 * Signing in, by password or by an e-mail link: the flows that compose accounts, sessions, links and two-factor (each
 * of which knows nothing of the others' routes), plus refresh and sign-out.
 */
@Module({
  imports: [AccountsModule, LinksModule, SessionsModule, TwoFactorModule],
  controllers: [SessionsController, LinksController],
  providers: [SignInHandler],
})
export class SignInModule {}
