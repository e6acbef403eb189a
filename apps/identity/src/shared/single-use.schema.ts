import { Schema } from 'mongoose';

/**
 * A claim on a one-time value (a link code, a refresh token), keyed by its hash. FerretDB v1 does not make a
 * conditional update atomic across concurrent requests, but its unique `_id` is: the first insert wins, every
 * concurrent one gets a duplicate-key error.
 */
export interface SingleUseClaimDoc {
  _id: string;
  claimedAt: Date;
}

export const singleUseClaimSchema = (collection: string) =>
  new Schema<SingleUseClaimDoc>(
    { _id: { type: String, required: true }, claimedAt: { type: Date, required: true } },
    { collection, versionKey: false },
  );

/** True when this call claimed the value first; false when someone else already had. */
export const claimOnce = async (model: { create(doc: SingleUseClaimDoc): Promise<unknown> }, id: string, now: Date): Promise<boolean> => {
  try {
    await model.create({ _id: id, claimedAt: now });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return false;
    throw error;
  }
};
