import 'reflect-metadata';
import type { EventEnvelope } from '@abide/contracts';
import { Controller, Inject, type INestApplication } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import type { Connection } from 'mongoose';
import { sleep } from '@abide/platform';
import type { KafkaPublisher } from '../kafka-publisher';
import {
  connectTestDatabase,
  consumeTopic,
  createTopics,
  deleteTopics,
  dropTestDatabase,
  testPublisher,
  uniqueName,
  waitFor,
} from '../testing/test-engines';
import { userRegisteredEnvelope } from '../testing/envelopes';
import { startInboxConsumerApp } from './inbox-consumer-app.stub';
import { InboxConsumer, type InboxOutcome } from './inbox-consumer';
import { INBOX_COLLECTION, inboxKey } from './inbox.schema';

const topic = `${uniqueName('msg_claims')}.identity.user.v1`;
const dlq = `${topic}.dlq`;
const consumerName = 'test.replicated-directory';

/** The handler's effects, one entry per run, by event name; and every outcome, by replica. */
const effects: string[] = [];
const outcomes: { replica: string; outcome: InboxOutcome }[] = [];
/** How many replicas an event reached, by event id. */
const arrivals = new Map<string, number>();

/** Holds a delivery until the other replica has the same event too, so that both reach the inbox together. */
const meetTheOtherReplica = async (payload: unknown): Promise<void> => {
  const { id } = JSON.parse(Buffer.isBuffer(payload) ? payload.toString() : JSON.stringify(payload)) as { id: string };
  arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
  await waitFor(() => (arrivals.get(id) ?? 0) >= 2, { timeoutMs: 10_000, intervalMs: 2, what: `the other replica to receive ${id}` });
};

/** One replica's consumer: the same consumer name on every replica, as a service scaled out has. */
const replicaConsumer = (replica: string) => {
  @Controller()
  class ReplicaConsumer {
    constructor(@Inject(InboxConsumer) private readonly inbox: InboxConsumer) {}

    @EventPattern(topic)
    async on(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
      await meetTheOtherReplica(payload);
      const outcome = await this.inbox.handle(payload, context, consumerName, {
        'identity.user.registered': async (event) => {
          // A handler takes a while: the other replica's delivery reaches the inbox meanwhile.
          await sleep(20);
          effects.push(event.data.name);
        },
      });
      outcomes.push({ replica, outcome });
    }
  }
  return ReplicaConsumer;
};

/** A delivery as the Kafka server hands it to a handler (for the specs that call the inbox directly). */
const delivery = (event: EventEnvelope, offset: number): KafkaContext =>
  new KafkaContext([
    { key: Buffer.from(event.streamId), value: Buffer.from(JSON.stringify(event)), headers: {}, offset: String(offset) } as never,
    0,
    topic,
    undefined as never,
    async () => undefined,
    undefined as never,
  ]);

