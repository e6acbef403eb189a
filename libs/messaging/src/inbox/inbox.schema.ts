import { Schema, type Connection, type Model } from 'mongoose';

export const INBOX_COLLECTION = 'inbox';

/**
 * Where a consumer's run of an event stands: `claimed` while one replica handles it, `done` once handled,
 * `released` when the handler gave up (dead-lettered, or an engine away) so that the next delivery runs it again.
 * Rows of the release before claims have no state and count as done.
 */
export type InboxState = 'claimed' | 'done' | 'released';

/**
 * One row per attempt of a consumer at an event: the consumer-side dedupe of at-least-once delivery. The first
 * attempt is keyed `<consumer>|<eventId>` (inboxKey), a later one (after a release or an expired claim)
 * `<consumer>|<eventId>|<n>`, so every claim is a unique insert and every check a read by `_id`: atomic, and no scan,
 * on FerretDB v1 too. Only the replica whose insert went through writes the row afterwards.
 */
export interface InboxDocument {
  _id: string;
  consumer: string;
  eventId: string;
  type: string;
  streamId: string;
  topic: string;
  state?: InboxState;
  attempt?: number;
  /** Who holds the claim (random per claim), so only they mark it done or release it. */
  claimedBy?: string;
  claimedAt?: Date;
  /** After this (by the reader's clock) a claim still `claimed` is taken to be a crashed replica's, and retaken. */
  expiresAt?: Date;
  /** When it was handled. */
  processedAt?: Date;
}

export const inboxSchema = new Schema<InboxDocument>(
  {
    _id: { type: String, required: true },
    consumer: { type: String, required: true },
    eventId: { type: String, required: true },
    type: { type: String, required: true },
    streamId: { type: String, required: true },
    topic: { type: String, required: true },
    state: { type: String },
    attempt: { type: Number },
    claimedBy: { type: String },
    claimedAt: { type: Date },
    expiresAt: { type: Date },
    processedAt: { type: Date },
  },
  { collection: INBOX_COLLECTION, versionKey: false },
);

export const inboxKey = (consumer: string, eventId: string, attempt = 0): string =>
  attempt === 0 ? `${consumer}|${eventId}` : `${consumer}|${eventId}|${attempt}`;

export const inboxModel = (connection: Connection): Model<InboxDocument> =>
  (connection.models.AbideInbox as Model<InboxDocument> | undefined) ??
  connection.model<InboxDocument>('AbideInbox', inboxSchema, INBOX_COLLECTION);
