import { Schema, type Connection, type Model } from 'mongoose';

/** Named for its first user, the outbox relay; every lease lives here (renaming it would strand running relays' terms). */
export const LEASES_COLLECTION = 'relay_leases';

/**
 * One term of a lease: who holds epoch `epoch`, until when. Keyed `<name>:<epoch>` (leaseTermKey)
 * and inserted once by the instance that claims that epoch, so the unique `_id` decides the one holder of each epoch,
 * even on an engine whose updates are not atomic (FerretDB v1). Only that holder ever updates it afterwards (renewal,
 * release). Terms are kept: an epoch is never claimed twice.
 */
export interface LeaseTermDocument {
  _id: string;
  name: string;
  epoch: number;
  owner: string;
  claimedAt: Date;
  /** Compared with the reader's clock; a released term is set in the past. */
  expiresAt: Date;
}

/**
 * The document keyed by the lease's name: a hint of the highest epoch claimed (readers step forward from it to the
 * last term that exists, so a stale hint costs a read, never a wrong answer). Before epochs, it was the lease itself
 * (`owner`, `expiresAt`): a relay of that release still running during a rollout is waited for while its lease lasts,
 * and the first claim of an epoch sets `owner`/`expiresAt` so that such a relay never takes it again.
 */
export interface LeaseHeadDocument {
  _id: string;
  epoch?: number;
  owner?: string;
  expiresAt?: Date;
}

export const leaseTermSchema = new Schema<LeaseTermDocument>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    epoch: { type: Number, required: true },
    owner: { type: String, required: true },
    claimedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: LEASES_COLLECTION, versionKey: false },
);

export const leaseTermKey = (name: string, epoch: number): string => `${name}:${epoch}`;

export const leaseModel = (connection: Connection): Model<LeaseTermDocument> =>
  (connection.models.AbideRelayLeaseTerm as Model<LeaseTermDocument> | undefined) ??
  connection.model<LeaseTermDocument>('AbideRelayLeaseTerm', leaseTermSchema, LEASES_COLLECTION);
