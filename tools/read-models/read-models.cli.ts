import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { EventStore, type Projection, ProjectionRunner } from '@abide/event-store';
import {
  bootServiceContext,
  KEY_PROVIDER,
  KEY_STORE,
  type KeyProvider,
  type KeyStore,
  keyStoreDatabaseName,
  loadConfig,
} from '@abide/platform';
import { Redis } from 'ioredis';
import mongoose, { type Connection } from 'mongoose';
import { type DocumentDifference, diffCollection, type OpenSealed } from './read-model-diff';
import { copyEventLog, isLogCollection, type ScratchDatabases } from './scratch-database';
import { sealedValueOpener } from './sealed-values';
import { eventSourcedServices, type EventSourcedService, loadServiceModule } from './service-modules';
import { type CollectionRef, collectionsWrittenBy } from './written-collections';

/**
 * One service's read models against a rebuild from its events (tools/read-models/README.md), run by
 * tools/read-models/read-models.mjs with the service's environment: `verify` reports every difference (exit 1 when
 * there is one); `rebuild` also writes the rebuilt documents over the live ones that differ.
 */

type Command = 'verify' | 'rebuild';

interface LiveConfig {
  MONGO_URL: string;
  MONGO_DB: string;
  KEY_STORE_DB?: string;
  REDIS_URL?: string;
  REDIS_KEY_PREFIX?: string;
  KAFKA_CLIENT_ID: string;
  KAFKA_TOPIC_PREFIX?: string;
  KAFKA_GROUP_PREFIX?: string;
}

/** Written while projections rebuild, but the event store's and the messaging's own work, never a read model. */
const PLUMBING = new Set(['outbox', 'unprojected', 'relay_leases', 'inbox', 'dead_letters']);
/**
 * Answers kept between reads, not read models: served only while a counter every writer of their inputs moves on is
 * unchanged (community's `group_reads`: GroupCardCache), so a rebuild moves the counter and keeps nothing to compare.
 */
const KEPT_ANSWERS = new Set(['group_reads']);
/**
 * Fed by other services' events through the inbox, which are not in the service's log: community's `member_activity`
 * (formation's facts), into which community's member-groups and member-churches projections also merge each member's
 * groups and churches, and the archives of its closed weeks (`member_activity_weeks`). A replay writes those marks
 * only, so it has nothing to compare the live documents with.
 */
const INBOX_FED = new Set(['member_activity', 'member_activity_weeks']);
const isReadModel = (collection: string) =>
  !isLogCollection(collection) && !PLUMBING.has(collection) && !KEPT_ANSWERS.has(collection) && !INBOX_FED.has(collection);

const isProjection = (value: unknown): value is Projection => {
  const p = value as Partial<Projection> | null;
  return !!p && typeof p.name === 'string' && Array.isArray(p.handles) && typeof p.apply === 'function' && typeof p.reset === 'function';
};

/**
 * Reads of the scratch log, shared by every rebuild: each replays every stream, and the copy does not change while they
 * run, so each stream is read once instead of once per read model (FerretDB answers a keyed read in milliseconds, and
 * formation has a dozen read models over thousands of streams).
 */
const shareLogReads = (stores: readonly EventStore[]): void => {
  for (const store of stores) {
    const streamIds = store.streamIds.bind(store);
    const load = store.load.bind(store);
    let ids: Promise<string[]> | undefined;
    const streams = new Map<string, ReturnType<EventStore['load']>>();
    store.streamIds = () => (ids ??= streamIds());
    store.load = (streamId, options = {}) => {
      if (options.afterVersion) return load(streamId, options);
      let events = streams.get(streamId);
      if (!events) streams.set(streamId, (events = load(streamId)));
      return events;
    };
  }
};

/** Every projection runner of the service (formation has two: its own and the private journal store's) and every read model. */
const feedsOf = (app: INestApplicationContext): { runners: ProjectionRunner[]; projections: Projection[]; stores: EventStore[] } => {
  const instances = new Set<unknown>();
  for (const module of app.get(ModulesContainer).values()) for (const wrapper of module.providers.values()) instances.add(wrapper.instance);
  return {
    runners: [...instances].filter((i): i is ProjectionRunner => i instanceof ProjectionRunner),
    projections: [...instances].filter(isProjection),
    stores: [...instances].filter((i): i is EventStore => i instanceof EventStore),
  };
};

