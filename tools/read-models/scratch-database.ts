import type { Connection } from 'mongoose';

/**
 * The event log of a service, copied into a scratch database beside it, so its read models can be rebuilt without
 * touching the live ones. A service may keep more than one database: formation's private journal store lives in
 * `<db>_journal`, made from the service's database name (journal-store.ts), so the scratch copy of `<db>_journal` is
 * `<scratch>_journal` and the service's own code finds it by the same rule. The key store (`<db>_keys`) is never
 * copied: the scratch boot reads the live one, the same keys.
 */

/**
 * The event store's collections (any `collectionPrefix`): the log, its heads, and the markers that say what was done once
 * (layout upgrades, filled read models, the services' `<service>_migrations`), so the scratch boot does not do it again,
 * and the members whose read models were purged, whom the rebuild leaves out as the live one did. Beside them, what
 * read models copy from outside the log: the library's extracted texts (`library_resource_texts`, written by processing
 * from the file, read when a `processed` event is applied), without which every rebuilt text would be empty; and
 * community's people (`member_people`, fed by identity's events over Kafka, not by community's log), whose sharing
 * choice a church's figures read when a member joins: without them every rebuilt member would read as not sharing.
 */
const LOG_COLLECTION = /(^|_)(events|streams|projection_builds|purged_subjects|event_store_meta|migrations|resource_texts|member_people)$/;

export const isLogCollection = (name: string): boolean => LOG_COLLECTION.test(name);

export interface ScratchDatabases {
  /** The scratch name of the service's database (what the scratch boot's MONGO_DB is). */
  name: string;
  /** The live database a scratch database stands for (`<scratch>_journal` -> `<live>_journal`). */
  liveOf(scratchDb: string): string;
  /** Drops every scratch database (the service's and those beside it). */
  drop(): Promise<void>;
}

const BATCH = 500;

const copyCollection = async (from: Connection, to: Connection, name: string): Promise<number> => {
  const target = to.collection(name);
  let batch: Array<Record<string, unknown>> = [];
  let copied = 0;
  for await (const doc of from.collection(name).find({})) {
    batch.push(doc);
    if (batch.length === BATCH) {
      await target.insertMany(batch, { ordered: false });
      copied += batch.length;
      batch = [];
    }
  }
  if (batch.length) await target.insertMany(batch, { ordered: false });
  return copied + batch.length;
};

/**
 * Copies the log of `liveDb` and of every database beside it (`<liveDb>_<suffix>`, the key store and other scratch
 * copies left aside) into `<liveDb>_<tag>` and `<liveDb>_<tag>_<suffix>`. Heads are copied before events, so every
 * version a head names is there (a later append only adds events the copied heads do not count yet).
 */
export const copyEventLog = async (
  client: Connection,
  liveDb: string,
  tag: string,
  keyStoreDb: string,
): Promise<ScratchDatabases & { copied: number }> => {
  const name = `${liveDb}_${tag}`;
  const { databases } = await client.db!.admin().listDatabases({ nameOnly: true });
  const beside = databases
    .map((d) => d.name)
    .filter((db) => db.startsWith(`${liveDb}_`) && db !== keyStoreDb && !/_(verify|rebuild)_\d+/.test(db.slice(liveDb.length)));
  let copied = 0;
  const made: string[] = [];
  for (const live of [liveDb, ...beside]) {
    const scratch = `${name}${live.slice(liveDb.length)}`;
    const from = client.useDb(live, { useCache: false });
    const collections = (await from.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).filter(isLogCollection);
    if (collections.length === 0) continue;
    const to = client.useDb(scratch, { useCache: false });
    await to.dropDatabase();
    made.push(scratch);
    // Heads first (see above); the markers and the events after them.
    const order = (c: string) => (c.endsWith('streams') ? 0 : c.endsWith('events') ? 2 : 1);
    for (const collection of collections.sort((a, b) => order(a) - order(b))) copied += await copyCollection(from, to, collection);
  }
  return {
    name,
    copied,
    liveOf: (scratchDb) => (scratchDb.startsWith(name) ? `${liveDb}${scratchDb.slice(name.length)}` : scratchDb),
    drop: async () => {
      const { databases: now } = await client.db!.admin().listDatabases({ nameOnly: true });
      for (const db of now.map((d) => d.name).filter((n) => n === name || n.startsWith(`${name}_`))) {
        await client.useDb(db, { useCache: false }).dropDatabase();
      }
    },
  };
};
