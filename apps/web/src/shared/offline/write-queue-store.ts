import type { DBSchema, IDBPDatabase } from 'idb';
import type { QueuedWrite, WriteQueueStore } from './write-queue';

/**
 * The queue in IndexedDB, so writes made offline outlive a closed tab: one store whose auto-increment key is the order
 * the writes were made in, read by member (an index), so one member's queue is never read for another.
 */
interface QueueSchema extends DBSchema {
  writes: { key: number; value: QueuedWrite; indexes: { byMember: string } };
}

const DB_NAME = 'abide-write-queue';

let db: Promise<IDBPDatabase<QueueSchema>> | undefined;
// Loaded on first use, like the read cache's: a visitor's first page never downloads it.
const open = () =>
  (db ??= import('idb').then(({ openDB }) =>
    openDB<QueueSchema>(DB_NAME, 1, {
      upgrade(database) {
        database.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true }).createIndex('byMember', 'memberId');
      },
    }),
  ));

export const indexedDbWriteQueue: WriteQueueStore = {
  async add(write) {
    const { seq: _unset, ...fresh } = write;
    const seq = await (await open()).add('writes', fresh as QueuedWrite);
    return { ...fresh, seq };
  },
  // Keys ascend with the order of writing; the index returns them in key order within a member.
  async list(memberId) {
    return (await open()).getAllFromIndex('writes', 'byMember', memberId);
  },
  async put(write) {
    await (await open()).put('writes', write);
  },
  async remove(seq) {
    await (await open()).delete('writes', seq);
  },
  async clear(memberId) {
    const tx = (await open()).transaction('writes', 'readwrite');
    for (const seq of await tx.store.index('byMember').getAllKeys(memberId)) await tx.store.delete(seq);
    await tx.done;
  },
};
