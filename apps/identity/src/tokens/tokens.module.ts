import { Module } from '@nestjs/common';
import { KeysModule } from '../keys/keys.module';
import { AccessTokenService } from './access-token.service';

/** Access tokens, signed with the current key. */
@Module({ imports: [KeysModule], providers: [AccessTokenService], exports: [AccessTokenService] })
export class TokensModule {}
