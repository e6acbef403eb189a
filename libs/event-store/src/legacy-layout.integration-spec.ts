import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/testing/src/test-engines';
import type { Connection } from 'mongoose';
import { ConcurrencyError } from './errors';
import { EVENTS_COLLECTION } from './event.schema';
import { EventStore } from './event-store';
import { eventKey } from './keys';
import { OUTBOX_COLLECTION, UNPROJECTED_COLLECTION } from './outbox/outbox.schema';
import { userRegistered } from './test-fixtures';

/** An event as the first layout stored it: keyed by its own id, with a global position and a published flag. */
const legacyEvent = (streamId: string, version: number, position: number, published: boolean, name: string) => ({
  _id: `evt-${streamId}-${version}`,
  type: 'identity.user.registered',
  schemaVersion: 1,
  streamId,
  version,
  occurredAt: new Date(`2025-01-0${version}T00:00:00.000Z`),
  subjectId: streamId,
  correlationId: 'c',
  causationId: null,
  data: { userId: streamId, name, email: `${streamId}@example.com`, roles: ['user'], registeredAt: '2025-01-01T00:00:00.000Z' },
  position,
  published,
  publishedAt: published ? new Date() : null,
});

describe('an event log of the first layout', () => {
  let connection: Connection;

  beforeAll(async () => {
    connection = await connectTestDatabase(uniqueName('es_legacy'));
    await connection
      .collection(EVENTS_COLLECTION)
      .insertMany([
        legacyEvent('user-a', 1, 1, true, 'Ada'),
        legacyEvent('user-b', 1, 2, true, 'Bea'),
        legacyEvent('user-a', 2, 3, false, 'Ada again'),
      ] as never[]);
    // The first layout's indexes, as a database of that time has them.
    await connection.collection(EVENTS_COLLECTION).createIndex({ streamId: 1, version: 1 }, { unique: true });
    await connection.collection(EVENTS_COLLECTION).createIndex({ position: 1 }, { unique: true });
  });

  afterAll(async () => {
    await dropTestDatabase(connection);
  });

  it('is re-keyed once at start: streams load with their history, and what was not on Kafka yet is in the outbox', async () => {
    const store = new EventStore(connection, { service: 'test' });
    await store.init();

    const history = await store.load('user-a');
    expect(history.map((e) => [e.version, e.id, 'name' in e.data ? e.data.name : null])).toEqual([
      [1, 'evt-user-a-1', 'Ada'],
      [2, 'evt-user-a-2', 'Ada again'],
    ]);
    // The next append follows on from the old versions.
    await expect(store.append('user-a', 1, [userRegistered('user-a', 'Late')], { correlationId: 'c' })).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    const [next] = await store.append('user-a', 2, [userRegistered('user-a', 'Third')], { correlationId: 'c' });
    expect(next.version).toBe(3);
    const toPublish = await store.outboxToPublish();
    expect(toPublish.map((o) => o._id)).toEqual([eventKey('user-a', 2), eventKey('user-a', 3)]);
    // The first layout updated read models in the write: only the new event waits for them.
    expect((await store.outboxToProject()).map((o) => o._id)).toEqual([eventKey('user-a', 3)]);
    expect(await connection.collection(EVENTS_COLLECTION).countDocuments({ position: { $exists: true } })).toBe(0);
    expect((await store.load('user-b')).map((e) => ('name' in e.data ? e.data.name : null))).toEqual(['Bea']);

    // A later start finds the marker and leaves the log as it is.
    const again = new EventStore(connection, { service: 'test' });
    await again.init();
    expect((await again.load('user-a')).length).toBe(3);
  });
});

