export interface RefreshTokenState {
  /** Set once the token has been exchanged for its successor. */
  rotatedAt: Date | null;
}

export interface SessionState {
  revokedAt: Date | null;
  lastUsedAt: Date;
  absoluteExpiresAt: Date;
}

export interface RefreshPolicy {
  now: Date;
  graceMs: number;
  inactivityMs: number;
}

export type RefreshDecision =
  /** The current token of a live session: issue its successor. */
  | { kind: 'rotate' }
  /** A just-rotated token (parallel tabs racing): a new access token, but no new refresh token. */
  | { kind: 'grace' }
  /** A rotated token replayed after the grace window: someone holds a stolen copy, revoke the family. */
  | { kind: 'reuse' }
  | { kind: 'refuse'; reason: 'unknown' | 'revoked' | 'expired' | 'inactive' };

/** What a refresh request gets, from the presented token and its session. Pure; the service does the I/O. */
export const decideRefresh = (token: RefreshTokenState | null, session: SessionState | null, policy: RefreshPolicy): RefreshDecision => {
  if (!token || !session) return { kind: 'refuse', reason: 'unknown' };
  if (session.revokedAt) return { kind: 'refuse', reason: 'revoked' };
  const now = policy.now.getTime();
  if (now >= session.absoluteExpiresAt.getTime()) return { kind: 'refuse', reason: 'expired' };
  if (now - session.lastUsedAt.getTime() > policy.inactivityMs) return { kind: 'refuse', reason: 'inactive' };
  if (!token.rotatedAt) return { kind: 'rotate' };
  return now - token.rotatedAt.getTime() <= policy.graceMs ? { kind: 'grace' } : { kind: 'reuse' };
};
