import { Module } from '@nestjs/common';
import { JwksController } from './jwks.controller';
import { SigningKeysService } from './signing-keys.service';

/** Identity's signing keys and their public set (JWKS), which every service verifies access tokens with. */
@Module({ controllers: [JwksController], providers: [SigningKeysService], exports: [SigningKeysService] })
export class KeysModule {}