describe('an event log of the second layout (one outbox entry with projected and published flags)', () => {
  let connection: Connection;

  beforeAll(async () => {
    connection = await connectTestDatabase(uniqueName('es_layout2'));
    const store = new EventStore(connection, { service: 'test' });
    for (const name of ['a', 'b', 'c'])
      await store.append(`user-${name}`, 0, [userRegistered(`user-${name}`, name)], { correlationId: 'c' });
    // Rewind to layout 2: the work lists as that layout kept them.
    await connection.collection(UNPROJECTED_COLLECTION).deleteMany({});
    await connection.collection(OUTBOX_COLLECTION).updateMany({}, { $unset: { unprojected: 1, published: 1 } });
    const flags: Record<string, { projected: boolean; published: boolean }> = {
      'user-a': { projected: false, published: true },
      'user-b': { projected: true, published: false },
      'user-c': { projected: false, published: false },
    };
    for (const [stream, flag] of Object.entries(flags)) {
      await connection.collection(OUTBOX_COLLECTION).updateOne({ _id: eventKey(stream, 1) as never }, { $set: flag });
    }
    await connection.collection('event_store_meta').updateOne({ _id: 'event-store' as never }, { $set: { layout: 2 } });
  });

  afterAll(async () => {
    await dropTestDatabase(connection);
  });

  it('splits the outbox once at start: what waits for Kafka stays, what waits for the read models gets its own list', async () => {
    const store = new EventStore(connection, { service: 'test' });
    await store.init();

    expect((await store.outboxToPublish()).map((o) => o.streamId)).toEqual(['user-b', 'user-c']);
    expect((await store.outboxToProject()).map((o) => o.streamId).sort()).toEqual(['user-a', 'user-c']);
    await expect(connection.collection('event_store_meta').findOne({ _id: 'event-store' as never })).resolves.toMatchObject({ layout: 4 });
  });
});

describe('an event log of the third layout (the read models’ work on a list of its own)', () => {
  let connection: Connection;

  beforeAll(async () => {
    connection = await connectTestDatabase(uniqueName('es_layout3'));
    const store = new EventStore(connection, { service: 'test' });
    for (const name of ['a', 'b', 'c'])
      await store.append(`user-${name}`, 0, [userRegistered(`user-${name}`, name)], { correlationId: 'c' });
    // Rewind to layout 3: outbox entries carry no duties (each waits for Kafka), the unprojected ones are listed apart.
    const outbox = connection.collection<{ _id: string }>(OUTBOX_COLLECTION);
    const entries = await outbox.find({}).toArray();
    await outbox.updateMany({}, { $unset: { unprojected: 1, published: 1 } });
    const unprojectedList = connection.collection(UNPROJECTED_COLLECTION);
    for (const entry of entries) {
      const { unprojected: _u, ...work } = entry as typeof entry & { unprojected?: boolean };
      // a: waits for both; b: for Kafka only; c: for its read models only (published already).
      if (work._id !== eventKey('user-b', 1)) await unprojectedList.insertOne(work as never);
    }
    await outbox.deleteOne({ _id: eventKey('user-c', 1) });
    await connection.collection('event_store_meta').updateOne({ _id: 'event-store' as never }, { $set: { layout: 3 } });
  });

  afterAll(async () => {
    await dropTestDatabase(connection);
  });

  it('merges the two lists once at start: one entry per event with the duties it had', async () => {
    const store = new EventStore(connection, { service: 'test' });
    await store.init();

    expect((await store.outboxToPublish()).map((o) => o.streamId).sort()).toEqual(['user-a', 'user-b']);
    expect((await store.outboxToProject()).map((o) => o.streamId).sort()).toEqual(['user-a', 'user-c']);
    expect(await connection.collection(UNPROJECTED_COLLECTION).countDocuments({})).toBe(0);
    await expect(connection.collection('event_store_meta').findOne({ _id: 'event-store' as never })).resolves.toMatchObject({ layout: 4 });

    // Each duty then clears as usual, and an entry goes with its last one.
    await store.markProjected([eventKey('user-c', 1), eventKey('user-a', 1)]);
    await store.markPublished([eventKey('user-a', 1), eventKey('user-b', 1)]);
    expect(await connection.collection(OUTBOX_COLLECTION).countDocuments({})).toBe(0);
  });
});
