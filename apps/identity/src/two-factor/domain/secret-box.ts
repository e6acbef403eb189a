import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The keys two-factor sign-in derives from TWO_FACTOR_SECRET_KEY (HKDF-SHA256, one label each): one encrypts the
 * authenticator secrets at rest, one keys the recovery codes' hashes. Changing the setting makes every stored secret
 * unreadable, so members would have to enrol again (docs/architecture.md "Two-factor sign-in").
 */
export const deriveKey = (setting: string, purpose: 'secret-encryption' | 'recovery-code-hash'): Buffer =>
  Buffer.from(hkdfSync('sha256', setting, 'abide-identity', `two-factor ${purpose} v1`, 32));

const VERSION = 'v1';

/**
 * AES-256-GCM, a fresh 96-bit nonce each time, the account id as associated data: a sealed secret cannot be read
 * without the key, changed without notice, or moved to another account.
 */
export const seal = (key: Buffer, userId: string, plaintext: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
};

/** Throws when the value was sealed under another key or account, or changed. */
export const open = (key: Buffer, userId: string, sealed: string): string => {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed two-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
};