/** Rebuilds a projection with the runner that feeds it; false when none does (a helper shaped like a projection). */
const rebuildWithItsRunner = async (runners: readonly ProjectionRunner[], name: string): Promise<boolean> => {
  for (const runner of runners) {
    try {
      await runner.rebuild(name);
      return true;
    } catch (error) {
      if (!(error as Error).message.startsWith('No projection is named')) throw error;
    }
  }
  return false;
};

/** The scratch boot's settings: its own databases, Redis keys, topics and groups; the live key store and master key. */
const scratchEnvironment = (live: LiveConfig, scratchDb: string, tag: string, keyStoreDb: string): Record<string, string> => ({
  MONGO_DB: scratchDb,
  KEY_STORE_DB: keyStoreDb,
  // Never make a master key: the live one seals and opens the same data keys.
  MASTER_KEY_CREATE: 'false',
  // No workers, sweeps or schedules (identity, formation, library): a sweep of the rebuilt library would queue
  // processing that moves the live stack's objects. Queues under their own prefix besides, in case one starts anyway.
  JOBS_ENABLED: 'false',
  REDIS_KEY_PREFIX: `${live.REDIS_KEY_PREFIX ?? 'abide'}_${tag}`,
  // Topics no broker has (they are provisioned, never created on use): nothing the scratch boot sends reaches a consumer.
  KAFKA_TOPIC_PREFIX: `${live.KAFKA_TOPIC_PREFIX ?? ''}${tag}.`,
  KAFKA_GROUP_PREFIX: `${live.KAFKA_GROUP_PREFIX ?? ''}${tag}-`,
  KAFKA_CLIENT_ID: `${live.KAFKA_CLIENT_ID}-${tag}`,
  LOG_LEVEL: process.env.READ_MODELS_LOG_LEVEL ?? 'error',
});

/**
 * Members who deleted their account, from identity's log (the event every service learns it from). A service forgets
 * them with `purgeSubject` as it handles that event, which no projection replays, so the rebuild forgets them the same
 * way once the replay is done (else it would bring back what the live read models rightly dropped).
 */
const erasedMembers = async (client: Connection, identityDb: string | undefined): Promise<string[]> => {
  if (!identityDb) return [];
  const events = client.useDb(identityDb, { useCache: true }).collection<{ data?: { userId?: string } }>('events');
  const deleted = await events.find({ type: 'identity.user.deleted' }, { projection: { 'data.userId': 1 } }).toArray();
  return [...new Set(deleted.flatMap((e) => (e.data?.userId ? [e.data.userId] : [])))];
};

const clearRedisKeys = async (url: string | undefined, prefix: string): Promise<void> => {
  if (!url) return;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
};

type Doc = Record<string, unknown> & { _id: unknown };

const documentsOf = (client: Connection, db: string, collection: string): Promise<Doc[]> =>
  client.useDb(db, { useCache: true }).collection<Doc>(collection).find({}).toArray() as Promise<Doc[]>;

/** Writes the rebuilt documents over the live ones that differ, and removes live documents the rebuild has not. */
const repair = async (
  client: Connection,
  db: string,
  collection: string,
  live: Doc[],
  rebuilt: Doc[],
  differences: DocumentDifference[],
) => {
  const target = client.useDb(db, { useCache: true }).collection<Doc>(collection);
  const rebuiltById = new Map(rebuilt.map((doc) => [String(doc._id), doc]));
  const liveById = new Map(live.map((doc) => [String(doc._id), doc]));
  for (const difference of differences) {
    const doc = rebuiltById.get(difference.id);
    if (doc) await target.replaceOne({ _id: doc._id } as never, doc, { upsert: true });
    else await target.deleteOne({ _id: liveById.get(difference.id)?._id } as never);
  }
};

const describe = (d: DocumentDifference): string =>
  d.kind === 'missing'
    ? `${d.id}: missing (the rebuild has it, the live read model has not)`
    : d.kind === 'unexpected'
      ? `${d.id}: unexpected (the live read model has it, the rebuild has not)`
      : `${d.id}: ${d.paths.join(', ')}`;

