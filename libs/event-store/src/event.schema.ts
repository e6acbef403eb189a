import { Schema, type Connection, type Model } from 'mongoose';

export const EVENTS_COLLECTION = 'events';

export interface EventDocument {
  _id: string;
  type: string;
  schemaVersion: number;
  streamId: string;
  version: number;
  occurredAt: Date;
  subjectId: string | null;
  correlationId: string;
  causationId: string | null;
  data: Record<string, unknown>;
  position: number;
  published: boolean;
  publishedAt: Date | null;
}

export const eventSchema = new Schema<EventDocument>(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    schemaVersion: { type: Number, required: true },
    streamId: { type: String, required: true },
    version: { type: Number, required: true },
    occurredAt: { type: Date, required: true },
    subjectId: { type: String, default: null },
    correlationId: { type: String, required: true },
    causationId: { type: String, default: null },
    data: { type: Schema.Types.Mixed, required: true },
    position: { type: Number, required: true },
    published: { type: Boolean, required: true, default: false },
    publishedAt: { type: Date, default: null },
  },
  // minimize: false keeps empty objects inside `data` exactly as the producer wrote them.
  { collection: EVENTS_COLLECTION, versionKey: false, minimize: false },
);

// The optimistic-concurrency guard: two writers can never both own a version of a stream.
eventSchema.index({ streamId: 1, version: 1 }, { unique: true });
// Rebuilds and catch-up read in position order; unique because positions are allocated in blocks.
eventSchema.index({ position: 1 }, { unique: true });
// The outbox relay scans unpublished events in position order.
eventSchema.index({ published: 1, position: 1 });
// Erasure of a subject's personal data.
eventSchema.index({ subjectId: 1 });

export const eventModel = (connection: Connection): Model<EventDocument> =>
  (connection.models.AbideEvent as Model<EventDocument> | undefined) ??
  connection.model<EventDocument>('AbideEvent', eventSchema, EVENTS_COLLECTION);
