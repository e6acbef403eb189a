import { CLEAR_TEXT_PREFIX } from '@abide/contracts';
import { MemberErasedError, type MemberKeys } from './member-keys';
import { isSealedText, openWith, parseSealedText, SealedTextError, sealWith } from './sealed-text-cipher';

/**
 * What a sealed text belongs to, `<record kind>:<record id>:<field>` (e.g. `journal-entry:<id>:words`): it is
 * authenticated with the text, so a ciphertext copied into another record or field does not open there.
 */
export type SealedField = `${string}:${string}:${string}`;

/** How recent the key check of the words a copy repeats must be for the copy to skip its own. */
const SEALED_COPY_WITHIN_MS = 5_000;

/** What an earlier release sealed text with: no field. */
const UNBOUND = '';

export const sealedField = (kind: string, id: string, field: string): SealedField => `${kind}:${id}:${field}`;

/**
 * Members' private words at rest (docs/architecture.md, "Private text at rest"): sealed with the author's data key
 * before they are stored anywhere (events, read models, Kafka), opened only to answer the author or, for prayer
 * requests, the group members the service lets read them; unreadable everywhere once the author's key is destroyed.
 */
export class PrivateText {
  constructor(private readonly keys: MemberKeys) {}

  /** Sealed under the member's data key (made on first use) for `field`; MemberErasedError for an erased member. */
  async seal(memberId: string, text: string, field: SealedField): Promise<string> {
    const key = await this.keys.forSealing(memberId);
    return sealWith(key.key, key.id, text, field);
  }

  /**
   * A copy of words this instance sealed a moment ago (the answer kept for a repeated write, stored just after the
   * reply): under the key it checked then, when that was at most 5 s ago, sparing the key's read; else as `seal`.
   */
  async sealCopy(memberId: string, text: string, field: SealedField): Promise<string> {
    const key = await this.keys.forSealingCopy(memberId, SEALED_COPY_WITHIN_MS);
    return sealWith(key.key, key.id, text, field);
  }

  /**
   * Words an earlier event version kept in the clear, sealed now (a one-time migration); null when the member erased
   * their account meanwhile: that erasure, retried until it completes, overwrites those words in the log.
   */
  async sealUnlessErased(memberId: string, text: string, field: SealedField): Promise<string | null> {
    try {
      return await this.seal(memberId, text, field);
    } catch (error) {
      if (error instanceof MemberErasedError) return null;
      throw error;
    }
  }

  /**
   * The text, or null when no one can read it any more: its author erased their account (their key is destroyed).
   * Text an earlier event version kept in the clear (an upcaster's `clear:` form) is returned as it is. Anything
   * altered, sealed for another record or field, or under a key that is not the member's, throws SealedTextError.
   */
  async open(memberId: string, value: string, field: SealedField): Promise<string | null> {
    if (value.startsWith(CLEAR_TEXT_PREFIX)) return value.slice(CLEAR_TEXT_PREFIX.length);
    const parts = parseSealedText(value);
    const key = await this.keys.forOpening(memberId);
    if (!key) return null;
    if (key.id !== parts.keyId) throw new SealedTextError(`sealed under key ${parts.keyId}, not under the member's key ${key.id}`);
    try {
      return openWith(key.key, parts, field).toString('utf8');
    } catch (error) {
      if (!(error instanceof SealedTextError)) throw error;
      // Sealed by an earlier release, which named no field (the format is the same, frozen in the v2 events' schemas):
      // it opens with no field; text sealed for a field never does, so it cannot be moved to another.
      return openWith(key.key, parts, UNBOUND).toString('utf8');
    }
  }

  /** For storage: sealed text as it is, text kept in the clear sealed now (a read model rebuilt from v1 events). */
  async sealed(memberId: string, value: string, text: string, field: SealedField): Promise<string> {
    return isSealedText(value) ? value : this.seal(memberId, text, field);
  }

  /** Account erasure: the member's key is destroyed, so every copy of their sealed words is unreadable for good. */
  forget(memberId: string): Promise<void> {
    return this.keys.destroy(memberId);
  }
}
