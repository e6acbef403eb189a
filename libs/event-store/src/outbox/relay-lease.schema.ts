import { Schema, type Connection, type Model } from 'mongoose';

export const RELAY_LEASES_COLLECTION = 'relay_leases';

/** Who may publish a service's outbox, until when. Expiry is a value compared at acquire time, not a TTL index. */
export interface RelayLeaseDocument {
  _id: string;
  owner: string;
  expiresAt: Date;
}

export const relayLeaseSchema = new Schema<RelayLeaseDocument>(
  {
    _id: { type: String, required: true },
    owner: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: RELAY_LEASES_COLLECTION, versionKey: false },
);

export const relayLeaseModel = (connection: Connection): Model<RelayLeaseDocument> =>
  (connection.models.AbideRelayLease as Model<RelayLeaseDocument> | undefined) ??
  connection.model<RelayLeaseDocument>('AbideRelayLease', relayLeaseSchema, RELAY_LEASES_COLLECTION);
