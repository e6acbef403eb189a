import { Schema, type Connection, type Model } from 'mongoose';
import type { EventDocument } from '../event.schema';

/** Appended events with work left: publishing them, updating their read models. */
export const OUTBOX_COLLECTION = 'outbox';
/**
 * The third layout's own list of events whose read models were not updated yet: emptied into the outbox once, at
 * the upgrade to the fourth (EventStore.upgradeLayout).
 */
export const UNPROJECTED_COLLECTION = 'unprojected';

/**
 * The work left for one appended event, one document for both duties: publish it (until `published`), update its
 * read models (while `unprojected`). Written before the event itself, so no crash can leave an event that nobody
 * will publish or project; each duty is cleared by a single-document update (atomic, locally too) and the document
 * deleted by key once neither is left. An entry whose event never arrived is an orphan the relay (or the healer)
 * removes. Small: entries go once done.
 */
export interface OutboxDocument {
  /** The event's key (keys.ts). */
  _id: string;
  eventId: string;
  streamId: string;
  version: number;
  type: string;
  createdAt: Date;
  /** The read models do not have the event yet. */
  unprojected?: boolean;
  /** Kafka has the event (or a store that publishes nothing never will): only the read models' duty may be left. */
  published?: boolean;
  /**
   * The event as the append inserts it, so the relay publishes it from here without reading it back: once the read
   * models' duty is cleared, the event is known to be stored (the request clears it only after its append went
   * through). Absent in a store that publishes nothing and in entries written before it was kept here.
   */
  event?: EventDocument;
}

export const outboxSchema = new Schema<OutboxDocument>(
  {
    _id: { type: String, required: true },
    eventId: { type: String, required: true },
    streamId: { type: String, required: true },
    version: { type: Number, required: true },
    type: { type: String, required: true },
    createdAt: { type: Date, required: true },
    unprojected: { type: Boolean },
    published: { type: Boolean },
    event: { type: Schema.Types.Mixed },
  },
  // minimize: false keeps empty objects inside the event's data exactly as the producer wrote them (as the log does).
  { versionKey: false, minimize: false },
);

const modelFor = (connection: Connection, name: string, collection: string): Model<OutboxDocument> =>
  (connection.models[name] as Model<OutboxDocument> | undefined) ?? connection.model<OutboxDocument>(name, outboxSchema, collection);

/** The work list of a store, and the third layout's second one; a second store in the same database prefixes their names. */
export const outboxModels = (
  connection: Connection,
  prefix = '',
): { outbox: Model<OutboxDocument>; unprojected: Model<OutboxDocument> } => ({
  outbox: modelFor(connection, `${prefix}AbideOutbox`, `${prefix}${OUTBOX_COLLECTION}`),
  unprojected: modelFor(connection, `${prefix}AbideUnprojected`, `${prefix}${UNPROJECTED_COLLECTION}`),
});
