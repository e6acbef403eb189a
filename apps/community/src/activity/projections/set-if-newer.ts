import type { Model } from 'mongoose';

const isDuplicateKey = (error: unknown) => (error as { code?: unknown } | null)?.code === 11000;

/**
 * Sets `values` on the document `id` only when `version` is newer than `<field>Version`, and records it there.
 * Like applyIfNewer from the event store, but per field: one stream (a user, a habit) feeds several fields
 * whose events may arrive in any order. A tombstoned (`deleted`) document never changes again.
 */
export const setIfNewer = async <T>(
  model: Model<T>,
  id: string,
  field: string,
  version: number,
  values: Record<string, unknown>,
): Promise<void> => {
  const versionField = `${field}Version`;
  const tombstone = model.schema.path('deleted') ? { deleted: { $ne: true } } : {};
  try {
    await model.updateOne(
      { _id: id, ...tombstone, $or: [{ [versionField]: { $lt: version } }, { [versionField]: { $exists: false } }] } as never,
      { $set: { ...values, [versionField]: version } } as never,
      { upsert: true },
    );
  } catch (error) {
    // The document is already at this version or newer, so the upsert collided on _id: nothing to do.
    if (!isDuplicateKey(error)) throw error;
  }
};
