import { AsyncLocalStorage } from 'node:async_hooks';
import mongoose from 'mongoose';

/** Driver methods that change a collection (mongoose calls its debug hook with the method's name). */
const WRITES = new Set([
  'insertOne',
  'insertMany',
  'updateOne',
  'updateMany',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'bulkWrite',
  'drop',
]);

/** A collection of one database: `<db>/<collection>`. */
export type CollectionRef = `${string}/${string}`;

const current = new AsyncLocalStorage<Set<CollectionRef>>();

/**
 * Which collections a piece of work writes, seen through mongoose's debug hook (every call a model or
 * `connection.collection()` makes passes it, whatever the database), and told apart from other work running at the
 * same time by its async context. A projection names no collections (the Projection interface has no such field), so
 * what its `reset` and replay write is what it owns.
 */
export const collectionsWrittenBy = async (work: () => Promise<void>): Promise<Set<CollectionRef>> => {
  mongoose.set('debug', function (this: { conn?: { name?: string } }, collection: string, method: string) {
    if (WRITES.has(method)) current.getStore()?.add(`${this.conn?.name ?? '?'}/${collection}`);
  });
  const written = new Set<CollectionRef>();
  await current.run(written, work);
  return written;
};
