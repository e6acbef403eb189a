import { createHmac, randomInt } from 'node:crypto';

/**
 * Recovery codes: 10 single-use codes of 10 characters (50 bits each), shown once, written `xxxxx-xxxxx` in Crockford's
 * base32 (no i, l, o or u, so nothing reads as another character). Only a keyed hash of each is kept: a copy of the
 * database without the key cannot be searched for them.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 10;

export const newRecoveryCodes = (count = RECOVERY_CODE_COUNT): string[] =>
  Array.from({ length: count }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });

/** As typed: any case, spaces or dashes anywhere, and the letters Crockford's base32 reads as digits (o → 0, i/l → 1). */
export const normaliseRecoveryCode = (typed: string): string | undefined => {
  const plain = typed
    .toLowerCase()
    .replace(/[\s-]/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
  return plain.length === LENGTH && [...plain].every((c) => ALPHABET.includes(c)) ? plain : undefined;
};

/** HMAC-SHA256 under the service's key, bound to the account, of the normalised code. */
export const hashRecoveryCode = (key: Buffer, userId: string, code: string): string | undefined => {
  const plain = normaliseRecoveryCode(code);
  return plain === undefined ? undefined : createHmac('sha256', key).update(`${userId}:${plain}`).digest('hex');
};
