import type { SessionMethod } from '../sessions/sessions.port';
import type { UserState } from '../accounts/accounts.port';
import type { SessionOrChallenge } from './sign-in-challenges.service';

/** What other identity features may use of two-factor sign-in (docs/structure.md, "Ports"): the challenge after a first factor, and the secrets' erasure. */
export type { SessionOrChallenge };

export abstract class SignInChallenge {
  /** A session at once when the account has no second factor, else the challenge of the second step. */
  abstract sessionOrChallenge(userId: string, state: UserState, method: SessionMethod): Promise<SessionOrChallenge>;
}

/** The authenticator secret and recovery codes, forgotten with the account. */
export abstract class TwoFactorErasure {
  /** Nothing of the secret or the codes is kept. */
  abstract forget(userId: string): Promise<void>;
}
