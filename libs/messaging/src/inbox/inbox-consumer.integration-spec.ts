import 'reflect-metadata';
import type { EventEnvelope } from '@abide/contracts';
import { Controller, Inject, type INestApplication } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import type { Connection } from 'mongoose';
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
import { INBOX_COLLECTION } from './inbox.schema';

const topic = `${uniqueName('msg_inbox')}.identity.user.v1`;
const dlq = `${topic}.dlq`;
const groupId = uniqueName('msg_group');

const registered = (name: string, overrides: Partial<EventEnvelope> = {}) => userRegisteredEnvelope(name, 'user-1', overrides);

/** What the handler saw, by event name, and what the wrapper decided for each delivery. */
const applied: string[] = [];
const outcomes: InboxOutcome[] = [];
const flakyFailures = new Map<string, number>();

// The wiring a service uses: @EventPattern(topic) + @Payload/@Ctx, delegating to InboxConsumer.
@Controller()
class UserEventsConsumer {
  constructor(@Inject(InboxConsumer) private readonly inbox: InboxConsumer) {}

  @EventPattern(topic)
  async onUserEvent(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    const outcome = await this.inbox.handle(payload, context, 'test.user-directory', {
      'identity.user.registered': async (event) => {
        const { name } = event.data;
        if (name.startsWith('flaky')) {
          const failures = flakyFailures.get(name) ?? 0;
          if (failures < 2) {
            flakyFailures.set(name, failures + 1);
            throw new Error('database briefly unavailable');
          }
        }
        if (name === 'always-fails') throw new Error('cannot apply');
        applied.push(name);
      },
    });
    outcomes.push(outcome);
  }
}

describe(InboxConsumer.name, () => {
  let connection: Connection;
  let app: INestApplication;
  let publisher: KafkaPublisher;

  const publish = (...events: EventEnvelope[]) =>
    publisher.publish(
      topic,
      events.map((value) => ({ key: value.streamId, value })),
    );

  beforeAll(async () => {
    connection = await connectTestDatabase(uniqueName('msg_inbox'));
    publisher = testPublisher(uniqueName('msg_test'));
    await createTopics([topic, dlq]);
    // Published before the consumer group ever joined: fromBeginning must still deliver it.
    await publish(registered('early'));

    app = await startInboxConsumerApp({
      controller: UserEventsConsumer,
      connection,
      groupId,
      topic,
      consumer: { attempts: 3, initialDelayMs: 20, maxDelayMs: 50 },
    });
  });

  afterAll(async () => {
    await app?.close();
    await publisher?.disconnect();
    await deleteTopics([topic, dlq]);
    await dropTestDatabase(connection);
  });

  it('returns events published before the group first joined (fromBeginning, exact group id)', () => {
    expect(applied).toEqual(['early']);
  });

  it('applies an event delivered twice once, dead-letters invalid messages and keeps processing', async () => {
    const duplicate = registered('twice');
    const invalidData = registered('bad-email', { data: { ...registered('x').data, email: 'not-an-email' } });
    const failing = registered('always-fails');

    await publish(duplicate, duplicate);
    await publisher.publishRaw(topic, [{ key: 'user-1', value: 'this is not json', headers: {} }]);
    await publish(
      invalidData,
      registered('unknown type', { type: 'identity.user.renamed' }),
      registered('flaky-1'),
      failing,
      registered('after'),
    );
    await waitFor(() => outcomes.length >= 9, { what: 'every delivery, including the one after the bad ones' });

    expect(applied).toEqual(['early', 'twice', 'flaky-1', 'after']);
    expect(outcomes).toEqual([
      'handled', // early
      'handled', // twice
      'duplicate', // twice, again
      'dead-lettered', // not JSON
      'dead-lettered', // invalid e-mail
      'ignored', // a type this consumer does not handle
      'handled', // flaky-1, third attempt
      'dead-lettered', // always-fails
      'handled', // after
    ]);
    const inbox = await connection.collection(INBOX_COLLECTION).find({ consumer: 'test.user-directory', state: 'done' }).toArray();
    expect(inbox).toHaveLength(4);

    const letters = await consumeTopic(dlq, 3);
    expect(letters.map((l) => [l.value?.slice(0, 16), l.headers['x-dlq-reason']])).toEqual([
      ['this is not json', 'invalid JSON'],
      [JSON.stringify(invalidData).slice(0, 16), expect.stringMatching(/^invalid data for identity.user.registered v1: email/)],
      [JSON.stringify(failing).slice(0, 16), 'handler failed after 3 attempt(s): Error: cannot apply'],
    ]);
    expect(letters[1]).toMatchObject({
      key: 'user-1',
      headers: { 'x-event-type': 'identity.user.registered', 'x-dlq-source-topic': topic, 'x-dlq-consumer': 'test.user-directory' },
    });
  });
});
