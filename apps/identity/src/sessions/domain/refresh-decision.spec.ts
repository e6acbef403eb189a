import { decideRefresh, type SessionState } from './refresh-decision';

describe('decideRefresh', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const policy = { now, graceMs: 10_000, inactivityMs: 7 * 86_400_000 };
  const session: SessionState = { revokedAt: null, lastUsedAt: ago(60_000), absoluteExpiresAt: new Date(now.getTime() + 86_400_000) };

  it('returns rotate when the token is current and the session is live', () => {
    expect(decideRefresh({ rotatedAt: null }, session, policy)).toEqual({ kind: 'rotate' });
  });

  it('returns grace when the token was rotated within the grace window', () => {
    expect(decideRefresh({ rotatedAt: ago(10_000) }, session, policy)).toEqual({ kind: 'grace' });
  });

  it('returns reuse when the token was rotated longer ago than the grace window', () => {
    expect(decideRefresh({ rotatedAt: ago(10_001) }, session, policy)).toEqual({ kind: 'reuse' });
  });

  it('returns reuse for any old token when the grace window is zero', () => {
    expect(decideRefresh({ rotatedAt: ago(1) }, session, { ...policy, graceMs: 0 })).toEqual({ kind: 'reuse' });
  });

  it('refuses an unknown token', () => {
    expect(decideRefresh(null, null, policy)).toEqual({ kind: 'refuse', reason: 'unknown' });
  });

  it('refuses when the session was revoked, even within the grace window', () => {
    expect(decideRefresh({ rotatedAt: ago(1_000) }, { ...session, revokedAt: ago(500) }, policy)).toEqual({ kind: 'refuse', reason: 'revoked' });
  });

  it('refuses when the absolute lifetime has passed, however active the session', () => {
    expect(decideRefresh({ rotatedAt: null }, { ...session, lastUsedAt: ago(1), absoluteExpiresAt: now }, policy)).toEqual({
      kind: 'refuse',
      reason: 'expired',
    });
  });

  it('refuses when the session was idle longer than the inactivity timeout', () => {
    expect(decideRefresh({ rotatedAt: null }, { ...session, lastUsedAt: ago(policy.inactivityMs + 1) }, policy)).toEqual({
      kind: 'refuse',
      reason: 'inactive',
    });
  });
});
