import { Schema, type Connection, type Model } from 'mongoose';

export const INBOX_COLLECTION = 'inbox';

/**
 * One row per (consumer, event) already handled: the consumer-side dedupe of at-least-once delivery. Keyed by
 * `<consumer>|<eventId>` (inboxKey), so the check is a read by `_id` (FerretDB v1 would scan for anything else).
 */
export interface InboxDocument {
  _id: string;
  consumer: string;
  eventId: string;
  type: string;
  streamId: string;
  topic: string;
  processedAt: Date;
}

export const inboxSchema = new Schema<InboxDocument>(
  {
    _id: { type: String, required: true },
    consumer: { type: String, required: true },
    eventId: { type: String, required: true },
    type: { type: String, required: true },
    streamId: { type: String, required: true },
    topic: { type: String, required: true },
    processedAt: { type: Date, required: true },
  },
  { collection: INBOX_COLLECTION, versionKey: false },
);

export const inboxKey = (consumer: string, eventId: string): string => `${consumer}|${eventId}`;

export const inboxModel = (connection: Connection): Model<InboxDocument> =>
  (connection.models.AbideInbox as Model<InboxDocument> | undefined) ??
  connection.model<InboxDocument>('AbideInbox', inboxSchema, INBOX_COLLECTION);
