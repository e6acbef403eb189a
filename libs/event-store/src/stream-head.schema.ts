import { Schema, type Connection, type Model } from 'mongoose';

export const STREAM_HEADS_COLLECTION = 'streams';

/**
 * A stream's last known version and its state at that version, encoded as one string (state-codec.ts), so that
 * loading an aggregate is one keyed read. A cache: written after each append, it may lag (a crash, a slower writer),
 * and loading reads on from it; the events are the truth.
 */
export interface StreamHeadDocument {
  _id: string;
  version: number;
  snapshot: string | null;
  /** Which decider and state shape the snapshot is (decider.ts `snapshotTag`). */
  snapshotOf: string | null;
  subjectId: string | null;
  updatedAt: Date;
}

export const streamHeadSchema = new Schema<StreamHeadDocument>(
  {
    _id: { type: String, required: true },
    version: { type: Number, required: true },
    snapshot: { type: String, default: null },
    snapshotOf: { type: String, default: null },
    subjectId: { type: String, default: null },
    updatedAt: { type: Date, required: true },
  },
  { collection: STREAM_HEADS_COLLECTION, versionKey: false },
);

export const streamHeadModel = (connection: Connection): Model<StreamHeadDocument> =>
  (connection.models.AbideStreamHead as Model<StreamHeadDocument> | undefined) ??
  connection.model<StreamHeadDocument>('AbideStreamHead', streamHeadSchema, STREAM_HEADS_COLLECTION);
