// The event store's outbox relay publishing through Kafka: here, on the messaging side, which implements the relay's
// EventPublisher port (the event store depends on no broker).
import { topicOf, type EventType } from '@abide/contracts';
import {
  CommandRunner,
  EventStore,
  eventKey,
  OutboxRelay,
  ProjectionRunner,
  type EventPublisher,
  type OutgoingEvent,
} from '@abide/event-store';
import { redisOutboxHandoff } from '@abide/event-store/src/outbox/outbox-handoff';
import { OUTBOX_COLLECTION } from '@abide/event-store/src/outbox/outbox.schema';
import { RelayLease } from '@abide/event-store/src/outbox/relay-lease';
import type { NewEvent, StoredEvent } from '@abide/event-store/src/stored-event';
import { profileCreated, userRegistered } from '@abide/event-store/src/test-fixtures';
import { connectTestDatabase, dropTestDatabase, uniqueName, waitFor } from '@abide/testing/src/test-engines';
import type { Connection } from 'mongoose';
import { KafkaPublisher } from '../kafka-publisher';
import { consumeTopic, createTopics, deleteTopics, testBrokers, type ConsumedRecord } from '../testing/test-engines';

/** Counts what it publishes and can play a broker outage after a number of messages. */
class ObservedPublisher implements EventPublisher {
  published = 0;
  calls = 0;
  failures = 0;
  failAfter = Number.POSITIVE_INFINITY;
  /** How long the first publish hangs before it goes out (a slow broker). */
  firstCallDelayMs = 0;

  constructor(private readonly inner: EventPublisher) {}

