import { Inject, Injectable } from '@nestjs/common';
import { ACCESS_TOKEN_ALGORITHM, type AccessTokenClaims } from '@abide/auth';
import { SignJWT } from 'jose';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { SigningKeys } from '../keys/keys.port';

export interface IssuedAccessToken {
  token: string;
  expiresAt: Date;
}

@Injectable()
export class AccessTokenService {
  constructor(
    private readonly keys: SigningKeys,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async issue(claims: AccessTokenClaims): Promise<IssuedAccessToken> {
    const { kid, privateKey } = this.keys.signingKey();
    const expiresAt = new Date(Date.now() + this.config.ACCESS_TOKEN_TTL_SECONDS * 1000);
    const token = await new SignJWT({ email: claims.email, roles: claims.roles, sid: claims.sid, aal: claims.aal })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(this.config.AUTH_ISSUER)
      .setAudience(this.config.AUTH_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(privateKey);
    return { token, expiresAt };
  }
}
