import type { AssuranceLevel, Role } from '@abide/contracts';

/** Who is asking, as proven by a verified access token. */
export interface AuthUser {
  id: string;
  email: string;
  roles: Role[];
  sessionId: string;
  /** `aal2` once the session passed two-factor sign-in; moderator and admin routes need it. */
  aal: AssuranceLevel;
}

/** The claims identity puts in an access token; `sub` is the user id. */
export interface AccessTokenClaims {
  sub: string;
  email: string;
  roles: Role[];
  sid: string;
  aal: AssuranceLevel;
}

export const ACCESS_TOKEN_ALGORITHM = 'ES256';
