import { Inject, Injectable } from '@nestjs/common';
import { MONGO_CONNECTION } from '@abide/platform';
import { Schema, type Connection, type Model } from 'mongoose';
import { GroupProjection } from '../projections/group.projection';

/** One of a member's ownership slots (`_id` = ownerId#slot); the unique _id is what stops two creates racing past the limit. */
interface OwnershipClaim {
  _id: string;
  ownerId: string;
  groupId: string;
  claimedAt: Date;
}
const claimSchema = new Schema<OwnershipClaim>(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, required: true },
    groupId: { type: String, required: true },
    claimedAt: Date,
  },
  { collection: 'group_ownership_claims', versionKey: false },
);
claimSchema.index({ ownerId: 1 });

/** A claim older than this whose group the projection does not show as owned was left by a failed create. */
const STALE_AFTER_MS = 60_000;

const isDuplicateKey = (error: unknown) => (error as { code?: unknown } | null)?.code === 11000;

/** The free plan's entitlement: at most `limit` groups owned at a time, safe under concurrent requests. */
@Injectable()
export class OwnershipClaims {
  private readonly claims: Model<OwnershipClaim>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly groups: GroupProjection,
  ) {
    this.claims = connection.model<OwnershipClaim>('OwnershipClaim', claimSchema);
  }

  /** Takes a free slot for `groupId`; false when all `limit` slots are held. */
  async claim(ownerId: string, groupId: string, limit: number): Promise<boolean> {
    for (let pass = 0; pass < 2; pass++) {
      for (let slot = 1; slot <= limit; slot++) {
        try {
          await this.claims.create({ _id: `${ownerId}#${slot}`, ownerId, groupId, claimedAt: new Date() });
          return true;
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
      }
      if (!(await this.releaseStale(ownerId))) return false;
    }
    return false;
  }

  async release(ownerId: string, groupId: string): Promise<void> {
    await this.claims.deleteMany({ ownerId, groupId });
  }

  async releaseAll(ownerId: string): Promise<void> {
    await this.claims.deleteMany({ ownerId });
  }

  /** Frees claims whose group never came to be (or is no longer theirs); true when any was freed. */
  private async releaseStale(ownerId: string): Promise<boolean> {
    const held = await this.claims.find({ ownerId }).lean<OwnershipClaim[]>();
    let freed = false;
    for (const claim of held) {
      const group = await this.groups.find(claim.groupId);
      const owned = group && group.ownerId === ownerId && group.memberCount > 0;
      if (!owned && Date.now() - new Date(claim.claimedAt).getTime() > STALE_AFTER_MS) {
        await this.claims.deleteOne({ _id: claim._id, groupId: claim.groupId });
        freed = true;
      }
    }
    return freed;
  }
}
