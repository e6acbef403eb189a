import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SEALED_TEXT_PATTERN } from '@abide/contracts';

/**
 * The sealed-text format (libs/contracts/src/events/sealed-text.ts): `pt1.<key id>.<iv>.<ciphertext and tag>`, each
 * part base64url. AES-256-GCM with a fresh random 96-bit IV per message and a 128-bit tag; the header (format and key
 * id) and the caller's `context` (what the text belongs to: a record and field, or the member of a wrapped key) are
 * authenticated too, so none of them can be swapped without the open failing.
 */
const FORMAT = 'pt1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;
/** A key id is 12 bytes, 16 base64url characters: random for a data key, a fingerprint for a master key. */
export const KEY_ID_BYTES = 12;

/** Not sealed text, tampered with, or sealed under another key or context: never a reason to guess. */
export class SealedTextError extends Error {
  override readonly name = 'SealedTextError';
}

export interface SealedParts {
  keyId: string;
  iv: Buffer;
  /** Ciphertext followed by the tag. */
  body: Buffer;
}

export const isSealedText = (value: string): boolean => SEALED_TEXT_PATTERN.test(value);

export const parseSealedText = (sealed: string): SealedParts => {
  if (!isSealedText(sealed)) throw new SealedTextError('not sealed text (pt1.<key id>.<iv>.<ciphertext>)');
  const [, keyId, iv, body] = sealed.split('.');
  return { keyId, iv: Buffer.from(iv, 'base64url'), body: Buffer.from(body, 'base64url') };
};

const additionalData = (keyId: string, context: string): Buffer => Buffer.from(`${FORMAT}.${keyId}|${context}`, 'utf8');

const assertKey = (key: Buffer): void => {
  if (key.length !== KEY_BYTES) throw new SealedTextError(`an AES-256 key has ${KEY_BYTES} bytes, not ${key.length}`);
};

export const sealWith = (key: Buffer, keyId: string, plaintext: string | Buffer, context = ''): string => {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData(keyId, context));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  const sealed = `${FORMAT}.${keyId}.${iv.toString('base64url')}.${body.toString('base64url')}`;
  if (!isSealedText(sealed)) throw new SealedTextError(`a key id is ${KEY_ID_BYTES} bytes in base64url, not "${keyId}"`);
  return sealed;
};

/** The plaintext, or SealedTextError when the text was altered or the key or context is not the one it was sealed with. */
export const openWith = (key: Buffer, sealed: string | SealedParts, context = ''): Buffer => {
  assertKey(key);
  const parts = typeof sealed === 'string' ? parseSealedText(sealed) : sealed;
  const decipher = createDecipheriv(ALGORITHM, key, parts.iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(additionalData(parts.keyId, context));
  decipher.setAuthTag(parts.body.subarray(parts.body.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(parts.body.subarray(0, parts.body.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SealedTextError(`sealed text under key ${parts.keyId} does not open: altered, or another key or context`);
  }
};

export const newKeyId = (): string => randomBytes(KEY_ID_BYTES).toString('base64url');
export const newDataKey = (): Buffer => randomBytes(KEY_BYTES);
