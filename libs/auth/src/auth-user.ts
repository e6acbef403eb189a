import type { Role } from '@abide/contracts';

/** Who is asking, as proven by a verified access token. */
export interface AuthUser {
  id: string;
  email: string;
  roles: Role[];
  sessionId: string;
}

/** The claims identity puts in an access token; `sub` is the user id. */
export interface AccessTokenClaims {
  sub: string;
  email: string;
  roles: Role[];
  sid: string;
}

export const ACCESS_TOKEN_ALGORITHM = 'ES256';
