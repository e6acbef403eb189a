import type { Model, UpdateQuery } from 'mongoose';
import { isDuplicateKeyError } from '../duplicate-key';

/**
 * Idempotent upsert for a read-model document that follows one stream: applies `update` only when
 * `version` is newer than the one recorded in the document (field `version`), and records it.
 * Returns false when the event was already applied (older or equal version).
 */
export const applyIfNewer = async <T>(model: Model<T>, id: string, version: number, update: UpdateQuery<T>): Promise<boolean> => {
  const { $set, ...rest } = update as { $set?: Record<string, unknown> } & Record<string, unknown>;
  try {
    const result = await model.updateOne(
      { _id: id, $or: [{ version: { $lt: version } }, { version: { $exists: false } }] } as never,
      { ...rest, $set: { ...($set ?? {}), version } } as never,
      { upsert: true },
    );
    return result.modifiedCount + result.upsertedCount > 0;
  } catch (error) {
    // The filter missed because the document is already at this version or newer, so the upsert collided on _id.
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
};
