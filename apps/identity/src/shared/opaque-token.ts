import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: refresh tokens and the one-time codes of e-mail links. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** Only this digest is stored, so a database leak yields nothing usable. High-entropy input: no salt or KDF needed. */
export const hashOpaqueToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
