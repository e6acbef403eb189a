import 'reflect-metadata';
import { Controller, Inject, type INestApplication } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import type { Connection } from 'mongoose';
import type { KafkaPublisher } from '../kafka-publisher';
import {
  connectTestDatabase,
  createTopics,
  deleteTopics,
  dropTestDatabase,
  testPublisher,
  uniqueName,
  waitFor,
} from '../testing/test-engines';
import { userRegisteredEnvelope } from '../testing/envelopes';
import { startInboxConsumerApp } from './inbox-consumer-app.stub';
import { DeadLetterStore, deadLetterValue } from './dead-letter-store';
import { InboxConsumer, type InboxOutcome } from './inbox-consumer';

const topic = `${uniqueName('msg_replay')}.identity.user.v1`;
const dlq = `${topic}.dlq`;

const registered = (name: string) => userRegisteredEnvelope(name, `user-${name}`);

/** The directory fails every event until its cause is fixed; the mailer handles everything. */
let directoryBroken = true;
const seen = { directory: [] as InboxOutcome[], mailer: [] as InboxOutcome[] };
const applied = { directory: [] as string[], mailer: [] as string[] };

@Controller()
class DirectoryConsumer {
  constructor(@Inject(InboxConsumer) private readonly inbox: InboxConsumer) {}

  @EventPattern(topic)
  async on(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    const outcome = await this.inbox.handle(payload, context, 'test.directory', {
      'identity.user.registered': async (event) => {
        if (directoryBroken) throw new Error('directory index missing');
        applied.directory.push(event.data.name);
      },
    });
    seen.directory.push(outcome);
  }
}

@Controller()
class MailerConsumer {
  constructor(@Inject(InboxConsumer) private readonly inbox: InboxConsumer) {}

  @EventPattern(topic)
  async on(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    const outcome = await this.inbox.handle(payload, context, 'test.mailer', {
      'identity.user.registered': async (event) => void applied.mailer.push(event.data.name),
    });
    seen.mailer.push(outcome);
  }
}

describe('Replaying a dead letter', () => {
  let connection: Connection;
  let apps: INestApplication[] = [];
  let publisher: KafkaPublisher;
  let store: DeadLetterStore;

  beforeAll(async () => {
    connection = await connectTestDatabase(uniqueName('msg_replay'));
    publisher = testPublisher(uniqueName('msg_test'));
    store = new DeadLetterStore(connection);
    await createTopics([topic, dlq]);
    const consumer = { attempts: 2, initialDelayMs: 20, maxDelayMs: 50 };
    apps = await Promise.all([
      startInboxConsumerApp({ controller: DirectoryConsumer, connection, groupId: uniqueName('msg_dir'), topic, consumer }),
      startInboxConsumerApp({ controller: MailerConsumer, connection, groupId: uniqueName('msg_mail'), topic, consumer }),
    ]);
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await publisher?.disconnect();
    await deleteTopics([topic, dlq]);
    await dropTestDatabase(connection);
  });

  it('is listed with its reason, and once the cause is fixed a replay is handled exactly once, by the consumer that failed', async () => {
    const event = registered('grace');
    await publisher.publish(topic, [{ key: event.streamId, value: event }]);
    await waitFor(() => seen.directory.length >= 1 && seen.mailer.length >= 1, { what: 'both consumers to see the event' });
    expect(seen).toEqual({ directory: ['dead-lettered'], mailer: ['handled'] });

    const [letter] = await store.list();
    expect(letter).toMatchObject({
      consumer: 'test.directory',
      topic,
      eventId: event.id,
      eventType: 'identity.user.registered',
      reason: 'handler failed after 2 attempt(s): Error: directory index missing',
      replayedAt: null,
    });
    expect(JSON.parse(deadLetterValue(letter)!.toString())).toEqual(event);

    directoryBroken = false;
    const replay = await store.replay(letter._id, publisher);
    expect(replay).toMatchObject({ outcome: 'replayed', letter: { replayedAt: expect.any(Date) } });
    await waitFor(() => seen.directory.length >= 2 && seen.mailer.length >= 2, { what: 'both consumers to see the replay' });

    // The mailer had handled it already: its inbox drops the replay.
    expect(seen).toEqual({ directory: ['dead-lettered', 'handled'], mailer: ['handled', 'duplicate'] });
    expect(applied).toEqual({ directory: ['grace'], mailer: ['grace'] });
  });

  it('does nothing on a second replay of the same dead letter, and knows no unknown one', async () => {
    const [letter] = await store.list();

    expect(await store.replay(letter._id, publisher)).toMatchObject({ outcome: 'already-replayed' });
    expect(await store.replay('no-such-letter', publisher)).toEqual({ outcome: 'not-found' });
    // Nothing was sent: a later event is the next thing either consumer sees.
    const later = registered('later');
    await publisher.publish(topic, [{ key: later.streamId, value: later }]);
    await waitFor(() => seen.directory.length >= 3 && seen.mailer.length >= 3, { what: 'the later event' });
    expect(applied).toEqual({ directory: ['grace', 'later'], mailer: ['grace', 'later'] });
  });
});
