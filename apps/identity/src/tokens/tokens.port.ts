import type { AccessTokenClaims } from '@abide/auth';
import type { IssuedAccessToken } from './access-token.service';

/** What other identity features may use of tokens (docs/structure.md, "Ports"): issuing a signed access token. */
export type { IssuedAccessToken };

export abstract class AccessTokens {
  abstract issue(claims: AccessTokenClaims): Promise<IssuedAccessToken>;
}
