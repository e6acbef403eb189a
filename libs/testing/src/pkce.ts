import { createHash, randomBytes } from 'node:crypto';

export interface PkcePair {
  codeVerifier: string;
  codeChallenge: string;
}

/** An RFC 7636 S256 pair, as the web app makes one before sign-up or recovery. */
export const newPkcePair = (): PkcePair => {
  const codeVerifier = randomBytes(32).toString('base64url');
  return { codeVerifier, codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url') };
};
