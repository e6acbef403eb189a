import { Schema, type Connection, type Model } from 'mongoose';

/** Events not yet on Kafka (the relay's work). */
export const OUTBOX_COLLECTION = 'outbox';
/** Events whose read models are not updated yet (done in the request, or by the healer after a crash). */
export const UNPROJECTED_COLLECTION = 'unprojected';

/**
 * One piece of work left for an appended event. Each kind of work has its own collection, and an entry is deleted by
 * key when its work is done: FerretDB v1 takes a global lock for every update and scans for `$in` filters, while an
 * insert and a delete by `_id` are cheap. Written before the event itself, so no crash can leave an event that nobody
 * will publish or project; an entry whose event never arrived is an orphan the relay (or the healer) removes.
 * Small: entries go once done.
 */
export interface OutboxDocument {
  /** The event's key (keys.ts). */
  _id: string;
  eventId: string;
  streamId: string;
  version: number;
  type: string;
  createdAt: Date;
}

export const outboxSchema = new Schema<OutboxDocument>(
  {
    _id: { type: String, required: true },
    eventId: { type: String, required: true },
    streamId: { type: String, required: true },
    version: { type: Number, required: true },
    type: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

const modelFor = (connection: Connection, name: string, collection: string): Model<OutboxDocument> =>
  (connection.models[name] as Model<OutboxDocument> | undefined) ?? connection.model<OutboxDocument>(name, outboxSchema, collection);

/** The work lists of a store; a second store in the same database prefixes their names. */
export const outboxModels = (
  connection: Connection,
  prefix = '',
): { outbox: Model<OutboxDocument>; unprojected: Model<OutboxDocument> } => ({
  outbox: modelFor(connection, `${prefix}AbideOutbox`, `${prefix}${OUTBOX_COLLECTION}`),
  unprojected: modelFor(connection, `${prefix}AbideUnprojected`, `${prefix}${UNPROJECTED_COLLECTION}`),
});
