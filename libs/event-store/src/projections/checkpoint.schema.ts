import { Schema, type Connection, type Model } from 'mongoose';

export const PROJECTION_CHECKPOINTS_COLLECTION = 'projection_checkpoints';

/** The highest position a projection has applied; catch-up restarts a margin below it. */
export interface CheckpointDocument {
  _id: string;
  position: number;
  updatedAt: Date;
}

export const checkpointSchema = new Schema<CheckpointDocument>(
  {
    _id: { type: String, required: true },
    position: { type: Number, required: true, default: 0 },
    updatedAt: { type: Date, required: true },
  },
  { collection: PROJECTION_CHECKPOINTS_COLLECTION, versionKey: false },
);

export const checkpointModel = (connection: Connection): Model<CheckpointDocument> =>
  (connection.models.AbideProjectionCheckpoint as Model<CheckpointDocument> | undefined) ??
  connection.model<CheckpointDocument>('AbideProjectionCheckpoint', checkpointSchema, PROJECTION_CHECKPOINTS_COLLECTION);
