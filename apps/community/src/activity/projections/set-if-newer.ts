import { withDocument } from '@abide/event-store';
import type { Model } from 'mongoose';

const isDuplicateKey = (error: unknown) => (error as { code?: unknown } | null)?.code === 11000;

/**
 * Sets `values` on the document `id` only when `version` is newer than `<field>Version`, and records it there.
 * Like applyIfNewer from the event store, but per field: one stream (a user) feeds several fields whose events may
 * arrive in any order. A tombstoned (`deleted`) document never changes again. Read and write by key only (FerretDB v1
 * scans the whole collection for any other filter).
 */
export const setIfNewer = async <T>(
  model: Model<T>,
  id: string,
  field: string,
  version: number,
  values: Record<string, unknown>,
): Promise<void> =>
  withDocument(model as unknown as Model<unknown>, id, async () => {
    const versionField = `${field}Version`;
    const isNewer = async () => {
      const current = await model.findById(id).lean<Record<string, unknown>>();
      return !current?.deleted && ((current?.[versionField] as number | undefined) ?? 0) < version;
    };
    const write = () => model.updateOne({ _id: id } as never, { $set: { ...values, [versionField]: version } } as never, { upsert: true });
    if (!(await isNewer())) return;
    try {
      await write();
    } catch (error) {
      // Another process created the document between the read and the upsert: look again, then update it.
      if (!isDuplicateKey(error)) throw error;
      if (await isNewer()) await write();
    }
  });
