import { testMongoUrl, uniqueName } from '@abide/testing/src/test-engines';
import { keyStoreDatabaseName, moveKeysIntoKeyStore, runOnceBehindMarker, runUntilNothingLeft } from '@abide/platform';
import mongoose, { type Connection } from 'mongoose';
import { EVENTS_COLLECTION } from './event.schema';
import { EventStore } from './event-store';
import { eventKey } from './keys';
import type { Projection } from './projections/projection';
import { ProjectionRunner } from './projections/projection-runner';
import type { StoredEvent } from './stored-event';
import { userRegistered } from './test-fixtures';

/**
 * What every instance of a service does when it starts, done by three instances at the same moment against the real
 * engine, each on its own connection (as three processes would): one-time work runs once, nothing is lost or doubled,
 * and a holder that dies mid-way is taken over.
 */

/** An instance's connection; commands fail at once once it is closed (a dead process sends nothing more). */
const connect = (dbName: string): Promise<Connection> =>
  mongoose.createConnection(testMongoUrl(), { dbName, serverSelectionTimeoutMS: 5000, bufferCommands: false }).asPromise();

const threeConnections = async (dbName: string): Promise<Connection[]> => Promise.all([connect(dbName), connect(dbName), connect(dbName)]);

const closeAll = async (connections: readonly Connection[]): Promise<void> => {
  // The first may be closed already (a dead instance).
  await connections[connections.length - 1].dropDatabase().catch(() => undefined);
  await Promise.all(connections.map((c) => c.close().catch(() => undefined)));
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Short terms so that a takeover after a death is seen in seconds, not fifteen; not shorter, since a holder renews on a
 * timer that a busy machine delays, and a term run out before the renewal would hand the work to a second instance.
 */
const lease = { ttlMs: 3000, pollMs: 50 };

/** Counts, across the instances, how often each event was applied and how often the read model was emptied. */
class Tally {
  readonly applied = new Map<string, number>();
  resets = 0;
  total(): number {
    return [...this.applied.values()].reduce((a, b) => a + b, 0);
  }
}

/** A read model added after events existed, not idempotent on purpose: a second apply of an event shows. */
class LateDirectory implements Projection<'identity.user.registered'> {
  readonly name = 'late-directory';
  readonly handles = ['identity.user.registered'] as const;
  readonly backfill = true;
  /** Before each apply: the fault case makes one instance stop here for good. */
  beforeApply: () => Promise<void> = async () => undefined;

  constructor(
    private readonly connection: Connection,
    private readonly tally: Tally,
  ) {}

  async apply(event: StoredEvent<'identity.user.registered'>): Promise<void> {
    await this.beforeApply();
    const key = eventKey(event.streamId, event.version);
    this.tally.applied.set(key, (this.tally.applied.get(key) ?? 0) + 1);
    await this.connection.collection<{ _id: string }>('late_directory').updateOne({ _id: key }, { $inc: { applied: 1 } }, { upsert: true });
  }

  async reset(): Promise<void> {
    this.tally.resets++;
    await this.connection.collection('late_directory').deleteMany({});
  }
}

describe('three instances starting at once', () => {
  describe('one-time migrations (runOnceBehindMarker, runUntilNothingLeft)', () => {
    let connections: Connection[];

    beforeEach(async () => {
      connections = await threeConnections(uniqueName('startup_once'));
    });

    afterEach(async () => {
      await closeAll(connections);
    });

    it('runs the step once; the other two return only once it is done', async () => {
      let runs = 0;
      const step = (connection: Connection) => async () => {
        runs++;
        // A fill that takes a moment: long enough for the others to be at the marker meanwhile.
        for (let i = 0; i < 20; i++) await connection.collection('filled').updateOne({ _id: `doc-${i}` as never }, { $set: { i } }, { upsert: true });
        await sleep(200);
      };

      const done = await Promise.all(
        connections.map(async (connection) => {
          const ran = await runOnceBehindMarker(connection, 'test_migrations', 'fill', step(connection), lease);
          // Whoever returns, the work is complete by then: an instance never serves from a half-filled read model.
          return { ran, filled: await connection.collection('filled').countDocuments() };
        }),
      );

      expect(runs).toBe(1);
      expect(done.filter((d) => d.ran)).toHaveLength(1);
      expect(done.map((d) => d.filled)).toEqual([20, 20, 20]);
      expect(await connections[0].collection('test_migrations').countDocuments({ _id: 'fill' as never })).toBe(1);
    });

    it('a step that runs until nothing is left: the work is done once, later instances find nothing and mark it', async () => {
      const left = connections[0].collection<{ _id: string; sealed?: boolean }>('texts');
      await left.insertMany(Array.from({ length: 30 }, (_, i) => ({ _id: `text-${i}` })));
      const sealedBy = new Map<string, number>();
      const seal = (connection: Connection) => async () => {
        const texts = connection.collection<{ _id: string; sealed?: boolean }>('texts');
        const open = await texts.find({ sealed: { $ne: true } }).toArray();
        for (const text of open) {
          sealedBy.set(text._id, (sealedBy.get(text._id) ?? 0) + 1);
          await texts.updateOne({ _id: text._id }, { $set: { sealed: true } });
        }
        return open.length;
      };

      const results = await Promise.all(connections.map((c) => runUntilNothingLeft(c, 'test_migrations', 'seal', seal(c), lease)));

      // Each text sealed once (concurrent runs would have read the same open texts and sealed each up to three times).
      expect([...sealedBy.values()]).toEqual(Array(30).fill(1));
      expect(results.filter((r) => r === 30)).toHaveLength(1);
      expect(await connections[0].collection('test_migrations').countDocuments({ _id: 'seal' as never })).toBe(1);
    });

    it('when the holder dies mid-way, another instance takes over after its term and finishes; nothing is doubled', async () => {
      const [dying, ...others] = connections;
      const runsBy = new Map<Connection, number>();
      let reachedHalf!: () => void;
      const half = new Promise<void>((resolve) => (reachedHalf = resolve));
      const step = (connection: Connection) => async () => {
        runsBy.set(connection, (runsBy.get(connection) ?? 0) + 1);
        const docs = connection.collection('filled');
        for (let i = 0; i < 20; i++) {
          if (connection === dying && i === 10) {
            reachedHalf();
            // The process dies here: it never writes again (its connection is closed below) and never returns.
            await new Promise(() => undefined);
          }
          await docs.updateOne({ _id: `doc-${i}` as never }, { $inc: { writes: 1 } }, { upsert: true });
        }
      };

      const holder = runOnceBehindMarker(dying, 'test_migrations', 'fill', step(dying), lease);
      holder.catch(() => undefined);
      await half;
      const waiting = Promise.all(others.map((c) => runOnceBehindMarker(c, 'test_migrations', 'fill', step(c), lease)));
      await sleep(300);
      // While the dead holder's term lasts, nobody else starts the work.
      expect(runsBy.size).toBe(1);
      await dying.close(true);

      const ran = await waiting;

      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(others.map((c) => runsBy.get(c) ?? 0).sort()).toEqual([0, 1]);
      const docs = await others[0].collection<{ _id: string; writes: number }>('filled').find().toArray();
      // Complete, and the half the dead holder wrote was written again only by a repeatable step (no doc lost or added).
      expect(docs).toHaveLength(20);
      expect(docs.filter((d) => d.writes === 2)).toHaveLength(10);
      expect(await others[0].collection('test_migrations').countDocuments({ _id: 'fill' as never })).toBe(1);
    });
  });

  describe('data keys an earlier release kept in the service database', () => {
    let connections: Connection[];

    beforeEach(async () => {
      connections = await threeConnections(uniqueName('startup_keys'));
    });

    afterEach(async () => {
      await connections[0].useDb(keyStoreDatabaseName(connections[0].name)).dropDatabase();
      await closeAll(connections);
    });

    it('are moved into the key store once: every key there, each moved by one instance, none left behind', async () => {
      const destroyedAt = new Date('2026-01-01T00:00:00Z');
      await connections[0]
        .collection('member_keys')
        .insertMany(
          Array.from({ length: 40 }, (_, i) =>
            i % 10 === 0 ? { _id: `member-${i}`, destroyedAt } : { _id: `member-${i}`, keyId: 'k1', wrapped: `w${i}`, createdAt: destroyedAt },
          ) as never[],
        );

      const moved = await Promise.all(connections.map((c) => moveKeysIntoKeyStore(c, c.useDb(keyStoreDatabaseName(c.name)))));

      expect(moved.reduce((a, b) => a + b, 0)).toBe(40);
      const store = connections[0].useDb(keyStoreDatabaseName(connections[0].name)).collection('member_keys');
      expect(await store.countDocuments({})).toBe(40);
      expect(await store.countDocuments({ destroyedAt })).toBe(4);
      expect(await connections[0].collection('member_keys').countDocuments({})).toBe(0);
    });
  });

  describe("the event store's layout upgrade", () => {
    let connections: Connection[];

    beforeEach(async () => {
      connections = await threeConnections(uniqueName('startup_layout'));
    });

    afterEach(async () => {
      jest.restoreAllMocks();
      await closeAll(connections);
    });

    it('re-keys a first-layout log once; every instance starts and reads the same history', async () => {
      const events = connections[0].collection(EVENTS_COLLECTION);
      await events.insertMany(
        [1, 2, 3].map((version) => ({
          _id: `evt-user-a-${version}`,
          type: 'identity.user.registered',
          schemaVersion: 1,
          streamId: 'user-a',
          version,
          occurredAt: new Date(`2025-01-0${version}T00:00:00.000Z`),
          subjectId: 'user-a',
          correlationId: 'c',
          causationId: null,
          data: { userId: 'user-a', name: `Ada ${version}`, email: 'a@example.com', roles: ['user'], registeredAt: '2025-01-01T00:00:00.000Z' },
          position: version,
          published: version < 3,
          publishedAt: null,
        })) as never[],
      );
      await events.createIndex({ streamId: 1, version: 1 }, { unique: true });
      await events.createIndex({ position: 1 }, { unique: true });
      const rekey = jest.spyOn(EventStore.prototype as unknown as { rekeyFirstLayout: () => Promise<void> }, 'rekeyFirstLayout');

      const stores = connections.map((c) => new EventStore(c, { service: 'test' }));
      await Promise.all(stores.map((s) => s.init()));

      expect(rekey).toHaveBeenCalledTimes(1);
      for (const store of stores) expect((await store.load('user-a')).map((e) => e.id)).toEqual(['evt-user-a-1', 'evt-user-a-2', 'evt-user-a-3']);
      expect((await stores[0].outboxToPublish()).map((o) => o._id)).toEqual([eventKey('user-a', 3)]);
    });
  });

  describe('the projection runner', () => {
    let connections: Connection[];
    let stores: EventStore[];

    beforeEach(async () => {
      connections = await threeConnections(uniqueName('startup_runner'));
      stores = connections.map((c) => new EventStore(c, { service: 'test' }));
      await Promise.all(stores.map((s) => s.init()));
    });

    afterEach(async () => {
      await closeAll(connections);
    });

    const appendProjected = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const events = await stores[0].append(`user-${i}`, 0, [userRegistered(`user-${i}`)], { correlationId: 'c' });
        await stores[0].markProjected(events.map((e) => eventKey(e.streamId, e.version)));
      }
    };

    it('fills a new read model from the log once: emptied once, each event applied once, every instance starts after it', async () => {
      await appendProjected(12);
      const tally = new Tally();
      const runners = stores.map((s, i) => new ProjectionRunner(s, [new LateDirectory(connections[i], tally)], { backfillLease: lease }));

      await Promise.all(runners.map((r) => r.onApplicationBootstrap()));
      for (const runner of runners) runner.onApplicationShutdown();

      expect(tally.resets).toBe(1);
      expect(tally.applied.size).toBe(12);
      expect(tally.total()).toBe(12);
      expect(await connections[0].collection('late_directory').countDocuments({ applied: 1 })).toBe(12);
      expect(await stores[2].projectionBuilt('late-directory')).toBe(true);
    });

    it('when the instance filling it dies mid-way, another empties it and fills it again; it ends right', async () => {
      await appendProjected(12);
      const tally = new Tally();
      const projections = connections.map((c) => new LateDirectory(c, tally));
      let reachedHalf!: () => void;
      const half = new Promise<void>((resolve) => (reachedHalf = resolve));
      let applies = 0;
      projections[0].beforeApply = async () => {
        if (++applies <= 6) return;
        reachedHalf();
        await new Promise(() => undefined);
      };
      const runners = stores.map((s, i) => new ProjectionRunner(s, [projections[i]], { backfillLease: lease }));

      void runners[0].onApplicationBootstrap().catch(() => undefined);
      await half;
      const others = Promise.all(runners.slice(1).map((r) => r.onApplicationBootstrap()));
      await sleep(300);
      expect(tally.resets).toBe(1);
      await connections[0].close(true);

      await others;
      for (const runner of runners) runner.onApplicationShutdown();

      // The dead instance's half, then one complete fill by one of the others.
      expect(tally.resets).toBe(2);
      expect(tally.total()).toBe(6 + 12);
      expect(await connections[1].collection('late_directory').countDocuments({ applied: 1 })).toBe(12);
      expect(await stores[1].projectionBuilt('late-directory')).toBe(true);
    });

    it("at start, does not take another instance's append whose own apply is still on its way", async () => {
      const tally = new Tally();
      const projections = connections.map((c) => new LateDirectory(c, tally));
      await stores[0].markProjectionBuilt('late-directory');
      // Instance 1 appended; its apply in the request has not run yet.
      const [event] = await stores[0].append('user-live', 0, [userRegistered('user-live')], { correlationId: 'c' });
      const starting = new ProjectionRunner(stores[1], [projections[1]], { healAfterMs: 5000, backfillLease: lease });

      await starting.onApplicationBootstrap();
      starting.onApplicationShutdown();
      // Now instance 1's own apply lands.
      await new ProjectionRunner(stores[0], [projections[0]]).afterAppend([event]);

      expect(tally.applied.get(eventKey('user-live', 1))).toBe(1);
      expect(await stores[0].outboxToProject()).toEqual([]);
    });
  });
});
