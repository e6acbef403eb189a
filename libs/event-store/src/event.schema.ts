import { Schema, type Connection, type Model } from 'mongoose';

export const EVENTS_COLLECTION = 'events';

/**
 * One event. `_id` is `<streamId>|<version>` (keys.ts): inserting it is the append's concurrency guard, and every read
 * is by that key (FerretDB v1 serves only a filter on `_id` from an index).
 */
export interface EventDocument {
  _id: string;
  id: string;
  type: string;
  schemaVersion: number;
  streamId: string;
  version: number;
  occurredAt: Date;
  subjectId: string | null;
  correlationId: string;
  causationId: string | null;
  data: Record<string, unknown>;
}

export const eventSchema = new Schema<EventDocument>(
  {
    _id: { type: String, required: true },
    id: { type: String, required: true },
    type: { type: String, required: true },
    schemaVersion: { type: Number, required: true },
    streamId: { type: String, required: true },
    version: { type: Number, required: true },
    occurredAt: { type: Date, required: true },
    subjectId: { type: String, default: null },
    correlationId: { type: String, required: true },
    causationId: { type: String, default: null },
    data: { type: Schema.Types.Mixed, required: true },
  },
  // minimize: false keeps empty objects inside `data` exactly as the producer wrote them.
  { collection: EVENTS_COLLECTION, versionKey: false, minimize: false },
);

// Erasure of a subject's personal data (rare; on MongoDB this index serves it).
eventSchema.index({ subjectId: 1 });

export const eventModel = (connection: Connection): Model<EventDocument> =>
  (connection.models.AbideEvent as Model<EventDocument> | undefined) ??
  connection.model<EventDocument>('AbideEvent', eventSchema, EVENTS_COLLECTION);
