import { randomUUID } from 'node:crypto';
import type { Collection, Connection } from 'mongoose';
import { isDuplicateKeyError } from '../database/duplicate-key';

export const IDEMPOTENCY_COLLECTION = 'idempotency_keys';

/** The first answer given under a key, as it is repeated: status, the headers that matter, the body as sent. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body is sealed under the member's data key (services that keep private text), not stored as sent. */
  sealed: boolean;
}

/**
 * One key of one member on one route of this service. `_id` is `<member>|<METHOD route>|<key>`: the unique `_id` is
 * what makes the first claim the only one, on MongoDB and FerretDB v1 alike (an insert under a unique index is atomic
 * on both). `token` names the claim that may store the answer; a takeover after the claim expired changes it.
 */
export interface IdempotencyRecord {
  _id: string;
  memberId: string;
  /** A hash of the request (method, path, query, body): a repeat must match it. */
  fingerprint: string;
  token: string;
  state: 'running' | 'answered';
  claimedAt: Date;
  /** Until when the claimer is trusted to be handling it; after that, a repeat takes the claim over. */
  claimExpiresAt: Date;
  /** The end of the key's window: after it the record means nothing and the sweep deletes it. */
  expiresAt: Date;
  answer?: StoredAnswer;
}

export type ClaimOutcome =
  /** This request is the one to handle; store its answer under `token`. */
  | { kind: 'claimed'; token: string }
  /** Handled before: repeat this answer. */
  | { kind: 'answered'; answer: StoredAnswer }
  /** The key was first used for another request. */
  | { kind: 'mismatch' }
  /** Another request with this key is being handled now. */
  | { kind: 'running' };

export interface IdempotencyTimes {
  /** How long a claim is trusted before a repeat may take it over (a crashed instance never answers). */
  claimTtlMs: number;
  /** How long a key's first answer is kept and repeated. */
  windowMs: number;
}

export const idempotencyKeyId = (memberId: string, route: string, key: string): string => `${memberId}|${route}|${key}`;

/**
 * The idempotency keys of one service, in its own database. A request with a key costs one insert when the key is
 * new (the claim is the check), and one update by `_id` once it is answered; a repeat costs the failed insert and one
 * read by `_id`. Every write here is to one document by `_id`.
 */
export class IdempotencyStore {
  private readonly records: Collection<IdempotencyRecord>;

  constructor(
    connection: Connection,
    readonly times: IdempotencyTimes,
    private readonly now: () => number = Date.now,
  ) {
    this.records = connection.collection<IdempotencyRecord>(IDEMPOTENCY_COLLECTION);
  }

  /** Claims the key for this request, or says what became of the request that claimed it first. */
  async claim(id: string, memberId: string, fingerprint: string): Promise<ClaimOutcome> {
    const fresh = this.freshClaim(memberId, fingerprint);
    try {
      await this.records.insertOne({ _id: id, ...fresh });
      return { kind: 'claimed', token: fresh.token };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    return this.settle(id, memberId, fingerprint);
  }

  /**
   * What the key holds now, for a request that found it taken: the stored answer, a mismatch, a live claim — or the
   * claim itself when the holder's claim or the whole window ran out (taken over by compare-and-set on its token).
   */
  async settle(id: string, memberId: string, fingerprint: string): Promise<ClaimOutcome> {
    // Each turn either decides or saw the record change under it (swept, or taken over by another repeat).
    for (let turn = 0; turn < 5; turn++) {
      const record = await this.records.findOne({ _id: id });
      const fresh = this.freshClaim(memberId, fingerprint);
      if (!record) {
        try {
          await this.records.insertOne({ _id: id, ...fresh });
          return { kind: 'claimed', token: fresh.token };
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
          continue;
        }
      }
      const at = this.now();
      const windowOver = record.expiresAt.getTime() <= at;
      if (!windowOver && record.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (!windowOver && record.state === 'answered' && record.answer) return { kind: 'answered', answer: record.answer };
      if (!windowOver && record.claimExpiresAt.getTime() > at) return { kind: 'running' };
      if (await this.takeOver(record, fresh)) return { kind: 'claimed', token: fresh.token };
    }
    return { kind: 'running' };
  }

  /** Stores the answer of the claim `token`; false when that claim was taken over meanwhile (its answer is dropped). */
  async answer(id: string, token: string, answer: StoredAnswer): Promise<boolean> {
    const result = await this.records.updateOne({ _id: id, token }, { $set: { state: 'answered', answer } });
    return result.matchedCount === 1;
  }

  /** Gives the key up (the request failed in a way worth trying again): the next request with it is handled afresh. */
  async release(id: string, token: string): Promise<void> {
    await this.records.deleteOne({ _id: id, token, state: 'running' });
  }

  /** Deletes the keys whose window ended; run now and then (FerretDB v1 has no TTL index). Returns how many. */
  async sweep(): Promise<number> {
    const result = await this.records.deleteMany({ expiresAt: { $lt: new Date(this.now()) } });
    return result.deletedCount;
  }

  private freshClaim(memberId: string, fingerprint: string): Omit<IdempotencyRecord, '_id'> {
    const at = this.now();
    return {
      memberId,
      fingerprint,
      token: randomUUID(),
      state: 'running',
      claimedAt: new Date(at),
      claimExpiresAt: new Date(at + this.times.claimTtlMs),
      expiresAt: new Date(at + this.times.windowMs),
    };
  }

  /**
   * Replaces an expired claim (or a record whose window ended) with ours, on the condition that its token is still the
   * one we read: of two repeats that both saw it expired, one update matches. Relies on single-document updates being
   * atomic (MongoDB; the local FerretDB is patched for it, tools/infra/README.md).
   */
  private async takeOver(record: IdempotencyRecord, fresh: Omit<IdempotencyRecord, '_id'>): Promise<boolean> {
    const result = await this.records.updateOne({ _id: record._id, token: record.token }, { $set: fresh, $unset: { answer: '' } });
    return result.matchedCount === 1;
  }
}
