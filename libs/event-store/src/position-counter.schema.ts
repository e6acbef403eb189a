import { Schema, type Connection, type Model } from 'mongoose';

export const POSITION_COUNTERS_COLLECTION = 'event_positions';

/** One document per service: the last position handed out. */
export interface PositionCounterDocument {
  _id: string;
  last: number;
}

export const positionCounterSchema = new Schema<PositionCounterDocument>(
  { _id: { type: String, required: true }, last: { type: Number, required: true, default: 0 } },
  { collection: POSITION_COUNTERS_COLLECTION, versionKey: false },
);

export const positionCounterModel = (connection: Connection): Model<PositionCounterDocument> =>
  (connection.models.AbideEventPosition as Model<PositionCounterDocument> | undefined) ??
  connection.model<PositionCounterDocument>('AbideEventPosition', positionCounterSchema, POSITION_COUNTERS_COLLECTION);
