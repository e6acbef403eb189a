import type { Connection, Model } from 'mongoose';
import { isDuplicateKeyError } from '../duplicate-key';
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

  /** Takes or renews the lease; false while another owner's lease is unexpired. */
  async acquire(now = new Date()): Promise<boolean> {
    try {
      const lease = await this.leases
        .findOneAndUpdate(
          { _id: this.name, $or: [{ expiresAt: { $lt: now } }, { owner: this.owner }] },
          { $set: { owner: this.owner, expiresAt: new Date(now.getTime() + this.ttlMs) } },
          { upsert: true, new: true },
        )
        .lean<RelayLeaseDocument>();
      return lease?.owner === this.owner;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  /** Lets another instance take over at once instead of waiting for expiry. */
  async release(): Promise<void> {
    await this.leases.deleteOne({ _id: this.name, owner: this.owner });
  }

  async holder(): Promise<RelayLeaseDocument | null> {
    return this.leases.findById(this.name).lean<RelayLeaseDocument>();
  }
}
