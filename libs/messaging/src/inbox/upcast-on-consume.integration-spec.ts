import 'reflect-metadata';
import { eventDefinitions, EventRegistry, eventVersions, userRegisteredV1, type EventEnvelope } from '@abide/contracts';
import { Controller, Inject, type INestApplication } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
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
import { startInboxConsumerApp } from './inbox-consumer-app.stub';
import { InboxConsumer, type InboxOutcome } from './inbox-consumer';

/**
 * A build in which `identity.user.registered` is at v2: its v1 recorded no roles (every member was a user then).
 * Messages an older producer published at v1 are still on the topic when this build starts consuming.
 */
const registeredV1 = userRegisteredV1.omit({ roles: true });
const registry = new EventRegistry({
  ...eventDefinitions,
  'identity.user.registered': eventVersions(registeredV1).next(userRegisteredV1, (v1) => ({ ...v1, roles: ['user' as const] })),
});

const topic = `${uniqueName('msg_upcast')}.identity.user.v1`;
const dlq = `${topic}.dlq`;
const groupId = uniqueName('msg_upcast_group');

const registered = (schemaVersion: number, name: string, extra: Record<string, unknown> = {}): EventEnvelope => ({
  id: uuidv7(),
  type: 'identity.user.registered',
  schemaVersion,
  streamId: `user-${name}`,
  version: 1,
  occurredAt: new Date().toISOString(),
  subjectId: `user-${name}`,
  correlationId: 'corr',
  causationId: null,
  data: { userId: `user-${name}`, name, email: `${name}@example.com`, registeredAt: '2025-01-01T00:00:00.000Z', ...extra },
});

const applied: Array<{ name: string; roles: string[]; schemaVersion: number }> = [];
const outcomes: InboxOutcome[] = [];

@Controller()
class DirectoryConsumer {
  constructor(@Inject(InboxConsumer) private readonly inbox: InboxConsumer) {}

  @EventPattern(topic)
  async onUserEvent(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    const outcome = await this.inbox.handle(payload, context, 'test.directory', {
      'identity.user.registered': async (event) => {
        applied.push({ name: event.data.name, roles: event.data.roles, schemaVersion: event.schemaVersion });
      },
    });
    outcomes.push(outcome);
  }
}

describe('InboxConsumer with an earlier schema version on the topic', () => {
  let connection: Connection;
  let app: INestApplication;
  let publisher: KafkaPublisher;

  beforeAll(async () => {
    connection = await connectTestDatabase(uniqueName('msg_upcast'));
    publisher = testPublisher(uniqueName('msg_upcast_pub'));
    await createTopics([topic, dlq], 1);

    app = await startInboxConsumerApp({
      controller: DirectoryConsumer,
      connection,
      groupId,
      topic,
      consumer: { attempts: 2, initialDelayMs: 20, maxDelayMs: 50, registry },
    });
  });

  afterAll(async () => {
    await app?.close();
    await publisher?.disconnect();
    await deleteTopics([topic, dlq]);
    await dropTestDatabase(connection);
  });

  it('applies a v1 message upcast to v2 instead of dead-lettering it, and dead-letters a v3 one saying why', async () => {
    const future = registered(3, 'cleo', { roles: ['user'], nickname: 'C' });
    // One partition: the three arrive in this order.
    await publisher.publish(topic, [
      { key: 'k', value: registered(1, 'ada') },
      { key: 'k', value: registered(2, 'bea', { roles: ['moderator'] }) },
      { key: 'k', value: future },
    ]);
    await waitFor(() => outcomes.length >= 3, { what: 'the three deliveries' });

    expect(outcomes).toEqual(['handled', 'handled', 'dead-lettered']);
    expect(applied).toEqual([
      { name: 'ada', roles: ['user'], schemaVersion: 2 },
      { name: 'bea', roles: ['moderator'], schemaVersion: 2 },
    ]);
    const [letter] = await consumeTopic(dlq, 1);
    expect(letter.value).toBe(JSON.stringify(future));
    expect(letter.headers['x-dlq-reason']).toBe(
      'schemaVersion 3 of identity.user.registered is newer than this build reads (2); it needs a later build',
    );
  });
});
