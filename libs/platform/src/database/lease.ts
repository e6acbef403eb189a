import type { Collection, Connection, Model } from 'mongoose';
import { isDuplicateKeyError } from './duplicate-key';
import { leaseModel, LEASES_COLLECTION, leaseTermKey, type LeaseHeadDocument, type LeaseTermDocument } from './lease.schema';

/** Who holds the lease now, as `holder()` reads it. */
export interface LeaseTerm {
  epoch: number;
  owner: string;
  expiresAt: Date;
}

/** Written into the head when epochs begin, so that a relay of the release before never finds it expired again. */
const FENCED_OWNER = 'fenced-by-epoch';
const NEVER = new Date('9999-12-31T00:00:00Z');

/**
 * A lease with a fencing token: terms numbered by an epoch that increases on every takeover. The outbox relay holds
 * one per service to publish alone; `runExclusively` holds one for start-up work that must run on one instance at once.
 *
 * - **Claiming** epoch E+1 is inserting the document `<name>:<E+1>`; the unique `_id` lets exactly one instance win
 *   each epoch, on MongoDB and on FerretDB v1 alike (whose updates are not atomic). It is tried only once term E has
 *   expired by the claimer's clock (or was released).
 * - **Renewing** updates the holder's own term document, which nobody else writes. A holder renews only while its own
 *   clock says the term lasts; one that paused past it must claim the next epoch like any other instance.
 * - **Holding** epoch E means: our term has not run out by our clock (less a margin for clock skew) and no term E+1
 *   exists. `stillHeld()` checks both with one read by `_id`; the outbox relay calls it after every publish (its own clock
 *   before), so a relay that paused and was overtaken stops at its next check.
 *
 * Instances compare their own clocks with the stored expiry, so keep clock skew well under `skewMarginMs`.
 */
export class Lease {
  private readonly terms: Model<LeaseTermDocument>;
  private readonly heads: Collection<LeaseHeadDocument>;
  /** The margin for clock skew: a holder stops trusting its term this long before the others may take it. */
  readonly skewMarginMs: number;
  /** The epoch this instance holds and until when (its own clock, taken before the write that secured it). */
  private held?: { epoch: number; until: number };
  /** The last epoch seen, so a standby reads one document per cycle while the holder renews. */
  private knownEpoch?: number;
  /** When another owner's term, as last read, ends (their clock's expiry): until then claiming cannot succeed. */
  private othersUntil?: number;

  constructor(
    connection: Connection,
    readonly name: string,
    readonly owner: string,
    readonly ttlMs: number,
  ) {
    this.terms = leaseModel(connection);
    this.heads = connection.collection<LeaseHeadDocument>(LEASES_COLLECTION);
    this.skewMarginMs = Math.min(1000, Math.floor(ttlMs / 10));
  }

  /**
   * Whether this instance's term lasts by its own clock (less the skew margin), without a round trip. Enough before
   * starting something (nobody claims the next epoch before the term ran out by their clock); after it, before its
   * outcome is recorded, call stillHeld, which also looks for a later epoch in the database.
   */
  holdsByOwnClock(now = Date.now()): boolean {
    return this.held !== undefined && this.held.until - this.skewMarginMs > now;
  }

  /**
   * Whether another instance's term lasted when last read and has not ended by our clock: a claim would fail, so
   * work that only a holder does can be skipped without a round trip. A hint (the holder may have released early);
   * the next acquire reads again.
   */
  othersTermLasts(now = Date.now()): boolean {
    return this.held === undefined && this.othersUntil !== undefined && this.othersUntil > now;
  }

  /** The fencing token this instance holds, if it believes it holds one. */
  get epoch(): number | undefined {
    return this.held?.epoch;
  }

  /**
   * Takes or renews the lease; false while another owner's term lasts. A term held for less than half its length is
   * not renewed yet: nobody can take it before it expires, and a renewal is a write.
   */
  async acquire(now = new Date()): Promise<boolean> {
    const at = now.getTime();
    if (this.held && this.held.until - at > this.ttlMs / 2) return true;
    if (this.held && this.held.until - this.skewMarginMs > at) return this.renew(this.held.epoch, at);
    this.held = undefined;
    return this.claim(at);
  }

  /**
   * Whether this instance still holds its epoch, checked in the database: call right before and after anything done
   * under the lease. False once the term ran out by our clock or someone claimed the next epoch.
   */
  async stillHeld(now = new Date()): Promise<boolean> {
    const held = this.held;
    if (!held || held.until - this.skewMarginMs <= now.getTime()) {
      this.held = undefined;
      return false;
    }
    if (await this.successorExists(held.epoch)) return this.overtaken(held.epoch);
    return true;
  }