describe('Inbox claims with several replicas', () => {
  const databaseName = uniqueName('msg_claims');
  let connection: Connection;
  let publisher: KafkaPublisher;

  beforeAll(async () => {
    connection = await connectTestDatabase(databaseName);
    publisher = testPublisher(uniqueName('msg_claims'));
    await createTopics([topic, dlq]);
  });

  afterAll(async () => {
    await publisher?.disconnect();
    await deleteTopics([topic, dlq]);
    await dropTestDatabase(connection);
  });

  it('runs the handler once per event when two replicas receive every event at the same time', async () => {
    // Two groups on one topic deliver each event to both replicas, and each delivery waits for the other's: what a
    // rebalance or a redelivery does to some events, done to all of them at the same moment. Each replica has its own connection to the database, as a process would.
    const connections = [connection, await connectTestDatabase(databaseName)];
    const apps: INestApplication[] = [];
    try {
      for (const [i, replica] of ['a', 'b'].entries()) {
        apps.push(
          await startInboxConsumerApp({
            controller: replicaConsumer(replica),
            connection: connections[i],
            groupId: uniqueName(`msg_claims_${replica}`),
            topic,
          }),
        );
      }
      const names = Array.from({ length: 40 }, (_, i) => `member-${i}`);
      await publisher.publish(
        topic,
        // One key, so one partition: both replicas meet each event in the same order.
        names.map((name) => {
          const event = userRegisteredEnvelope(name, 'user-replicated');
          return { key: event.streamId, value: event };
        }),
      );
      await waitFor(() => outcomes.length >= 80, { what: 'both replicas to see every event', timeoutMs: 45_000 });

      expect([...effects].sort()).toEqual([...names].sort());
      const count = (outcome: InboxOutcome) => outcomes.filter((o) => o.outcome === outcome).length;
      expect({ handled: count('handled'), duplicate: count('duplicate') }).toEqual({ handled: 40, duplicate: 40 });
      expect(await connection.collection(INBOX_COLLECTION).countDocuments({ consumer: consumerName, state: 'done' })).toBe(40);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await connections[1].close();
    }
  }, 90_000);

  it('retakes the claim of a replica that crashed mid-handle once it expires, and not before', async () => {
    const inbox = new InboxConsumer(connection, publisher, { claimTtlMs: 1000 });
    const event = userRegisteredEnvelope('crashed-mid-handle', 'user-crash');
    // What a replica that died inside the handler leaves behind: a claim that nobody will mark done or release.
    const leftUntil = Date.now() + 800;
    await connection.collection(INBOX_COLLECTION).insertOne({
      _id: inboxKey('test.crash', event.id) as never,
      consumer: 'test.crash',
      eventId: event.id,
      type: event.type,
      streamId: event.streamId,
      topic,
      state: 'claimed',
      attempt: 0,
      claimedBy: 'the-replica-that-died',
      claimedAt: new Date(),
      expiresAt: new Date(leftUntil),
    });
    const runs: number[] = [];
    const handlers = { 'identity.user.registered': async () => void runs.push(Date.now()) };

    await expect(inbox.handle(event, delivery(event, 1), 'test.crash', handlers)).resolves.toBe('handled');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toBeGreaterThanOrEqual(leftUntil);
    // The redelivery that follows a crash is now a duplicate.
    await expect(inbox.handle(event, delivery(event, 1), 'test.crash', handlers)).resolves.toBe('duplicate');
    expect(runs).toHaveLength(1);
    expect(await connection.collection(INBOX_COLLECTION).findOne({ _id: inboxKey('test.crash', event.id, 1) as never })).toMatchObject({
      state: 'done',
    });
  });

  it('releases the claim when the handler gives up, so that the next delivery runs it', async () => {
    const inbox = new InboxConsumer(connection, publisher, { attempts: 1 });
    const event = userRegisteredEnvelope('fails-once', 'user-fails');
    let broken = true;
    const runs: string[] = [];
    const handlers = {
      'identity.user.registered': async () => {
        runs.push(broken ? 'failed' : 'applied');
        if (broken) throw new Error('read model missing');
      },
    };

    await expect(inbox.handle(event, delivery(event, 7), 'test.release', handlers)).resolves.toBe('dead-lettered');
    broken = false;
    // The replay of its dead letter (or any redelivery) claims it again at once, without waiting for an expiry.
    const started = Date.now();
    await expect(inbox.handle(event, delivery(event, 8), 'test.release', handlers)).resolves.toBe('handled');
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(inbox.handle(event, delivery(event, 9), 'test.release', handlers)).resolves.toBe('duplicate');
    expect(runs).toEqual(['failed', 'applied']);
    expect(await consumeTopic(dlq, 1)).toHaveLength(1);
  });

  it('leaves the types a consumer’s read models keep versions for to them: no inbox row, every delivery runs', async () => {
    const inbox = new InboxConsumer(connection, publisher);
    const renamed = userRegisteredEnvelope('', 'user-by-type', {
      type: 'identity.user.profile-updated',
      data: { userId: 'user-by-type', name: 'Renamed' },
    });
    const registered = userRegisteredEnvelope('Registered', 'user-by-type');
    const runs: string[] = [];
    const handlers = {
      'identity.user.registered': async () => void runs.push('registered'),
      'identity.user.profile-updated': async () => void runs.push('renamed'),
    };
    const options = { dedupe: (type: string) => (type === 'identity.user.profile-updated' ? ('read-model' as const) : ('inbox' as const)) };

    for (const [i, event] of [renamed, registered, renamed, registered].entries()) {
      await inbox.handle(event, delivery(event, 20 + i), 'test.by-type', handlers, options);
    }

    // The versioned type ran at each delivery and left no row; the other ran once, under its claim.
    expect(runs).toEqual(['renamed', 'registered', 'renamed']);
    const rows = connection.collection(INBOX_COLLECTION);
    expect(await rows.findOne({ _id: inboxKey('test.by-type', renamed.id, 0) as never })).toBeNull();
    expect(await rows.findOne({ _id: inboxKey('test.by-type', registered.id, 0) as never })).toMatchObject({ state: 'done' });
  });
});
