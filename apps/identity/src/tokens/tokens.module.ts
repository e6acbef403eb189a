import { Module } from '@nestjs/common';
import { KeysModule } from '../keys/keys.module';
import { AccessTokenService } from './access-token.service';
import { portProvider } from '@abide/platform';
import { AccessTokens } from './tokens.port';

/** Access tokens, signed with the current key. */
@Module({ imports: [KeysModule], providers: [AccessTokenService, portProvider(AccessTokens, AccessTokenService)], exports: [AccessTokens] })
export class TokensModule {}
