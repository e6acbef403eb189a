import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/messaging/src/testing/test-engines';
import type { Connection } from 'mongoose';
import { ConcurrencyError, InvalidEventError } from './errors';
import { EVENTS_COLLECTION } from './event.schema';
import { EventStore } from './event-store';
import type { NewEvent } from './stored-event';
import { profileCreated, userRegistered } from './test-fixtures';

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

  it('returns envelopes with consecutive versions, ids and positions when appending to a new stream', async () => {
    const events = await sut.append('user-a', 0, [userRegistered('a'), userRegistered('a', 'Ada B')], {
      correlationId: 'corr-1',
    });
    expect(events.map((e) => e.version)).toEqual([1, 2]);
    expect(events[1].position).toBe(events[0].position + 1);
    expect(events[0]).toMatchObject({ schemaVersion: 1, subjectId: 'a', correlationId: 'corr-1', causationId: null });
    expect(events[0].id).toMatch(/^[0-9a-f-]{36}$/);
    await expect(sut.load('user-a')).resolves.toEqual(events);
  });

  it('lets exactly one of many concurrent writers win, the others get ConcurrencyError and write nothing', async () => {
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
      expect(lost).toHaveLength(writers.length - 1);
      for (const failure of lost) {
        expect(failure.reason).toBeInstanceOf(ConcurrencyError);
        expect(failure.reason).toMatchObject({ streamId: 'user-race', expectedVersion: 0 });
      }
      const stream = await sut.load('user-race');
      expect(stream.map((e) => e.version)).toEqual([1, 2]);
      expect(new Set(stream.map((e) => e.correlationId)).size).toBe(1);
    } finally {
      await Promise.all(others.map((c) => c.close()));
    }
  });

  it('returns success to every writer appending to different new streams at once, each event with its own position', async () => {
    const others = await Promise.all([1, 2, 3].map(() => connectTestDatabase(connection.name)));
    const writers = [sut, ...others.map((c) => new EventStore(c, { service: 'test' }))];
    try {
      const appended = await Promise.all(
        Array.from({ length: 24 }, (_, i) => writers[i % writers.length].append(`user-parallel-${i}`, 0, [userRegistered(`p${i}`)], { correlationId: `p${i}` })),
      );

      const positions = appended.flat().map((e) => e.position);
      expect(new Set(positions).size).toBe(24);
    } finally {
      await Promise.all(others.map((c) => c.close()));
    }
  });

  it('removes the documents already inserted when a later document of the batch conflicts', async () => {
    await sut.append('user-partial', 0, [userRegistered('p')], { correlationId: 'c' });
    // A stray version 3 ahead of the stream: version 2 of the batch inserts, version 3 then collides.
    await connection.collection(EVENTS_COLLECTION).insertOne({
      _id: 'stray' as never,
      type: 'identity.user.registered',
      schemaVersion: 1,
      streamId: 'user-partial',
      version: 3,
      occurredAt: new Date(),
      subjectId: 'p',
      correlationId: 'stray',
      causationId: null,
      data: {},
      position: 1_000_000_000,
      published: true,
      publishedAt: new Date(),
    });

    const sutCall = sut.append('user-partial', 1, [userRegistered('p'), userRegistered('p')], { correlationId: 'late' });

    await expect(sutCall).rejects.toBeInstanceOf(ConcurrencyError);
    const stream = await sut.load('user-partial');
    expect(stream.map((e) => [e.version, e.correlationId])).toEqual([
      [1, 'c'],
      [3, 'stray'],
    ]);
  });

  it('writes nothing when one event of the batch is invalid or of an unknown type', async () => {
    const invalid = { ...userRegistered('bad'), data: { userId: 'bad' } } as NewEvent;
    const unknown = { type: 'identity.user.teleported', subjectId: null, data: {} } as unknown as NewEvent;

    await expect(sut.append('user-bad', 0, [userRegistered('bad'), invalid], { correlationId: 'c' })).rejects.toThrow(InvalidEventError);
    await expect(sut.append('user-bad', 0, [unknown], { correlationId: 'c' })).rejects.toThrow(/unknown event type/);
    await expect(sut.load('user-bad')).resolves.toEqual([]);
  });

  it('returns every writer success with appendWithRetry when they race on one stream', async () => {
    const decide = (name: string) => (): NewEvent[] => [userRegistered('retry', name)];
    const results = await Promise.all(
      ['one', 'two', 'three'].map((name) => sut.appendWithRetry('user-retry', decide(name), { correlationId: name })),
    );
    expect(
      results
        .flat()
        .map((e) => e.version)
        .sort(),
    ).toEqual([1, 2, 3]);
    await expect(sut.load('user-retry')).resolves.toHaveLength(3);
  });

  it('rethrows ConcurrencyError from appendWithRetry when every attempt loses', async () => {
    await sut.append('user-hot', 0, [userRegistered('hot')], { correlationId: 'c' });
    let attempts = 0;
    // Each decision is overtaken by another writer before it lands.
    const decide = async () => {
      attempts++;
      const version = (await sut.load('user-hot')).length;
      await sut.append('user-hot', version, [userRegistered('hot')], { correlationId: 'rival' });
      return [userRegistered('hot')];
    };

    await expect(sut.appendWithRetry('user-hot', decide, { correlationId: 'c' }, { maxAttempts: 2 })).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    expect(attempts).toBe(2);
  });

  it('returns all events in position order across pages from readAll', async () => {
    const all: number[] = [];
    for await (const event of sut.readAll({ batchSize: 2 })) all.push(event.position);
    expect(all.length).toBeGreaterThan(4);
    expect([...all].sort((a, b) => a - b)).toEqual(all);

    const after = all[2];
    const rest: number[] = [];
    for await (const event of sut.readAll({ afterPosition: after, batchSize: 3 })) rest.push(event.position);
    expect(rest).toEqual(all.slice(3));
  });

  it('replaces only the named, present fields of that subject when erasing subject data', async () => {
    await sut.append('user-erase', 0, [userRegistered('erase')], { correlationId: 'c' });
    await sut.append('profile-erase', 0, [profileCreated('erase')], { correlationId: 'c' });
    await sut.append('user-keep', 0, [userRegistered('keep')], { correlationId: 'c' });

    const modified = await sut.eraseSubjectData('erase', ['email', 'name']);

    expect(modified).toBe(2);
    const [erased] = await sut.load('user-erase');
    expect(erased.data).toMatchObject({ userId: 'erase', email: '[erased]', name: '[erased]' });
    const [profile] = await sut.load('profile-erase');
    expect(profile.data).toEqual({ userId: 'erase', displayName: 'Profile erase' });
    const [kept] = await sut.load('user-keep');
    expect(kept.data).toMatchObject({ email: 'keep@example.com' });
  });
});
