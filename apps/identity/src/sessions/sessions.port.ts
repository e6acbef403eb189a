import type { AssuranceLevel } from '@abide/contracts';
import type { SessionDoc, SessionMethod } from './session.schema';
import type { IssuedSession } from './sessions.service';
import type { BackoffScope } from './sign-in-backoff.service';

/** What other identity features may use of sessions (docs/structure.md, "Ports"): starting and ending them, the password re-check and the back-off. */
export type { BackoffScope, IssuedSession, SessionDoc, SessionMethod };

export abstract class Sessions {
  /** `aal2` when the sign-in proved a second factor (two-factor sign-in's second step). */
  abstract start(userId: string, method: SessionMethod, aal?: AssuranceLevel): Promise<IssuedSession>;
  /** Rotates the presented refresh token; roles are re-read here, so a role change applies at the next refresh. */
  abstract refresh(refreshToken: string | undefined): Promise<IssuedSession>;
  /** Revokes one of the user's sessions (the caller's own: the filter includes the user). */
  abstract revoke(sessionId: string, reason: string, userId?: string): Promise<void>;
  /** Revokes every live session of the user, except `keep` (the caller's, after a password change). */
  abstract revokeAllOf(userId: string, reason: string, keep?: string): Promise<void>;
  abstract findOwned(sessionId: string, userId: string): Promise<SessionDoc | null>;
  abstract changeMethod(sessionId: string, method: SessionMethod): Promise<void>;
  /** The member proved a second factor in this session (turning two-factor sign-in on): its next token says aal2. */
  abstract raiseAssurance(sessionId: string, userId: string): Promise<void>;
}

/** The current password, asked again before a sensitive change. */
export abstract class CurrentPasswordCheck {
  /** The member's e-mail when `password` is theirs; else `refusal` is thrown (429 while the account is locked). */
  abstract confirm(userId: string, password: string, refusal: () => Error): Promise<{ email: string }>;
}

/** The per-account back-off on guesses (passwords, codes) and on password-reset requests. */
export abstract class GuessLimits {
  /** Judges one guess under the account's back-off: `judge` answers what a right guess proves, undefined for a wrong one. */
  abstract judge<T>(subject: string, scope: BackoffScope, judge: () => Promise<T | undefined>): Promise<T | undefined>;
  /** Counts one password-reset request for `email`, registered or not; 429 once too many were asked within the window. */
  abstract takeRecoveryRequest(email: string): Promise<void>;
  abstract reset(subject: string, scope?: BackoffScope): Promise<void>;
}
