import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './auth.guard';
import { AUTH_OPTIONS, type AuthOptions, TokenVerifier } from './token-verifier';

@Module({})
export class AuthModule {
  static forRoot(options: AuthOptions): DynamicModule {
    return {
      module: AuthModule,
      providers: [
        { provide: AUTH_OPTIONS, useValue: options },
        { provide: TokenVerifier, useFactory: (o: AuthOptions) => new TokenVerifier(o), inject: [AUTH_OPTIONS] },
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
      exports: [TokenVerifier],
    };
  }
}
