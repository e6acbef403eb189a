import { Inject, Injectable } from '@nestjs/common';
import { bearerToken, TokenVerifier } from '@abide/auth';
import type { FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.schema';

/**
 * The signed-in member a request comes from, for limits counted per member: the bearer token verified against
 * identity's published keys (the verifier keeps each valid token until it expires, so a member's next request costs a
 * map read). Undefined without a valid token: such a request is answered 401 by its service and counts for no one.
 */
@Injectable()
export class MemberOfRequest {
  private readonly verifier: TokenVerifier;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.verifier = new TokenVerifier({ jwksUrl: config.AUTH_JWKS_URL, issuer: config.AUTH_ISSUER, audience: config.AUTH_AUDIENCE });
  }

  async of(request: FastifyRequest): Promise<string | undefined> {
    const token = bearerToken(request.headers.authorization);
    if (!token) return undefined;
    return this.verifier.verify(token).then(
      (user) => user.id,
      () => undefined,
    );
  }
}
