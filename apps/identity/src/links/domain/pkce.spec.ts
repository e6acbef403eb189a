import { pkceChallengeOf, verifyPkce } from './pkce';

describe('verifyPkce', () => {
  // The example of RFC 7636, appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('returns the RFC 7636 challenge for the RFC 7636 verifier', () => {
    expect(pkceChallengeOf(verifier)).toBe(challenge);
  });

  it('returns true when the verifier matches the challenge', () => {
    expect(verifyPkce(verifier, challenge)).toBe(true);
  });

  it('returns false when the verifier differs by one character', () => {
    expect(verifyPkce(`${verifier.slice(0, -1)}Y`, challenge)).toBe(false);
  });

  it('returns false when the challenge is the verifier itself (plain method refused)', () => {
    expect(verifyPkce(verifier, verifier)).toBe(false);
  });

  it('returns false when the challenge has another length', () => {
    expect(verifyPkce(verifier, challenge.slice(1))).toBe(false);
  });
});
