import type { Connection, Model } from 'mongoose';
import { isDuplicateKeyError } from '@abide/platform';
import { relayLeaseModel, type RelayLeaseDocument } from './relay-lease.schema';

/**
 * A lease with expiry in one document. Acquire and renew are the same atomic findOneAndUpdate, matching
 * only an expired lease or our own; when someone else holds it the upsert collides on _id and we lose.
 * Instances compare their own clocks with the stored expiry, so keep clock skew well under the TTL.
 */
export class RelayLease {
  private readonly leases: Model<RelayLeaseDocument>;

  constructor(
    connection: Connection,
    readonly name: string,
    readonly owner: string,
    readonly ttlMs: number,
  ) {
    this.leases = relayLeaseModel(connection);
  }

  /** Until when this owner last secured the lease, by its own clock. */
  private heldUntil = 0;

  /**
   * Takes or renews the lease; false while another owner's lease is unexpired. A lease held for more than half its
   * term is not renewed yet: nobody can take it before it expires, and every write is an update FerretDB v1 serialises.
   */
  async acquire(now = new Date()): Promise<boolean> {
    if (this.heldUntil - now.getTime() > this.ttlMs / 2) return true;
    this.heldUntil = 0;
    try {
      const lease = await this.leases
        .findOneAndUpdate(
          { _id: this.name, $or: [{ expiresAt: { $lt: now } }, { owner: this.owner }] },
          { $set: { owner: this.owner, expiresAt: new Date(now.getTime() + this.ttlMs) } },
          { upsert: true, new: true },
        )
        .lean<RelayLeaseDocument>();
      if (lease?.owner !== this.owner) return false;
      this.heldUntil = new Date(lease.expiresAt).getTime();
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  /** Lets another instance take over at once instead of waiting for expiry. */
  async release(): Promise<void> {
    this.heldUntil = 0;
    await this.leases.deleteOne({ _id: this.name, owner: this.owner });
  }

  async holder(): Promise<RelayLeaseDocument | null> {
    return this.leases.findById(this.name).lean<RelayLeaseDocument>();
  }
}
