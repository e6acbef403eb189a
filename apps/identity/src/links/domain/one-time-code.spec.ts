import { redeemRefusal, type OneTimeCodeState } from './one-time-code';
import { pkceChallengeOf } from './pkce';

describe('redeemRefusal', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const verifier = 'v'.repeat(43);
  const code: OneTimeCodeState = { flow: 'signup', codeChallenge: pkceChallengeOf(verifier), expiresAt: new Date('2026-11-22T11:00:00Z'), used: false };

  it('returns null when the code is fresh, of an accepted flow and the verifier matches', () => {
    expect(redeemRefusal(code, { flows: ['signup', 'recovery'], codeVerifier: verifier, now })).toBeNull();
  });

  it('returns null without a verifier when the endpoint does not ask for one', () => {
    expect(redeemRefusal(code, { flows: ['signup'], now })).toBeNull();
  });

  it('returns unknown when there is no such code', () => {
    expect(redeemRefusal(null, { flows: ['signup'], now })).toBe('unknown');
  });

  it('returns used when the code was redeemed before', () => {
    expect(redeemRefusal({ ...code, used: true }, { flows: ['signup'], codeVerifier: verifier, now })).toBe('used');
  });

  it('returns expired when the expiry has passed, even by a millisecond', () => {
    expect(redeemRefusal({ ...code, expiresAt: new Date(now.getTime() - 1) }, { flows: ['signup'], now })).toBe('expired');
  });

  it('returns wrong-flow when a recovery code is used to confirm', () => {
    expect(redeemRefusal({ ...code, flow: 'recovery' }, { flows: ['signup'], now })).toBe('wrong-flow');
  });

  it('returns wrong-verifier when the verifier does not match the challenge', () => {
    expect(redeemRefusal(code, { flows: ['signup'], codeVerifier: 'w'.repeat(43), now })).toBe('wrong-verifier');
  });
});