  async publish(topic: string, messages: readonly OutgoingEvent[]): Promise<void> {
    if (this.calls++ === 0 && this.firstCallDelayMs > 0) await sleep(this.firstCallDelayMs);
    if (this.published + messages.length > this.failAfter) {
      this.failures++;
      throw new Error('broker unavailable');
    }
    await this.inner.publish(topic, messages);
    this.published += messages.length;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(OutboxRelay.name, () => {
  const prefix = uniqueName('es_relay');
  const topicFor = (type: string) => `${prefix}.${topicOf(type as EventType)}`;
  const userTopic = topicFor('identity.user.registered');
  const profileTopic = topicFor('formation.profile.created');
  let connection: Connection;
  let store: EventStore;
  let kafka: KafkaPublisher;

  const relay = (publisher: EventPublisher, owner: string) =>
    // Entries appended here have no request updating their read models: published at once.
    new OutboxRelay({
      eventStore: store,
      publisher,
      topicFor,
      owner,
      leaseTtlMs: 2000,
      pollIntervalMs: 100,
      batchSize: 4,
      awaitProjectionMs: 0,
    });

  /** Topics of one test alone, so what it reads back is its own. */
  const ownTopics: string[] = [];
  const freshTopics = async (...names: string[]): Promise<string[]> => {
    const topics = names.map((name) => `${uniqueName(prefix)}.${name}`);
    await createTopics(topics);
    ownTopics.push(...topics);
    return topics;
  };

  const unpublished = () => connection.collection(OUTBOX_COLLECTION).countDocuments({ published: { $ne: true } });

  /** One event per append, streams interleaved, so positions of different streams alternate. */
  const appendRound = async (streams: string[], rounds: number, after: (events: unknown) => void = () => undefined) => {
    for (let round = 0; round < rounds; round++) {
      for (const streamId of streams) {
        const history = await store.load(streamId);
        const event: NewEvent = streamId.startsWith('profile') ? profileCreated(streamId) : userRegistered(streamId);
        after(await store.append(streamId, history.length, [event], { correlationId: `${streamId}-${round}` }));
      }
    }
  };

  /** Every stream's events, once each, in version order 1..n, keyed by streamId. */
  const expectStreamsInOrder = (records: ConsumedRecord[], expected: Record<string, number>) => {
    for (const [streamId, count] of Object.entries(expected)) {
      const mine = records.filter((r) => r.key === streamId);
      expect(mine.map((r) => JSON.parse(r.value!).version)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(new Set(mine.map((r) => r.partition)).size).toBe(1);
      expect(mine[0].headers['x-event-type']).toBe(JSON.parse(mine[0].value!).type);
    }
  };

  beforeAll(async () => {
    connection = await connectTestDatabase(uniqueName('es_relay'));
    store = new EventStore(connection, { service: 'relay-test' });
    await store.init();
    kafka = new KafkaPublisher({ clientId: prefix, brokers: testBrokers() });
    await createTopics([userTopic, profileTopic]);
  });

  afterAll(async () => {
    await kafka.disconnect();
    await deleteTopics([userTopic, profileTopic, `${userTopic}.dlq`, `${profileTopic}.dlq`, ...ownTopics]);
    await dropTestDatabase(connection);
  });

  it('loses nothing and keeps stream order when publishing fails and the relay is stopped and restarted', async () => {
    const streams = ['user-s1', 'user-s2', 'profile-s3'];
    await appendRound(streams, 10);
    const first = new ObservedPublisher(kafka);
    first.failAfter = 13;
    const relayA = relay(first, 'relay-a');

    relayA.start();
    await waitFor(() => first.failures > 0, { what: 'the simulated outage' });
    await relayA.stop();
    const left = await unpublished();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(30);

    await appendRound(streams, 5);
    const relayB = relay(new ObservedPublisher(kafka), 'relay-b');
    relayB.start();
    await waitFor(async () => (await unpublished()) === 0, { what: 'the outbox to drain' });
    await relayB.stop();

    const records = [...(await consumeTopic(userTopic, 30)), ...(await consumeTopic(profileTopic, 15))];
    expect(records).toHaveLength(45);
    expectStreamsInOrder(records, { 'user-s1': 15, 'user-s2': 15, 'profile-s3': 15 });
  });

  it('publishes through the lease holder only, and hands over when it stops', async () => {
    const publishers = [new ObservedPublisher(kafka), new ObservedPublisher(kafka)];
    const relays = [relay(publishers[0], 'relay-c'), relay(publishers[1], 'relay-d')];
    relays.forEach((r) => r.start());
    const kickAll = () => relays.forEach((r) => r.kick());

    await appendRound(['user-c1', 'user-c2'], 10, kickAll);
    await waitFor(async () => (await unpublished()) === 0, { what: 'the outbox to drain' });

    const counts = publishers.map((p) => p.published);
    expect(counts.filter((n) => n > 0)).toEqual([20]);
    const holder = counts[0] > 0 ? 0 : 1;
    const other = 1 - holder;
    await expect(new RelayLease(connection, 'relay-test', 'probe', 1).holder()).resolves.toMatchObject({
      owner: relays[holder].owner,
    });

    await relays[holder].stop();
    await appendRound(['user-c1', 'user-c2'], 3, () => relays[other].kick());
    await waitFor(async () => (await unpublished()) === 0, { what: 'the other relay to take over' });
    await relays[other].stop();

    expect(publishers[other].published).toBe(6);
    const records = await consumeTopic(userTopic, 30 + 26);
    expectStreamsInOrder(records, { 'user-c1': 13, 'user-c2': 13 });
  });

  it('removes an orphaned entry (its writer crashed before storing the event) without publishing anything for it', async () => {
    await connection.collection(OUTBOX_COLLECTION).insertOne({
      _id: eventKey('user-ghost', 1) as never,
      eventId: 'never-stored',
      streamId: 'user-ghost',
      version: 1,
      type: 'identity.user.registered',
      createdAt: new Date(Date.now() - 60_000),
      projected: false,
      published: false,
    });
    const observed = new ObservedPublisher(kafka);

    await relay(observed, 'relay-ghost').runOnce();

    expect(observed.published).toBe(0);
    expect(await connection.collection(OUTBOX_COLLECTION).countDocuments({ streamId: 'user-ghost' })).toBe(0);
  });

  it('refuses the publish of a relay that stalled past its lease once another took over', async () => {
    const [topic] = await freshTopics('stalled');
    await appendRound(['user-st1', 'user-st2'], 3);
    // The first relay stalls while it reads its batch (a GC pause, a slow database) for longer than its lease.
    let reads = 0;
    const stallingStore = Object.assign(Object.create(store) as EventStore, {
      eventAt: async (key: string) => {
        if (reads++ === 0) await sleep(2500);
        return store.eventAt(key);
      },
    });
    const options = {
      topicFor: () => topic,
      service: 'relay-stalled',
      leaseTtlMs: 1000,
      pollIntervalMs: 100,
      batchSize: 100,
      awaitProjectionMs: 0,
    };
    const stalledPublisher = new ObservedPublisher(kafka);
    const stalled = new OutboxRelay({ ...options, eventStore: stallingStore, publisher: stalledPublisher, owner: 'stalled' });
    const stalledCycle = stalled.runOnce();
    await waitFor(() => reads > 0, { what: 'the first relay to stall' });

    const freshPublisher = new ObservedPublisher(kafka);
    const fresh = new OutboxRelay({ ...options, eventStore: store, publisher: freshPublisher, owner: 'fresh' });
    fresh.start();
    await waitFor(async () => (await unpublished()) === 0, { what: 'the second relay to take over and drain' });
    await expect(stalledCycle).resolves.toBe(0);
    await fresh.stop();

    expect(stalledPublisher.calls).toBe(0);
    expect(freshPublisher.published).toBe(6);
    const records = await consumeTopic(topic, 6, { settleMs: 1000 });
    expect(records).toHaveLength(6);
    expectStreamsInOrder(records, { 'user-st1': 3, 'user-st2': 3 });
  });

  it('stops at once, marking nothing, when its lease is taken while a publish hangs, and the new holder publishes it all', async () => {
    const [users, profiles] = await freshTopics('users', 'profiles');
    await appendRound(['user-sb1', 'profile-sb2'], 2);
    const options = {
      topicFor: (type: string) => (type.startsWith('identity.') ? users : profiles),
      service: 'relay-slow-broker',
      leaseTtlMs: 1000,
      pollIntervalMs: 100,
      batchSize: 100,
      awaitProjectionMs: 0,
    };
    const slowPublisher = new ObservedPublisher(kafka);
    slowPublisher.firstCallDelayMs = 2500;
    const slow = new OutboxRelay({ ...options, eventStore: store, publisher: slowPublisher, owner: 'slow' });
    const slowCycle = slow.runOnce();
    await waitFor(() => slowPublisher.calls > 0, { what: 'the first publish to hang' });

    const freshPublisher = new ObservedPublisher(kafka);
    const fresh = new OutboxRelay({ ...options, eventStore: store, publisher: freshPublisher, owner: 'fresh' });
    fresh.start();
    await waitFor(async () => (await unpublished()) === 0, { what: 'the second relay to take over and drain' });
    await expect(slowCycle).resolves.toBe(0);
    await fresh.stop();

    // The hung publish landed late (a duplicate for the inboxes), but the stale relay went no further.
    expect(slowPublisher.calls).toBe(1);
    expect(freshPublisher.published).toBe(4);
    const records = [...(await consumeTopic(users, 2, { settleMs: 1000 })), ...(await consumeTopic(profiles, 2, { settleMs: 1000 }))];
    expect(records.length).toBe(4 + slowPublisher.published);
    for (const key of ['user-sb1', 'profile-sb2']) {
      const versions = records.filter((r) => r.key === key).map((r) => JSON.parse(r.value!).version as number);
      expect([...new Set(versions)].sort()).toEqual([1, 2]);
    }
  });

  it('stays not ready while publishing fails, also across cycles that find its own term lingering past its clock', async () => {
    const [topic] = await freshTopics('outage');
    await appendRound(['user-out1'], 1);
    // The broker hangs for longer than the lease's term, then refuses.
    const broker = new ObservedPublisher(kafka);
    broker.failAfter = 0;
    broker.firstCallDelayMs = 1500;
    const relayInOutage = new OutboxRelay({
      eventStore: store,
      publisher: broker,
      topicFor: () => topic,
      service: 'relay-outage',
      owner: 'relay-outage',
      leaseTtlMs: 1000,
      pollIntervalMs: 100,
      maxBackoffMs: 150,
      awaitProjectionMs: 0,
    });
    const terms = connection.collection<{ _id: string; expiresAt: Date }>('relay_leases');
    // Stopped whatever happens: a relay left running would publish the shared outbox to this test's topic.
    try {
      relayInOutage.start();
      await waitFor(() => broker.calls > 0, { what: 'the hanging publish' });
      // Meanwhile its term outlasts its own clock in the database (clocks differ, or its last write landed late).
      const [term] = await terms.find({ _id: { $regex: '^relay-outage:' } }).toArray();
      await terms.updateOne({ _id: term._id }, { $set: { expiresAt: new Date(Date.now() + 60_000) } });
      await waitFor(() => broker.failures > 0, { what: 'the refused publish' });

      // Its next cycles cannot take the lease and publish nothing, which says nothing about the broker.
      await sleep(800);
      expect([broker.calls, broker.failures]).toEqual([1, 1]);
      await expect(relayInOutage.healthCheck.check()).rejects.toThrow(/publishing has failed .*broker unavailable/);

      // Once its term ends and the broker answers, it publishes and is ready again.
      broker.failAfter = Number.POSITIVE_INFINITY;
      await terms.updateOne({ _id: term._id }, { $set: { expiresAt: new Date(0) } });
      await waitFor(() => broker.published === 1, { what: 'the publish after the outage' });
      // The cycle that published records its success once it has marked the entry.
      const ready = () =>
        relayInOutage.healthCheck.check().then(
          () => true,
          () => false,
        );
      await waitFor(ready, { what: 'the relay to be ready again' });
    } finally {
      await relayInOutage.stop();
    }
  });

  it('lets another instance take over a lease its holder never released once it expires, at the next epoch', async () => {
    const now = new Date();
    const crashed = new RelayLease(connection, 'lease-test', 'crashed', 1000);
    const standby = new RelayLease(connection, 'lease-test', 'standby', 1000);

    await expect(crashed.acquire(now)).resolves.toBe(true);
    expect(crashed.epoch).toBe(1);
    await expect(standby.acquire(new Date(now.getTime() + 500))).resolves.toBe(false);
    await expect(crashed.acquire(new Date(now.getTime() + 600))).resolves.toBe(true);
    await expect(standby.acquire(new Date(now.getTime() + 1500))).resolves.toBe(false);
    await expect(standby.acquire(new Date(now.getTime() + 1700))).resolves.toBe(true);
    expect(standby.epoch).toBe(2);
    await expect(crashed.acquire(new Date(now.getTime() + 1800))).resolves.toBe(false);
    await expect(crashed.stillHeld(new Date(now.getTime() + 1800))).resolves.toBe(false);
    await expect(standby.holder()).resolves.toMatchObject({ epoch: 2, owner: 'standby' });
  });

  it('tells a standby, without a read, that the holder’s term still lasts (an append there then costs no lease read)', async () => {
    const now = new Date();
    const holder = new RelayLease(connection, 'lease-known', 'holder', 1000);
    const standby = new RelayLease(connection, 'lease-known', 'standby', 1000);
    expect(standby.othersTermLasts(now.getTime())).toBe(false);
    await expect(holder.acquire(now)).resolves.toBe(true);
    await expect(standby.acquire(new Date(now.getTime() + 100))).resolves.toBe(false);
    expect(standby.othersTermLasts(now.getTime() + 900)).toBe(true);
    // Once the term ran out by the standby's clock it asks again, and takes it.
    expect(standby.othersTermLasts(now.getTime() + 1001)).toBe(false);
    await expect(standby.acquire(new Date(now.getTime() + 1100))).resolves.toBe(true);
    expect(standby.othersTermLasts(now.getTime() + 1200)).toBe(false);
    expect(holder.othersTermLasts(now.getTime() + 1200)).toBe(false);
  });

  it('renews a lease only once half its term has passed, and sees a later epoch at its next check', async () => {
    const now = new Date();
    const holder = new RelayLease(connection, 'lease-renew', 'holder', 1000);
    await expect(holder.acquire(now)).resolves.toBe(true);
    // Epoch 2 claimed behind its back (as a standby whose clock runs ahead would).
    await connection.collection('relay_leases').insertOne({
      _id: 'lease-renew:2' as never,
      name: 'lease-renew',
      epoch: 2,
      owner: 'other',
      claimedAt: now,
      expiresAt: new Date(now.getTime() + 1000),
    });

    // Within the first half it does not ask; the fence, read before any publish, does.
    await expect(holder.acquire(new Date(now.getTime() + 400))).resolves.toBe(true);
    await expect(holder.stillHeld(new Date(now.getTime() + 400))).resolves.toBe(false);
    await expect(holder.acquire(new Date(now.getTime() + 600))).resolves.toBe(false);
  });

  it('waits for the lease of a relay from before epochs, then fences such relays out', async () => {
    const now = new Date();
    await connection.collection('relay_leases').insertOne({
      _id: 'lease-legacy' as never,
      owner: 'old-release',
      expiresAt: new Date(now.getTime() + 1000),
    });
    const lease = new RelayLease(connection, 'lease-legacy', 'new-release', 1000);

    await expect(lease.acquire(now)).resolves.toBe(false);
    await expect(lease.acquire(new Date(now.getTime() + 1100))).resolves.toBe(true);
    // The old release's relay matched an expired lease or its own: neither matches any more.
    const head = await connection.collection('relay_leases').findOne({ _id: 'lease-legacy' as never });
    expect(head).toMatchObject({ epoch: 1, owner: 'fenced-by-epoch' });
    expect(new Date(head!.expiresAt as Date).getTime()).toBeGreaterThan(Date.now() + 365 * 24 * 3600_000);
  });

  it('gives each epoch one holder while two instances race for it over many rounds with pauses, and refuses the stale one', async () => {
    // Another client to the same database, as another replica; its clock runs ahead by more than the skew margin, so
    // it takes over before the holder's own clock says its term ended: only the database check can stop the holder.
    // It also hands the lease back after each short piece of work, so that the instance with the true clock holds it
    // often; that one stalls (a GC pause, a slow broker) for half a term to nearly a whole one every time it holds it.
    const second = await connectTestDatabase(connection.name);
    const ttl = 400;
    const skews = [0, 200];
    const leases = [new RelayLease(connection, 'lease-race', 'a', ttl), new RelayLease(second, 'lease-race', 'b', ttl)];
    interface Check {
      owner: string;
      epoch: number;
      start: number;
      end: number;
      held: boolean;
    }
    const checks: Check[] = [];
    const claims: { owner: string; epoch: number; end: number }[] = [];
    const deadline = Date.now() + 8000;
    const race = async (lease: RelayLease, skew: number, stalls: boolean) => {
      const clock = () => new Date(Date.now() + skew);
      while (Date.now() < deadline) {
        const before = lease.epoch;
        if (!(await lease.acquire(clock()))) {
          await sleep(5 + Math.random() * 10);
          continue;
        }
        const epoch = lease.epoch!;
        if (epoch !== before) claims.push({ owner: lease.owner, epoch, end: Date.now() });
        await sleep(stalls ? ttl * (0.5 + Math.random() * 0.4) : 10 + Math.random() * 30);
        const start = Date.now();
        const held = await lease.stillHeld(clock());
        checks.push({ owner: lease.owner, epoch, start, end: Date.now(), held });
        if (held && !stalls) {
          await lease.release();
          await sleep(30);
        }
      }
    };
    try {
      await Promise.all(leases.map((lease, i) => race(lease, skews[i], i === 0)));
    } finally {
      await second.close();
    }

    const confirmed = checks.filter((c) => c.held);
    const epochs = new Map<number, Set<string>>();
    for (const c of confirmed) epochs.set(c.epoch, (epochs.get(c.epoch) ?? new Set()).add(c.owner));
    // Many takeovers, both ways.
    expect(claims.length).toBeGreaterThanOrEqual(10);
    expect(new Set(claims.map((c) => c.owner))).toEqual(new Set(['a', 'b']));
    expect(confirmed.length).toBeGreaterThanOrEqual(5);
    for (const owners of epochs.values()) expect(owners.size).toBe(1);
    // The fence: once a later epoch was claimed, no check begun afterwards confirms an earlier one.
    const stale = confirmed.filter((c) => claims.some((later) => later.epoch > c.epoch && later.end < c.start));
    expect(stale).toEqual([]);
    // Stale holders were there, and were refused.
    expect(checks.filter((c) => !c.held).length).toBeGreaterThan(0);
    // In the database: one term per epoch, each owned by who confirmed it.
    const terms = await connection.collection('relay_leases').find({ name: 'lease-race' }).sort({ epoch: 1 }).toArray();
    expect(terms.map((t) => t.epoch)).toEqual(Array.from({ length: terms.length }, (_, i) => i + 1));
    for (const [epoch, owners] of epochs) expect(terms[epoch - 1].owner).toBe([...owners][0]);
  }, 30_000);

  describe('events handed over by the request that updated their read models', () => {
    /** A relay publishing every type to one topic of the test's own. */
    const relayTo = (topic: string, publisher: EventPublisher, owner: string) =>
      new OutboxRelay({ eventStore: store, publisher, topicFor: () => topic, owner, leaseTtlMs: 2000, pollIntervalMs: 100, batchSize: 4 });
    const names = { name: 'handed', handles: ['identity.user.registered'] as const, reset: async () => undefined };

    it('are published without being read back, and their entries go in one delete', async () => {
      const [topic] = await freshTopics('handed');
      const holder = relayTo(topic, new ObservedPublisher(kafka), 'relay-handed');
      holder.start();
      await waitFor(() => holder['lease'].holdsByOwnClock(), { what: 'the lease' });
      const applied: string[] = [];
      const runner = new CommandRunner(
        store,
        new ProjectionRunner(store, [{ ...names, apply: async (e: StoredEvent) => void applied.push(e.id) }]),
        holder,
      );
      const reads = jest.spyOn(store, 'eventAt');
      const projectedMarks = jest.spyOn(store, 'markProjected');
      const deletes = jest.spyOn(store, 'deleteWork');

      const { events } = await runner.run(
        'user-handed',
        { name: 'names', initialState: () => null, evolve: (s) => s },
        () => [userRegistered('user-handed')],
        {
          correlationId: 'handed',
        },
      );
      await waitFor(async () => (await connection.collection(OUTBOX_COLLECTION).countDocuments({ streamId: 'user-handed' })) === 0, {
        what: 'the entry to go',
      });
      await holder.stop();

      expect(applied).toEqual([events[0].id]);
      expect(reads).not.toHaveBeenCalledWith(eventKey('user-handed', 1));
      expect(projectedMarks).not.toHaveBeenCalled();
      expect(deletes).toHaveBeenCalledWith([[eventKey('user-handed', 1), events[0].id]]);
      expect((await consumeTopic(topic, 1)).map((r) => JSON.parse(r.value!).id)).toEqual([events[0].id]);
      [reads, projectedMarks, deletes].forEach((spy) => spy.mockRestore());
    });

    it('go out in stream order without a read of the outbox while the holder published their stream up to them', async () => {
      const [topic] = await freshTopics('handed-direct');
      // A database of its own: no other test's entry makes the holder poll quickly.
      const own = await connectTestDatabase(uniqueName('es_relay_direct'));
      const ownStore = new EventStore(own, { service: 'relay-direct' });
      await ownStore.init();
      const holder = new OutboxRelay({
        eventStore: ownStore,
        publisher: new ObservedPublisher(kafka),
        topicFor: () => topic,
        owner: 'relay-direct',
        leaseTtlMs: 30_000,
        pollIntervalMs: 10_000,
        busyPollIntervalMs: 10_000,
        awaitProjectionMs: 0,
      });
      holder.start();
      await waitFor(() => holder['lease'].holdsByOwnClock(), { what: 'the lease' });
      const runner = new CommandRunner(ownStore, new ProjectionRunner(ownStore, [{ ...names, apply: async () => undefined }]), holder);
      const decider = { name: 'names', initialState: () => null, evolve: (s: null) => s };
      // (Event 4, appended below with no read models, keeps its entry for their duty once published.)
      const outboxEmpty = async () => (await own.collection(OUTBOX_COLLECTION).countDocuments({ published: { $ne: true } })) === 0;
      const scans = jest.spyOn(ownStore, 'outboxToPublish');

      for (let i = 1; i <= 3; i++) {
        await runner.run('user-direct', decider, () => [userRegistered('user-direct')], { correlationId: `direct-${i}` });
        await waitFor(outboxEmpty, { what: `event ${i} published` });
      }
      const scansWhileHanded = scans.mock.calls.length;
      // Another instance's append (never handed here), then one of this process: the outbox is read, both go in order.
      await ownStore.append('user-direct', 3, [userRegistered('user-direct')], { correlationId: 'elsewhere' });
      await runner.run('user-direct', decider, () => [userRegistered('user-direct')], { correlationId: 'direct-5' });
      await waitFor(outboxEmpty, { what: 'events 4 and 5 published' });
      await holder.stop();
      scans.mockRestore();
      await dropTestDatabase(own);

      expect(scansWhileHanded).toBe(0);
      expect((await consumeTopic(topic, 5)).map((r) => JSON.parse(r.value!).version)).toEqual([1, 2, 3, 4, 5]);
    });

    it('of another instance, whose read models it updated, are published from their entry without reading the event', async () => {
      const [topic] = await freshTopics('projected-elsewhere');
      const holder = relayTo(topic, new ObservedPublisher(kafka), 'relay-elsewhere');
      // Another instance's append whose request updated the read models and cleared that duty (it did not hold the lease).
      const [event] = await store.append('user-elsewhere', 0, [userRegistered('user-elsewhere')], { correlationId: 'elsewhere' });
      await store.markProjected([eventKey('user-elsewhere', 1)]);
      const reads = jest.spyOn(store, 'eventAt');

      holder.start();
      await waitFor(async () => (await connection.collection(OUTBOX_COLLECTION).countDocuments({ streamId: 'user-elsewhere' })) === 0, {
        what: 'the entry to go',
      });
      await holder.stop();
      const readKeys = reads.mock.calls.map(([key]) => key);
      reads.mockRestore();

      expect(readKeys).not.toContain(eventKey('user-elsewhere', 1));
      const [published] = (await consumeTopic(topic, 1)).map((r) => JSON.parse(r.value!));
      expect(published).toMatchObject({ id: event.id, version: 1, streamId: 'user-elsewhere', data: event.data });
    });

    describe('by an instance that does not hold the lease, over the service’s Redis channel', () => {
      const channelPrefix = uniqueName('it-handoff');
      /** Stopped after each test whatever happens: a relay left running would publish the shared outbox elsewhere. */
      const started: OutboxRelay[] = [];
      afterEach(async () => {
        await Promise.all(started.splice(0).map((relay) => relay.stop()));
      });
      /** `awaitProjectionMs`: long by default, so that what reaches Kafka here came through the handoff, however slow the machine. */
      const handoffRelay = (topic: string, owner: string, { withHandoff = true, awaitProjectionMs = 60_000 } = {}) => {
        const relay = new OutboxRelay({
          eventStore: store,
          publisher: new ObservedPublisher(kafka),
          topicFor: () => topic,
          service: 'relay-handoff',
          owner,
          leaseTtlMs: 5000,
          pollIntervalMs: 100,
          awaitProjectionMs,
          handoff: withHandoff ? redisOutboxHandoff(process.env.REDIS_URL as string, channelPrefix, 'relay-handoff') : undefined,
        });
        started.push(relay);
        return relay;
      };
      /** A holder, then a standby that has seen its term, and a command run on the standby. */
      const runOnStandby = async (holder: OutboxRelay, standby: OutboxRelay, streamId: string) => {
        holder.start();
        await waitFor(() => holder['lease'].holdsByOwnClock(), { what: 'the lease' });
        standby.start();
        await waitFor(() => standby['lease'].othersTermLasts(), { what: 'the standby to see the holder’s term' });
        const runner = new CommandRunner(store, new ProjectionRunner(store, [{ ...names, apply: async () => undefined }]), standby);
        const decider = { name: 'names', initialState: () => null, evolve: (s: null) => s };
        return (await runner.run(streamId, decider, () => [userRegistered(streamId)], { correlationId: streamId })).events[0];
      };
      const entryOf = (streamId: string) => connection.collection(OUTBOX_COLLECTION).findOne({ _id: eventKey(streamId, 1) as never });

      it('are published by the holder against their entry, which goes in one delete: the sender clears nothing', async () => {
        const [topic] = await freshTopics('handoff');
        const holder = handoffRelay(topic, 'relay-handoff-holder');
        const standby = handoffRelay(topic, 'relay-handoff-standby');
        const projectedMarks = jest.spyOn(store, 'markProjected');
        const reads = jest.spyOn(store, 'eventAt');
        const deletes = jest.spyOn(store, 'deleteWork');

        const event = await runOnStandby(holder, standby, 'user-handoff');
        await waitFor(async () => (await entryOf('user-handoff')) === null, { what: 'the entry to go' });
        await Promise.all([holder.stop(), standby.stop()]);
        const spied = { marks: projectedMarks.mock.calls.length, reads: reads.mock.calls.map(([key]) => key), deletes: deletes.mock.calls };
        [projectedMarks, reads, deletes].forEach((spy) => spy.mockRestore());

        expect(spied.marks).toBe(0);
        expect(spied.reads).not.toContain(eventKey('user-handoff', 1));
        expect(spied.deletes).toContainEqual([[[eventKey('user-handoff', 1), event.id]]]);
        expect((await consumeTopic(topic, 1, { settleMs: 500 })).map((r) => JSON.parse(r.value!).id)).toEqual([event.id]);
      });

      it('are forgotten by the holder once a read of the outbox no longer lists them (published another way)', async () => {
        const [topic] = await freshTopics('handoff-stale');
        const holder = handoffRelay(topic, 'relay-stale-holder');
        const sender = redisOutboxHandoff(process.env.REDIS_URL as string, channelPrefix, 'relay-handoff');
        holder.start();
        await waitFor(() => holder['lease'].holdsByOwnClock(), { what: 'the lease' });
        // Its entry was published after the wait for its request: only the read models' duty is left.
        const [event] = await store.append('user-handoff-stale', 0, [userRegistered('user-handoff-stale')], { correlationId: 'stale' });
        await store.markPublished([eventKey('user-handoff-stale', 1)]);
        const received = jest.spyOn(holder as unknown as { received: (events: StoredEvent[]) => void }, 'received');

        await waitFor(() => sender.send([event]) && received.mock.calls.length > 0, { what: 'the holder to receive it' });
        await waitFor(() => holder['handed'].size === 0, { what: 'the holder to forget it' });
        await holder.stop();
        sender.close();
        await store.markProjected([eventKey('user-handoff-stale', 1)]);
      });

      it('reach Kafka from the outbox, and their read models are healed, when the holder does not take them', async () => {
        const [topic] = await freshTopics('handoff-unheard');
        const holder = handoffRelay(topic, 'relay-unheard-holder', { withHandoff: false, awaitProjectionMs: 500 });
        const standby = handoffRelay(topic, 'relay-unheard-standby');

        const event = await runOnStandby(holder, standby, 'user-handoff-unheard');
        await waitFor(async () => (await entryOf('user-handoff-unheard'))?.published === true, { what: 'the holder to publish it' });
        await Promise.all([holder.stop(), standby.stop()]);
        expect(await entryOf('user-handoff-unheard')).toMatchObject({ unprojected: true });
        const applied: string[] = [];
        await new ProjectionRunner(store, [{ ...names, apply: async (e: StoredEvent) => void applied.push(e.id) }]).heal(0);

        expect(applied.filter((id) => id === event.id)).toEqual([event.id]);
        expect(await entryOf('user-handoff-unheard')).toBeNull();
        expect((await consumeTopic(topic, 1, { settleMs: 500 })).map((r) => JSON.parse(r.value!).id)).toEqual([event.id]);
      });
    });

    it('still reach Kafka once and their read models’ duty is healed when the relay that took them stops before publishing', async () => {
      const [topic] = await freshTopics('handed-lost');
      const failing = new ObservedPublisher(kafka);
      failing.failAfter = 0;
      const first = relayTo(topic, failing, 'relay-handed-a');
      first.start();
      await waitFor(() => first['lease'].holdsByOwnClock(), { what: 'the lease' });
      const [event] = await store.append('user-handed-lost', 0, [userRegistered('user-handed-lost')], { correlationId: 'lost' });
      expect(first.takeProjected([event])).toBe(true);
      first.kick();
      await waitFor(() => failing.failures > 0, { what: 'the failed publish' });
      // The process goes before it could publish: the entry keeps its read-model duty.
      await first.stop();
      const entry = { _id: eventKey('user-handed-lost', 1) };
      expect(await connection.collection(OUTBOX_COLLECTION).findOne(entry as never)).toMatchObject({ unprojected: true });

      const next = relayTo(topic, new ObservedPublisher(kafka), 'relay-handed-b');
      next.start();
      await waitFor(async () => (await connection.collection(OUTBOX_COLLECTION).findOne(entry as never))?.published === true, {
        what: 'the next holder to publish it',
      });
      await next.stop();
      const applied: string[] = [];
      await new ProjectionRunner(store, [{ ...names, apply: async (e: StoredEvent) => void applied.push(e.id) }]).heal(0);

      // (The heal also takes what the other tests appended without read models.)
      expect(applied.filter((id) => id === event.id)).toEqual([event.id]);
      expect(await connection.collection(OUTBOX_COLLECTION).countDocuments(entry as never)).toBe(0);
      expect((await consumeTopic(topic, 1)).map((r) => JSON.parse(r.value!).id)).toEqual([event.id]);
    });
  });
});
