import type { Model, UpdateQuery } from 'mongoose';
import { isDuplicateKeyError } from '@abide/platform';
import { KeyedMutex } from '../keyed-mutex';

// One per process: every read model's writes of one document take turns (see KeyedMutex).
const documents = new KeyedMutex();

/**
 * Runs a read-modify-write of one read-model document without overlapping another on the same document in this
 * process. Reads and writes inside should be by `_id` only (FerretDB v1 scans for any other filter).
 */
export const withDocument = <T>(model: Model<never> | Model<unknown>, id: string, work: () => Promise<T>): Promise<T> =>
  documents.run(`${model.collection.collectionName}/${id}`, work);

/**
 * Idempotent upsert for a read-model document that follows one stream: applies `update` only when `version` is
 * newer than the one recorded in the document (field `version`), and records it. Returns false when the event was
 * already applied (older or equal version). Keyed read, then keyed write (a filter on `version` as well would scan
 * the whole collection on FerretDB v1).
 */
export const applyIfNewer = async <T>(model: Model<T>, id: string, version: number, update: UpdateQuery<T>): Promise<boolean> =>
  withDocument(model as unknown as Model<unknown>, id, async () => {
    const current = await model.findById(id, { version: 1 }).lean<{ version?: number }>();
    if (current && (current.version ?? 0) >= version) return false;
    const { $set, ...rest } = update as { $set?: Record<string, unknown> } & Record<string, unknown>;
    const write = () => model.updateOne({ _id: id } as never, { ...rest, $set: { ...($set ?? {}), version } } as never, { upsert: true });
    try {
      await write();
    } catch (error) {
      // Another process created the document between the read and the upsert: it exists now, so update it.
      if (!isDuplicateKeyError(error)) throw error;
      await write();
    }
    return true;
  });
