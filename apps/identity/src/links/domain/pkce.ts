import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 S256: the challenge is base64url(SHA-256(verifier)). */
export const pkceChallengeOf = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** True when the verifier is the one the challenge was made from (constant-time comparison). */
export const verifyPkce = (verifier: string, challenge: string): boolean => {
  const expected = Buffer.from(pkceChallengeOf(verifier));
  const given = Buffer.from(challenge);
  return expected.length === given.length && timingSafeEqual(expected, given);
};
