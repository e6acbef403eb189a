import { createDecipheriv } from 'node:crypto';
import { type KeyProvider, type KeyStore, MEMBER_KEYS_COLLECTION, MemberKeys } from '@abide/platform';
import type { OpenSealed } from './read-model-diff';

const TAG_BYTES = 16;

/** The plaintext of sealed text under `key`, its tag unchecked (see below). */
export const plaintextOf = (key: Buffer, value: string): string => {
  const [, , iv, body] = value.split('.');
  const bytes = Buffer.from(body, 'base64url');
  // GCM encrypts with CTR from counter block 2 (block 1 masks the tag) for a 96-bit IV.
  const decipher = createDecipheriv('aes-256-ctr', key, Buffer.concat([Buffer.from(iv, 'base64url'), Buffer.from([0, 0, 0, 2])]));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
};

/**
 * Opens sealed text (`pt1.<key id>.<iv>.<ciphertext+tag>`, libs/platform/src/private-text) for comparison only. The
 * same words sealed twice differ (a fresh IV each time), so a journal list rebuilt from the log never equals the live
 * one as stored; its plaintext must. The record and field a value is bound to are not known here, so the tag is not
 * checked: AES-GCM's ciphertext is AES-CTR from the IV's counter block 2, which needs only the member's data key (found
 * by its key id in the key store). Nothing opened here is trusted, shown or kept: only whether two values are equal.
 * Null when the key is gone (an erased member) or the value is not sealed text after all.
 */
export const sealedValueOpener = async (keyStore: KeyStore, provider: KeyProvider): Promise<OpenSealed> => {
  const keys = new MemberKeys(keyStore.connection, provider);
  // Key id -> member: one scan of the key store (a tool's run, not a request).
  const members = new Map<string, string>();
  for (const doc of await keyStore.connection
    .collection<{ _id: string; keyId?: string }>(MEMBER_KEYS_COLLECTION)
    .find({}, { projection: { keyId: 1 } })
    .toArray()) {
    if (doc.keyId) members.set(doc.keyId, doc._id);
  }
  return async (value) => {
    const keyId = value.split('.')[1];
    const member = members.get(keyId);
    if (!member) return null;
    const key = await keys.forOpening(member);
    return key && key.id === keyId ? plaintextOf(key.key, value) : null;
  };
};
