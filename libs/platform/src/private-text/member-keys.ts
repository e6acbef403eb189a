import { Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { Collection, Connection } from 'mongoose';
import { errorCodes } from '@abide/contracts';
import { isDuplicateKeyError } from '../database/duplicate-key';
import { DomainError } from '../errors/domain-error';
import type { KeyProvider } from './key-provider';
import { newDataKey, newKeyId } from './sealed-text-cipher';

/**
 * One member's data key, by member id: wrapped by a master key (and the version of it that did), or a tombstone once
 * destroyed (never made again).
 */
export interface MemberKeyDocument {
  _id: string;
  keyId?: string;
  wrapped?: string;
  masterKeyVersion?: number;
  createdAt?: Date;
  rewrappedAt?: Date;
  destroyedAt?: Date;
}

export const MEMBER_KEYS_COLLECTION = 'member_keys';

export interface DataKey {
  id: string;
  key: Buffer;
}

export interface MemberKeyCacheOptions {
  /** Unwrapped keys kept in memory at most (the least recently used go first). */
  max: number;
  /**
   * How long an unwrapped key is kept: also how long another instance may still open a member's text after the
   * member's key was destroyed here (its read models are purged at once, so nothing asks it to).
   */
  ttlMs: number;
}

export const DEFAULT_MEMBER_KEY_CACHE: MemberKeyCacheOptions = { max: 10_000, ttlMs: 5 * 60_000 };

/**
 * The member erased their account, so nothing more is sealed for them: a 401 to an access token issued before (it
 * stays valid for minutes and still reaches the service).
 */
export class MemberErasedError extends DomainError {
  override readonly name = 'MemberErasedError';
  constructor(readonly memberId: string) {
    super(errorCodes.unauthorized, 401, 'Unauthorized', 'This account has been deleted.');
  }
}

/**
 * The service's members' data keys (`member_keys` in the key store, a database apart from the data it protects; one
 * document per member, read and written by `_id` only), each wrapped by the key provider's newest master key and
 * unwrapped on first use into a bounded in-memory cache. Destroying a member's key leaves a tombstone, so a late write
 * cannot make a new key for an erased member.
 */
export class MemberKeys {
  private readonly collection: Collection<MemberKeyDocument>;
  private readonly cache: LRUCache<string, DataKey>;
  /** When each cached key was last found alive in the key store by forSealing (ms since the epoch). */
  private readonly checkedAt: LRUCache<string, number>;
  private readonly logger = new Logger(MemberKeys.name);

  /** `connection`: the key store's database (key-store.ts), never the service's own. */
  constructor(
    connection: Connection,
    private readonly provider: KeyProvider,
    cache: MemberKeyCacheOptions = DEFAULT_MEMBER_KEY_CACHE,
  ) {
    this.collection = connection.collection<MemberKeyDocument>(MEMBER_KEYS_COLLECTION);
    this.cache = new LRUCache<string, DataKey>({ max: cache.max, ttl: cache.ttlMs });
    this.checkedAt = new LRUCache<string, number>({ max: cache.max });
  }

  /**
   * The member's key to seal with, made on first use; MemberErasedError once it was destroyed. The key store is read
   * every time (by `_id`): another instance may have destroyed the key since this one cached it, and nothing may be
   * sealed, and so stored, for a member after their erasure.
   */
  async forSealing(memberId: string): Promise<DataKey> {
    const checkedAt = Date.now();
    const existing = await this.read(memberId);
    if (existing?.destroyedAt) {
      this.cache.delete(memberId);
      this.checkedAt.delete(memberId);
      throw new MemberErasedError(memberId);
    }
    if (existing) {
      const key = await this.unwrap(existing);
      this.checkedAt.set(memberId, checkedAt);
      return key;
    }
    const made = { id: newKeyId(), key: newDataKey() };
    const doc: MemberKeyDocument = {
      _id: memberId,
      keyId: made.id,
      ...(await this.provider.wrap(made.key, memberId)),
      createdAt: new Date(),
    };
    try {
      await this.collection.insertOne(doc);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // Another request or instance made it first (or destroyed it meanwhile): theirs stands.
      const theirs = await this.read(memberId);
      if (!theirs || theirs.destroyedAt) throw new MemberErasedError(memberId);
      return this.unwrap(theirs);
    }
    this.cache.set(memberId, made);
    this.checkedAt.set(memberId, checkedAt);
    return made;
  }

  /**
   * The key forSealing found alive at most `withinMs` ago in this instance, without reading it again; else as
   * forSealing. For a copy of words just sealed (an answer kept for a repeated request): an erasure in between leaves
   * the copy under a destroyed key, as unreadable as the words.
   */
  async forSealingCopy(memberId: string, withinMs: number): Promise<DataKey> {
    const cached = this.cache.get(memberId);
    const checkedAt = this.checkedAt.get(memberId);
    if (cached && checkedAt !== undefined && Date.now() - checkedAt <= withinMs) return cached;
    return this.forSealing(memberId);
  }

  /** The key the member's text was sealed with, or null when there is none: destroyed (erased), or never made. */
  async forOpening(memberId: string): Promise<DataKey | null> {
    const cached = this.cache.get(memberId);
    if (cached) return cached;
    const doc = await this.read(memberId);
    if (doc?.destroyedAt) return null;
    if (!doc) {
      // Sealed text without its key: the key store was lost or restored from an older backup than the text.
      this.logger.warn({ memberId }, 'no data key for a member whose sealed text was asked for');
      return null;
    }
    return this.unwrap(doc);
  }

  private read(memberId: string): Promise<MemberKeyDocument | null> {
    return this.collection.findOne({ _id: memberId });
  }

  private async unwrap(doc: MemberKeyDocument): Promise<DataKey> {
    if (!doc.keyId || !doc.wrapped) throw new Error(`the data key of member ${doc._id} is incomplete`);
    const cached = this.cache.get(doc._id);
    if (cached?.id === doc.keyId) return cached;
    const key = { id: doc.keyId, key: await this.provider.unwrap(doc.wrapped, doc._id) };
    this.cache.set(doc._id, key);
    return key;
  }

  /** Crypto-shredding: the member's key is gone for good, and with it every copy of what was sealed with it. Idempotent. */
  async destroy(memberId: string): Promise<void> {
    this.cache.delete(memberId);
    await this.collection.replaceOne({ _id: memberId }, { destroyedAt: new Date() }, { upsert: true });
  }
}