  /** Lets another instance take over at once instead of waiting for expiry: our term ends now. */
  async release(): Promise<void> {
    const held = this.held;
    this.held = undefined;
    if (!held) return;
    await this.terms.updateOne({ _id: leaseTermKey(this.name, held.epoch), owner: this.owner }, { $set: { expiresAt: new Date(0) } });
  }

  /** The last term claimed (whether it still lasts or not), read afresh; null before any. */
  async holder(): Promise<LeaseTerm | null> {
    const head = await this.heads.findOne({ _id: this.name });
    let epoch = head?.epoch ?? 0;
    let term: LeaseTermDocument | null = null;
    for (let next = await this.term(epoch + 1); next; next = await this.term(epoch + 1)) {
      term = next;
      epoch++;
    }
    term ??= epoch > 0 ? await this.term(epoch) : null;
    return term && { epoch: term.epoch, owner: term.owner, expiresAt: new Date(term.expiresAt) };
  }

  private async renew(epoch: number, at: number): Promise<boolean> {
    const until = at + this.ttlMs;
    const renewed = await this.terms.updateOne(
      { _id: leaseTermKey(this.name, epoch), owner: this.owner },
      { $set: { expiresAt: new Date(until) } },
    );
    // A write that landed late (we were slow) may follow a claim of the next epoch by someone who saw ours expired.
    if (renewed.matchedCount === 0 || (await this.successorExists(epoch))) return this.overtaken(epoch);
    this.held = { epoch, until };
    return true;
  }

  private async claim(at: number): Promise<boolean> {
    const last = await this.lastTerm(at);
    if (last === 'legacy') return false;
    const { epoch, term } = last;
    // A lasting term is never taken, even one of ours whose claim's answer was lost: it will end, and we claim the next.
    if (term && new Date(term.expiresAt).getTime() >= at) {
      // Our own term lasting past our clock is not another's: othersTermLasts stays false.
      this.othersUntil = term.owner === this.owner ? undefined : new Date(term.expiresAt).getTime();
      return false;
    }
    this.othersUntil = undefined;
    const next = epoch + 1;
    const until = at + this.ttlMs;
    try {
      await this.terms.create({
        _id: leaseTermKey(this.name, next),
        name: this.name,
        epoch: next,
        owner: this.owner,
        claimedAt: new Date(at),
        expiresAt: new Date(until),
      });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      this.knownEpoch = next;
      return false;
    }
    this.held = { epoch: next, until };
    this.knownEpoch = next;
    await this.advanceHead(next);
    return true;
  }

  /**
   * The last term, stepping forward from the epoch last seen (or the head's hint). Only an ended term can have a
   * successor, so while the holder's term lasts this is one read.
   */
  private async lastTerm(at: number): Promise<{ epoch: number; term: LeaseTermDocument | null } | 'legacy'> {
    let epoch = this.knownEpoch;
    if (epoch === undefined) {
      const head = await this.heads.findOne({ _id: this.name });
      // A relay of the release before epochs holds it: wait for its lease to end.
      if (head && head.epoch === undefined && head.owner && head.expiresAt && new Date(head.expiresAt).getTime() >= at) {
        return 'legacy';
      }
      epoch = head?.epoch ?? 0;
    }
    let term = epoch > 0 ? await this.term(epoch) : null;
    while (!term || new Date(term.expiresAt).getTime() < at) {
      const next = await this.term(epoch + 1);
      if (!next) break;
      term = next;
      epoch++;
    }
    this.knownEpoch = epoch;
    return { epoch, term };
  }

  /** Raises the head's hint (a write that may trail another claimer's: readers step forward) and fences old relays. */
  private async advanceHead(epoch: number): Promise<void> {
    try {
      await this.heads.updateOne(
        { _id: this.name },
        { $max: { epoch }, $set: { owner: FENCED_OWNER, expiresAt: NEVER } },
        { upsert: true },
      );
    } catch (error) {
      // Two first claimers upserting at once: the other one's hint will do.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  private overtaken(epoch: number): false {
    this.held = undefined;
    this.knownEpoch = epoch + 1;
    return false;
  }

  private term(epoch: number): Promise<LeaseTermDocument | null> {
    return this.terms.findById(leaseTermKey(this.name, epoch)).lean<LeaseTermDocument>().exec();
  }

  private async successorExists(epoch: number): Promise<boolean> {
    return (
      (await this.terms
        .findById(leaseTermKey(this.name, epoch + 1), { _id: 1 })
        .lean()
        .exec()) !== null
    );
  }
}
