import { Schema, type Connection, type Model } from 'mongoose';

export const INBOX_COLLECTION = 'inbox';

/** One row per (consumer, event) already handled: the consumer-side dedupe of at-least-once delivery. */
export interface InboxDocument {
  consumer: string;
  eventId: string;
  type: string;
  streamId: string;
  topic: string;
  processedAt: Date;
}

export const inboxSchema = new Schema<InboxDocument>(
  {
    consumer: { type: String, required: true },
    eventId: { type: String, required: true },
    type: { type: String, required: true },
    streamId: { type: String, required: true },
    topic: { type: String, required: true },
    processedAt: { type: Date, required: true },
  },
  { collection: INBOX_COLLECTION, versionKey: false },
);

// The dedupe key; also serves the "already handled?" lookup.
inboxSchema.index({ consumer: 1, eventId: 1 }, { unique: true });

export const inboxModel = (connection: Connection): Model<InboxDocument> =>
  (connection.models.AbideInbox as Model<InboxDocument> | undefined) ??
  connection.model<InboxDocument>('AbideInbox', inboxSchema, INBOX_COLLECTION);
