import { Schema, type Connection, type Model } from 'mongoose';

export const OUTBOX_COLLECTION = 'outbox';

/**
 * Work left for an appended event: publishing it (the relay) and applying it to the read models (done in the
 * request, or by the healer after a crash). Written before the event itself, so no crash can leave an event that
 * nobody will publish; an entry whose event never arrived is an orphan the relay removes. Small: entries go once done.
 */
export interface OutboxDocument {
  /** The event's key (keys.ts). */
  _id: string;
  eventId: string;
  streamId: string;
  version: number;
  type: string;
  createdAt: Date;
  projected: boolean;
  published: boolean;
}

export const outboxSchema = new Schema<OutboxDocument>(
  {
    _id: { type: String, required: true },
    eventId: { type: String, required: true },
    streamId: { type: String, required: true },
    version: { type: Number, required: true },
    type: { type: String, required: true },
    createdAt: { type: Date, required: true },
    projected: { type: Boolean, required: true, default: false },
    published: { type: Boolean, required: true, default: false },
  },
  { collection: OUTBOX_COLLECTION, versionKey: false },
);

export const outboxModel = (connection: Connection): Model<OutboxDocument> =>
  (connection.models.AbideOutbox as Model<OutboxDocument> | undefined) ??
  connection.model<OutboxDocument>('AbideOutbox', outboxSchema, OUTBOX_COLLECTION);
