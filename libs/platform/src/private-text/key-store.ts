import { Logger } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { connectWithRetry } from '../database/database.module';
import { isDuplicateKeyError } from '../database/duplicate-key';
import { runOnceExclusively } from '../database/run-exclusively';
import { MEMBER_KEYS_COLLECTION, type MemberKeyDocument } from './member-keys';

/** Where the service's data keys live (privateTextEnv): a database of their own, on the same server unless told otherwise. */
export interface KeyStoreConfig {
  MONGO_URL: string;
  /** Another server (or cluster) for the key store, so no backup of the service's data ever holds its keys. */
  KEY_STORE_MONGO_URL?: string;
  /** The key store's database; `<MONGO_DB>_keys` when unset. */
  KEY_STORE_DB?: string;
}

export const keyStoreDatabaseName = (serviceDb: string): string => `${serviceDb}_keys`;

/** The key store's connection, and whether it is its own (closed at shutdown) or a view of the service's client. */
export interface KeyStore {
  connection: Connection;
  own: boolean;
}

/**
 * The key store is kept apart from the data it protects (docs/architecture.md, "Private text at rest"): a backup of
 * the service's databases then holds ciphertext without the keys, and an operator backs the key store up (or not) on
 * its own terms.
 */
export const openKeyStore = async (service: Connection, config: KeyStoreConfig): Promise<KeyStore> => {
  const dbName = config.KEY_STORE_DB ?? keyStoreDatabaseName(service.name);
  if (config.KEY_STORE_MONGO_URL && config.KEY_STORE_MONGO_URL !== config.MONGO_URL) {
    return { connection: await connectWithRetry(config.KEY_STORE_MONGO_URL, dbName, new Logger('KeyStore')), own: true };
  }
  return { connection: service.useDb(dbName, { useCache: true }), own: false };
};

/**
 * Moves the data keys an earlier release kept in the service's own database (`member_keys` there) into the key store,
 * then deletes them there. A tombstone wins over a key (an erasure is never undone); a key the store already has
 * stands. Idempotent and run at every start before the service serves, so a crash part-way only leaves less to move.
 * Instances starting together move them one at a time (runOnceExclusively): one dropping the emptied collection under
 * another's cursor could end that one's start. Returns how many this instance moved.
 */
export const moveKeysIntoKeyStore = async (service: Connection, keyStore: Connection): Promise<number> => {
  if (service.name === keyStore.name && service.getClient() === keyStore.getClient()) return 0;
  const from = service.collection<MemberKeyDocument>(MEMBER_KEYS_COLLECTION);
  const to = keyStore.collection<MemberKeyDocument>(MEMBER_KEYS_COLLECTION);
  const outcome = await runOnceExclusively(service, {
    name: `${MEMBER_KEYS_COLLECTION}:into-key-store`,
    // Nothing left to move: normally one read of a collection that is gone.
    isDone: async () => (await from.findOne({}, { projection: { _id: 1 } })) === null,
    run: async () => {
      let moved = 0;
      for await (const doc of from.find({})) {
        if (doc.destroyedAt) {
          await to.replaceOne({ _id: doc._id }, { destroyedAt: doc.destroyedAt }, { upsert: true });
        } else {
          await to.insertOne(doc).catch((error: unknown) => {
            if (!isDuplicateKeyError(error)) throw error;
          });
        }
        await from.deleteOne({ _id: doc._id });
        moved++;
      }
      if (moved > 0) await from.drop().catch(() => undefined);
      return moved;
    },
  });
  return outcome.ran ? outcome.result : 0;
};
