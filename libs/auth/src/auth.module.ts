import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AccessGuard } from './auth.guard';
import { AUTH_OPTIONS, type AuthOptions, JwtStrategy } from './jwt.strategy';

@Module({})
export class AuthModule {
  static forRoot(options: AuthOptions): DynamicModule {
    return {
      module: AuthModule,
      imports: [PassportModule.register({ session: false })],
      providers: [
        { provide: AUTH_OPTIONS, useValue: options },
        JwtStrategy,
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
    };
  }
}
