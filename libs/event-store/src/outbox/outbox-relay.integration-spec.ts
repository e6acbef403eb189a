import { topicOf, type EventType } from '@abide/contracts';
import { KafkaPublisher, type EventPublisher, type OutgoingEvent } from '@abide/messaging';
import {
  connectTestDatabase,
  consumeTopic,
  createTopics,
  deleteTopics,
  dropTestDatabase,
  testBrokers,
  uniqueName,
  waitFor,
  type ConsumedRecord,
} from '@abide/messaging/src/testing/test-engines';
import type { Connection } from 'mongoose';
import { EventStore } from '../event-store';
import { eventKey } from '../keys';
import { OUTBOX_COLLECTION } from './outbox.schema';
import type { NewEvent } from '../stored-event';
import { profileCreated, userRegistered } from '../test-fixtures';
import { OutboxRelay } from './outbox-relay';
import { RelayLease } from './relay-lease';

/** Counts what it publishes and can play a broker outage after a number of messages. */
class ObservedPublisher implements EventPublisher {
  published = 0;
  failures = 0;
  failAfter = Number.POSITIVE_INFINITY;

  constructor(private readonly inner: EventPublisher) {}

  async publish(topic: string, messages: readonly OutgoingEvent[]): Promise<void> {
    if (this.published + messages.length > this.failAfter) {
      this.failures++;
      throw new Error('broker unavailable');
    }
    await this.inner.publish(topic, messages);
    this.published += messages.length;
  }
}

describe(OutboxRelay.name, () => {
  const prefix = uniqueName('es_relay');
  const topicFor = (type: string) => `${prefix}.${topicOf(type as EventType)}`;
  const userTopic = topicFor('identity.user.registered');
  const profileTopic = topicFor('formation.profile.created');
  let connection: Connection;
  let store: EventStore;
  let kafka: KafkaPublisher;

  const relay = (publisher: EventPublisher, owner: string) =>
    new OutboxRelay({ eventStore: store, publisher, topicFor, owner, leaseTtlMs: 2000, pollIntervalMs: 100, batchSize: 4 });

  const unpublished = () => connection.collection(OUTBOX_COLLECTION).countDocuments({});

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
    await deleteTopics([userTopic, profileTopic, `${userTopic}.dlq`, `${profileTopic}.dlq`]);
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

  it('lets another instance take over a lease its holder never released once it expires', async () => {
    const now = new Date();
    const crashed = new RelayLease(connection, 'lease-test', 'crashed', 1000);
    const standby = new RelayLease(connection, 'lease-test', 'standby', 1000);

    await expect(crashed.acquire(now)).resolves.toBe(true);
    await expect(standby.acquire(new Date(now.getTime() + 500))).resolves.toBe(false);
    await expect(crashed.acquire(new Date(now.getTime() + 600))).resolves.toBe(true);
    await expect(standby.acquire(new Date(now.getTime() + 1500))).resolves.toBe(false);
    await expect(standby.acquire(new Date(now.getTime() + 1700))).resolves.toBe(true);
    await expect(crashed.acquire(new Date(now.getTime() + 1800))).resolves.toBe(false);
  });

  it('renews a lease only once half its term has passed, then sees who holds it', async () => {
    const now = new Date();
    const holder = new RelayLease(connection, 'lease-renew', 'holder', 1000);
    await expect(holder.acquire(now)).resolves.toBe(true);
    // Taken over behind its back (as only an expiry could): within the first half it does not ask.
    await connection.collection('relay_leases').updateOne({ _id: 'lease-renew' as never }, { $set: { owner: 'other' } });

    await expect(holder.acquire(new Date(now.getTime() + 400))).resolves.toBe(true);
    await expect(holder.acquire(new Date(now.getTime() + 600))).resolves.toBe(false);
  });
});