const run = async (command: Command, service: EventSourcedService): Promise<number> => {
  const { schema, module } = await loadServiceModule(service);
  const live = loadConfig(service, schema) as LiveConfig;
  const keyStoreDb = live.KEY_STORE_DB ?? keyStoreDatabaseName(live.MONGO_DB);
  const tag = `${command}_${process.pid}`;
  const out = (line: string) => process.stdout.write(`${service}: ${line}\n`);
  const client = await mongoose.createConnection(live.MONGO_URL, { serverSelectionTimeoutMS: 5000 }).asPromise();
  let scratch: ScratchDatabases | undefined;
  let app: INestApplicationContext | undefined;
  const env = scratchEnvironment(live, `${live.MONGO_DB}_${tag}`, tag, keyStoreDb);
  try {
    const copy = await copyEventLog(client, live.MONGO_DB, tag, keyStoreDb);
    scratch = copy;
    // Some code reads the environment itself (topic names); the scratch boot's settings are the process's from here.
    Object.assign(process.env, env);
    app = await bootServiceContext(module(loadConfig(service, schema, process.env) as never));
    const { runners, projections, stores } = feedsOf(app);
    shareLogReads(stores);

    const owners = new Map<CollectionRef, string[]>();
    const outside = new Set<CollectionRef>();
    // Every read model at once: a rebuild is mostly waiting for keyed reads of the log, and they do not share documents.
    const results = await Promise.all(
      projections.map(async (projection) => {
        let fed = false;
        const written = await collectionsWrittenBy(async () => {
          fed = await rebuildWithItsRunner(runners, projection.name);
        });
        return { name: projection.name, fed, written };
      }),
    );
    const rebuilt = results.filter((r) => r.fed).length;
    for (const { name, fed, written } of results) {
      if (!fed) continue;
      for (const ref of written) {
        const [db, collection] = ref.split('/') as [string, string];
        if (!db.startsWith(copy.name)) outside.add(ref);
        else if (isReadModel(collection)) owners.set(ref, [...(owners.get(ref) ?? []), name]);
      }
    }
    const erased = await erasedMembers(client, process.env.READ_MODELS_IDENTITY_DB);
    for (const runner of runners) for (const member of erased) await runner.purgeSubject(member);
    for (const ref of outside) out(`note: rebuilding wrote outside the scratch database, to ${ref}`);

    let open: OpenSealed | undefined;
    try {
      open = await sealedValueOpener(
        app.get<KeyStore>(KEY_STORE, { strict: false }),
        app.get<KeyProvider>(KEY_PROVIDER, { strict: false }),
      );
    } catch {
      // A service that seals nothing has no key store: its read models hold no sealed text.
    }

    let documents = 0;
    let differing = 0;
    for (const [ref, names] of [...owners].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const [db, collection] = ref.split('/') as [string, string];
      const liveDb = copy.liveOf(db);
      const [liveDocs, rebuiltDocs] = await Promise.all([documentsOf(client, liveDb, collection), documentsOf(client, db, collection)]);
      documents += liveDocs.length;
      const differences = await diffCollection(liveDocs, rebuiltDocs, open);
      if (differences.length === 0) continue;
      differing += differences.length;
      out(`${liveDb}.${collection} (${names.join(', ')}): ${differences.length} document(s) differ from the rebuild`);
      for (const difference of differences) out(`  ${describe(difference)}`);
      if (command === 'rebuild') {
        await repair(client, liveDb, collection, liveDocs, rebuiltDocs, differences);
        out(`  rewritten from the rebuild`);
      }
    }
    const summary = `${rebuilt} read model(s) rebuilt from the log, ${owners.size} collection(s) and ${documents} live document(s) compared`;
    if (differing === 0) {
      out(`${summary}: every read model equals its rebuild`);
      return 0;
    }
    out(`${summary}: ${differing} document(s) differ${command === 'rebuild' ? ', rewritten from the rebuild' : ''}`);
    return command === 'rebuild' ? 0 : 1;
  } finally {
    await app?.close().catch(() => undefined);
    await scratch?.drop().catch((error: Error) => out(`note: the scratch database ${scratch?.name} was not dropped (${error.message})`));
    await clearRedisKeys(live.REDIS_URL, env.REDIS_KEY_PREFIX).catch(() => undefined);
    await client.close();
  }
};

const [command, service] = process.argv.slice(2);
if ((command !== 'verify' && command !== 'rebuild') || !eventSourcedServices.includes(service as EventSourcedService)) {
  process.stderr.write(`usage: read-models.cli.ts <verify|rebuild> <${eventSourcedServices.join('|')}>\n`);
  process.exit(2);
}
run(command, service as EventSourcedService).then(
  (status) => process.exit(status),
  (error: Error) => {
    process.stderr.write(`${service}: ${error.stack ?? error.message}\n`);
    process.exit(2);
  },
);
