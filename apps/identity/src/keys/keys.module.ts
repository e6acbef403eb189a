import { Module } from '@nestjs/common';
import { JwksController } from './jwks.controller';
import { SigningKeysService } from './signing-keys.service';
import { portProvider } from '@abide/platform';
import { SigningKeys } from './keys.port';

/** Identity's signing keys and their public set (JWKS), which every service verifies access tokens with. */
@Module({ controllers: [JwksController], providers: [SigningKeysService, portProvider(SigningKeys, SigningKeysService)], exports: [SigningKeys] })
export class KeysModule {}
