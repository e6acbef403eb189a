import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { ACCESS_TOKEN_ALGORITHM, type AccessTokenClaims, type AuthUser } from './auth-user';

export const AUTH_OPTIONS = Symbol('AUTH_OPTIONS');

export interface AuthOptions {
  jwksUrl: string;
  issuer: string;
  audience: string;
}

/** How long a token verified here is taken as verified without checking its signature again (never past its `exp`). */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
const MAX_VERIFIED_TOKENS = 10_000;

interface Verified {
  user: AuthUser;
  until: number;
  /** The token's own expiry (ms). */
  expiresAt: number;
}

export class InvalidTokenError extends Error {}

/**
 * Verifies access tokens against the identity service's published keys (JWKS), ES256 only: `alg: none`, HS256 keyed
 * with the public key, another key under a known id, a changed payload, a wrong issuer or audience, an expired token
 * all fail. Keys are fetched once and kept (jose: 10 min, at most one fetch per 30 s for an unknown key id).
 *
 * A token that passed is remembered, keyed by its exact text, for at most a minute and never past its expiry, so a
 * member's next requests with the same token skip the signature check (the costliest step of a request). Nothing is
 * taken on trust from another service: each service verifies what it is sent.
 * Built by AuthModule (`keys` and `now` are for tests).
 */
export class TokenVerifier {
  private readonly keys: JWTVerifyGetKey;
  private readonly verified = new Map<string, Verified>();

  constructor(
    private readonly options: AuthOptions,
    keys?: JWTVerifyGetKey,
    private readonly now: () => number = Date.now,
  ) {
    this.keys =
      keys ?? createRemoteJWKSet(new URL(options.jwksUrl), { cacheMaxAge: 10 * 60_000, cooldownDuration: 30_000, timeoutDuration: 5_000 });
  }

  /** The caller behind a bearer token; throws InvalidTokenError for anything but a valid, unexpired access token. */
  async verify(token: string): Promise<AuthUser> {
    return (await this.verifyWithExpiry(token)).user;
  }

  /** The caller and when the token expires (ms): what a connection that outlives a request must end by. */
  async verifyWithExpiry(token: string): Promise<{ user: AuthUser; expiresAt: number }> {
    const now = this.now();
    const known = this.verified.get(token);
    if (known) {
      if (now < known.until) return known;
      this.verified.delete(token);
    }
    let claims: Partial<AccessTokenClaims> & { exp?: number };
    try {
      ({ payload: claims } = await jwtVerify<AccessTokenClaims>(token, this.keys, {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: this.options.issuer,
        audience: this.options.audience,
        currentDate: new Date(now),
      }));
    } catch (error) {
      throw new InvalidTokenError(error instanceof Error ? error.message : String(error));
    }
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') throw new InvalidTokenError('token without sub or exp');
    const user: AuthUser = {
      id: claims.sub,
      email: claims.email as string,
      roles: claims.roles ?? ['user'],
      sessionId: claims.sid as string,
      // Tokens from before two-factor sign-in carry no level: they were proven by a password alone.
      aal: claims.aal === 'aal2' ? 'aal2' : 'aal1',
    };
    const verified = { user, until: Math.min(claims.exp * 1000, now + VERIFIED_TOKEN_TTL_MS), expiresAt: claims.exp * 1000 };
    this.remember(token, verified);
    return verified;
  }

  private remember(token: string, entry: Verified): void {
    // Oldest first out: a Map iterates in insertion order.
    if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, entry);
  }
}
