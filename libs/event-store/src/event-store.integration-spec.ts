import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/testing/src/test-engines';
import type { Connection } from 'mongoose';
import type { Decider } from './decider';
import { ConcurrencyError, InvalidEventError } from './errors';
import { EVENTS_COLLECTION } from './event.schema';
import { EventStore } from './event-store';
import { eventKey } from './keys';
import { OUTBOX_COLLECTION } from './outbox/outbox.schema';
import type { NewEvent, StoredEvent } from './stored-event';
import { STREAM_HEADS_COLLECTION } from './stream-head.schema';
import { profileCreated, userRegistered } from './test-fixtures';

interface Names {
  names: string[];
  seen: Set<number>;
}

/** Folds registrations into the names seen; counts folds so a test can tell a snapshot load from a replay. */
const namesDecider = (folds = { count: 0 }, stateVersion = 1): Decider<Names> => ({
  name: 'names',
  stateVersion,
  initialState: () => ({ names: [], seen: new Set() }),
  evolve: (state, event: StoredEvent) => {
    folds.count++;
    const name = event.type === 'identity.user.registered' ? event.data.name : '';
    return { names: [...state.names, name], seen: new Set([...state.seen, event.version]) };
  },
});

describe(EventStore.name, () => {
  let connection: Connection;
  let sut: EventStore;

  beforeAll(async () => {
    connection = await connectTestDatabase(uniqueName('es_test'));
    sut = new EventStore(connection, { service: 'test' });
    await sut.init();
  });

  afterAll(async () => {
    await dropTestDatabase(connection);
  });

  it('returns envelopes with consecutive versions keyed by stream and version when appending to a new stream', async () => {
    const events = await sut.append('user-a', 0, [userRegistered('a'), userRegistered('a', 'Ada B')], { correlationId: 'corr-1' });

    expect(events.map((e) => e.version)).toEqual([1, 2]);
    expect(events[0]).toMatchObject({ schemaVersion: 1, subjectId: 'a', correlationId: 'corr-1', causationId: null, streamId: 'user-a' });
    expect(events[0].id).toMatch(/^[0-9a-f-]{36}$/);
    await expect(sut.load('user-a')).resolves.toEqual(events);
    const stored = await connection.collection(EVENTS_COLLECTION).findOne({ _id: eventKey('user-a', 2) as never });
    expect(stored).toMatchObject({ id: events[1].id, version: 2 });
  });

  it('lets exactly one of many concurrent writers win, the others get ConcurrencyError and leave nothing behind', async () => {
    // Separate stores on separate connections, like separate service instances.
    const others = await Promise.all([1, 2, 3, 4].map(() => connectTestDatabase(connection.name)));
    const writers = [sut, ...others.map((c) => new EventStore(c, { service: 'test' }))];
    try {
      const results = await Promise.allSettled(
        writers.map((writer, i) =>
          writer.append('user-race', 0, [userRegistered('race', `writer ${i}`), userRegistered('race', `writer ${i}`)], {
            correlationId: `writer-${i}`,
          }),
        ),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      for (const failure of lost) {
        expect(failure.reason).toBeInstanceOf(ConcurrencyError);
        expect(failure.reason).toMatchObject({ streamId: 'user-race', expectedVersion: 0, code: 'CONCURRENCY_CONFLICT' });
      }
      const stream = await sut.load('user-race');
      expect(stream.map((e) => e.version)).toEqual([1, 2]);
      expect(new Set(stream.map((e) => e.correlationId)).size).toBe(1);
      const pending = await connection.collection(OUTBOX_COLLECTION).find({ streamId: 'user-race' }).toArray();
      expect(pending.map((p) => p.eventId).sort()).toEqual(stream.map((e) => e.id).sort());
    } finally {
      await Promise.all(others.map((c) => c.close()));
    }
  });

  it('keeps an event’s entry until both its duties are marked done, and a private store has nothing to publish', async () => {
    const [event] = await sut.append('user-work', 0, [userRegistered('work')], { correlationId: 'c' });
    const key = eventKey('user-work', 1);
    const waiting = async (store: EventStore) => [
      (await store.outboxToPublish()).some((e) => e._id === key),
      (await store.outboxToProject()).some((e) => e._id === key),
    ];
    expect(await waiting(sut)).toEqual([true, true]);

    await sut.markProjected([key]);
    expect(await waiting(sut)).toEqual([true, false]);
    await sut.markPublished([key]);
    expect(await waiting(sut)).toEqual([false, false]);
    expect((await sut.eventAt(key))?.id).toBe(event.id);

    const privateStore = new EventStore(connection, { service: 'test-private', collectionPrefix: 'private_', publishes: false });
    await privateStore.append('user-work', 0, [userRegistered('work')], { correlationId: 'c' });
    expect(await waiting(privateStore)).toEqual([false, true]);
    await privateStore.markProjected([key]);
    expect(await connection.collection('private_outbox').countDocuments({})).toBe(0);
  });

  it('returns success to every writer appending to different new streams at once', async () => {
    const others = await Promise.all([1, 2, 3].map(() => connectTestDatabase(connection.name)));
    const writers = [sut, ...others.map((c) => new EventStore(c, { service: 'test' }))];
    try {
      const appended = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          writers[i % writers.length].append(`user-parallel-${i}`, 0, [userRegistered(`p${i}`)], { correlationId: `p${i}` }),
        ),
      );
      expect(appended.flat()).toHaveLength(24);
    } finally {
      await Promise.all(others.map((c) => c.close()));
    }
  });

  it('removes what it inserted when a later event of the batch conflicts', async () => {
    await sut.append('user-partial', 0, [userRegistered('p')], { correlationId: 'c' });
    // Another writer's version 3 is already there: version 2 of this batch inserts, version 3 then collides.
    await connection.collection(EVENTS_COLLECTION).insertOne({
      _id: eventKey('user-partial', 3) as never,
      id: 'stray',
      type: 'identity.user.registered',
      schemaVersion: 1,
      streamId: 'user-partial',
      version: 3,
      occurredAt: new Date(),
      subjectId: 'p',
      correlationId: 'stray',
      causationId: null,
      data: { userId: 'p', name: 'Stray', email: 'p@example.com', roles: ['user'], registeredAt: '2025-01-01T00:00:00.000Z' },
    });

    await expect(
      sut.append('user-partial', 1, [userRegistered('p'), userRegistered('p')], { correlationId: 'late' }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await connection.collection(EVENTS_COLLECTION).findOne({ _id: eventKey('user-partial', 2) as never })).toBeNull();
    expect(await connection.collection(OUTBOX_COLLECTION).countDocuments({ streamId: 'user-partial', version: { $gt: 1 } })).toBe(0);
  });

  it('writes nothing when one event of the batch is invalid or of an unknown type', async () => {
    const invalid = { ...userRegistered('bad'), data: { userId: 'bad' } } as NewEvent;
    const unknown = { type: 'identity.user.teleported', subjectId: null, data: {} } as unknown as NewEvent;

    await expect(sut.append('user-bad', 0, [userRegistered('bad'), invalid], { correlationId: 'c' })).rejects.toThrow(InvalidEventError);
    await expect(sut.append('user-bad', 0, [unknown], { correlationId: 'c' })).rejects.toThrow(/unknown event type/);
    await expect(sut.load('user-bad')).resolves.toEqual([]);
    expect(await connection.collection(OUTBOX_COLLECTION).countDocuments({ streamId: 'user-bad' })).toBe(0);
  });

  it('returns the state from the head snapshot with one read, and reads on past a head left behind', async () => {
    const folds = { count: 0 };
    const decider = namesDecider(folds);
    const snapshot = (state: Names) => ({ of: decider, stateAfter: (stored: StoredEvent[]) => stored.reduce(decider.evolve, state) });
    let at = await sut.aggregate('user-snap', decider);
    for (const name of ['one', 'two', 'three']) {
      await sut.append('user-snap', at.version, [userRegistered('snap', name)], { correlationId: 'c' }, { snapshot: snapshot(at.state) });
      at = await sut.aggregate('user-snap', decider);
    }
    folds.count = 0;

    expect(await sut.aggregate('user-snap', decider)).toEqual({
      version: 3,
      state: { names: ['one', 'two', 'three'], seen: new Set([1, 2, 3]) },
    });
    expect(folds.count).toBe(0);

    // A writer that appended without updating the head (it crashed in between): the events are the truth.
    await sut.append('user-snap', 3, [userRegistered('snap', 'four')], { correlationId: 'c' });
    await connection.collection(STREAM_HEADS_COLLECTION).updateOne({ _id: 'user-snap' as never }, { $set: { version: 3 } });
    const later = await sut.aggregate('user-snap', decider);
    expect(later.version).toBe(4);
    expect(later.state.names).toEqual(['one', 'two', 'three', 'four']);
  });

  it('folds a long stream without a snapshot once: loading stores one, and the next load reads on from it', async () => {
    const events = Array.from({ length: 20 }, (_, i) => userRegistered('long', `name ${i}`));
    await sut.append('user-long', 0, events, { correlationId: 'c' });
    const folds = { count: 0 };
    const decider = namesDecider(folds);

    expect((await sut.aggregate('user-long', decider)).version).toBe(20);
    expect(folds.count).toBe(20);
    for (let waited = 0; !(await sut.heads.findById('user-long').lean())?.snapshot && waited < 2000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const again = await sut.aggregate('user-long', decider);
    expect(again.state.names).toHaveLength(20);
    expect(folds.count).toBe(20);
  });

  it('returns the state folded from the events when the snapshot is of an older state shape', async () => {
    const first = namesDecider();
    await sut.append(
      'user-shape',
      0,
      [userRegistered('shape', 'a')],
      { correlationId: 'c' },
      { snapshot: { of: first, stateAfter: (s) => s.reduce(first.evolve, first.initialState()) } },
    );
    const folds = { count: 0 };

    const sutCall = await sut.aggregate('user-shape', namesDecider(folds, 2));

    expect(sutCall.state.names).toEqual(['a']);
    expect(folds.count).toBe(1);
  });

  it('clears an orphaned outbox entry of a crashed writer once it is old, then appends', async () => {
    // A writer inserted its outbox entry for version 1 and died before inserting the event.
    await connection.collection(OUTBOX_COLLECTION).insertOne({
      _id: eventKey('user-orphan', 1) as never,
      eventId: 'never-stored',
      streamId: 'user-orphan',
      version: 1,
      type: 'identity.user.registered',
      createdAt: new Date(Date.now() - 60_000),
      projected: false,
      published: false,
    });

    const [event] = await sut.append('user-orphan', 0, [userRegistered('orphan')], { correlationId: 'c' });

    const entry = await connection.collection(OUTBOX_COLLECTION).findOne({ _id: eventKey('user-orphan', 1) as never });
    expect(entry?.eventId).toBe(event.id);
  });

  it('refuses a writer racing a young outbox entry: that append may still be on its way', async () => {
    await connection.collection(OUTBOX_COLLECTION).insertOne({
      _id: eventKey('user-inflight', 1) as never,
      eventId: 'in-flight',
      streamId: 'user-inflight',
      version: 1,
      type: 'identity.user.registered',
      createdAt: new Date(),
      projected: false,
      published: false,
    });

    await expect(sut.append('user-inflight', 0, [userRegistered('inflight')], { correlationId: 'c' })).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
  });

  it('replaces only the named, present fields of that subject when erasing, and drops the subject’s snapshots', async () => {
    const decider = namesDecider();
    await sut.append(
      'user-erase',
      0,
      [userRegistered('erase')],
      { correlationId: 'c' },
      { snapshot: { of: decider, stateAfter: (s) => s.reduce(decider.evolve, decider.initialState()) } },
    );
    await sut.append('profile-erase', 0, [profileCreated('erase')], { correlationId: 'c' });
    await sut.append('user-keep', 0, [userRegistered('keep')], { correlationId: 'c' });
    // Not published yet, read models done: the entries' copies of the events are what the relay would publish.
    await sut.markProjected([eventKey('user-erase', 1), eventKey('user-keep', 1)]);

    const modified = await sut.eraseSubjectData('erase', ['email', 'name']);

    expect(modified).toBe(2);
    const [erased] = await sut.load('user-erase');
    expect(erased.data).toMatchObject({ userId: 'erase', email: '[erased]', name: '[erased]' });
    expect((await sut.aggregate('user-erase', decider)).state.names).toEqual(['[erased]']);
    const [profile] = await sut.load('profile-erase');
    expect(profile.data).toEqual({ userId: 'erase', displayName: 'Profile erase' });
    const [kept] = await sut.load('user-keep');
    expect(kept.data).toMatchObject({ email: 'keep@example.com' });
    // The relay publishes the erased event, not the entry's copy, which the erasure dropped (another subject's stays).
    const entry = await sut.outbox.findById(eventKey('user-erase', 1)).lean();
    expect(entry?.event).toBeUndefined();
    expect((await sut.eventOf(entry!))?.data).toMatchObject({ name: '[erased]', email: '[erased]' });
    expect((await sut.outbox.findById(eventKey('user-keep', 1)).lean())?.event).toMatchObject({ data: { email: 'keep@example.com' } });
  });
});
