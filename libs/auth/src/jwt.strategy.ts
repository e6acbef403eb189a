import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { passportJwtSecret } from 'jwks-rsa';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ACCESS_TOKEN_ALGORITHM, type AccessTokenClaims, type AuthUser } from './auth-user';

export const AUTH_OPTIONS = Symbol('AUTH_OPTIONS');

export interface AuthOptions {
  jwksUrl: string;
  issuer: string;
  audience: string;
}

/** Verifies access tokens against the identity service's published keys (JWKS), ES256 only: `alg: none` or HS tricks fail. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(AUTH_OPTIONS) options: AuthOptions) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      issuer: options.issuer,
      audience: options.audience,
      ignoreExpiration: false,
      secretOrKeyProvider: passportJwtSecret({
        jwksUri: options.jwksUrl,
        cache: true,
        cacheMaxAge: 10 * 60 * 1000,
        rateLimit: true,
        jwksRequestsPerMinute: 30,
      }),
    });
  }

  validate(claims: AccessTokenClaims): AuthUser {
    return { id: claims.sub, email: claims.email, roles: claims.roles ?? ['user'], sessionId: claims.sid };
  }
}
