import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { topics, type EventEnvelope } from '@abide/contracts';
import { KafkaEventServer, type KafkaPublisher, stackTopics, waitForConsumerGroup } from '@abide/messaging';
import { createTopics, deleteTopics, testBrokers, testPublisher, uniqueName, waitFor } from '@abide/messaging/src/testing/test-engines';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';

// Topic names are fixed when the consumer's decorators load, so this run's prefix is set before the app is required.
const prefix = `${uniqueName('community_it')}.`;
process.env.KAFKA_TOPIC_PREFIX = prefix;
/* eslint-disable @typescript-eslint/no-require-imports */
const { envelope, startCommunity } = require('./community-app.stub') as typeof import('./community-app.stub');
const { GroupCommands } = require('../src/groups/commands/group.commands') as typeof import('../src/groups/commands/group.commands');
const { GroupQueries } = require('../src/groups/group.queries') as typeof import('../src/groups/group.queries');
/* eslint-enable @typescript-eslint/no-require-imports */

const clock = { now: new Date('2026-03-04T15:00:00Z') };
const groupId = uniqueName('community_it_group');
// Every topic of the contracts under this run's prefix, as a stack's provisioning step makes them: a consumer whose
// topic is missing never joins its group.
const stack = stackTopics(prefix);
let app: NestFastifyApplication;
let publisher: KafkaPublisher;

const publish = (topic: string, ...events: EventEnvelope[]) =>
  publisher.publish(
    `${prefix}${topic}`,
    events.map((value) => ({ key: value.streamId, value })),
  );

beforeAll(async () => {
  await createTopics(stack);
  app = await startCommunity(clock, { KAFKA_TOPIC_PREFIX: prefix });
  app.connectMicroservice({
    strategy: new KafkaEventServer({
      clientId: uniqueName('community_it'),
      brokers: testBrokers(),
      groupId,
      consumer: { maxWaitTimeInMs: 100 },
    }),
  });
  await app.startAllMicroservices();
  publisher = testPublisher(uniqueName('community_it_pub'));
  await publisher.connect();
  await waitForConsumerGroup({ brokers: testBrokers(), groupId, timeoutMs: 45_000 });
}, 90_000);

afterAll(async () => {
  await publisher?.disconnect();
  await app.get<Connection>(MONGO_CONNECTION).dropDatabase();
  await app.close();
  await deleteTopics(stack);
});

it('applies formation’s check-ins from Kafka once, whatever the redeliveries and their order', async () => {
  const userId = uuidv7();
  const habitId = uuidv7();
  const stream = `habit-${habitId}`;
  const ownerGroup = await app
    .get(GroupCommands)
    .create(userId, { name: 'Kafka readers', description: '', isPublic: true, meeting: null }, { correlationId: 't' });
  const checkIn = (date: string, version: number) =>
    envelope(
      'formation.habit.checked-in',
      stream,
      version,
      { habitId, userId, date, completed: true, completedAt: clock.now.toISOString(), timeZone: 'UTC', note: null },
      userId,
    );
  const monday = checkIn('2026-03-02', 2);
  const tuesday = checkIn('2026-03-03', 3);
  const tuesdayUndone = envelope(
    'formation.habit.check-in-undone',
    stream,
    4,
    { habitId, userId, date: '2026-03-03', completed: false },
    userId,
  );

  await publish(
    topics.identityUser,
    envelope(
      'identity.user.registered',
      `user-${userId}`,
      1,
      { userId, name: 'Silas', email: `${userId}@example.com`, roles: ['user'], registeredAt: clock.now.toISOString() },
      userId,
    ),
  );
  // Silas turned sharing on: only then do his check-ins count (#26).
  await publish(topics.identityUser, envelope('identity.user.settings-updated', `user-${userId}`, 2, { userId, shareProgressWithGroups: true }, userId));
  await publish(
    topics.formationHabit,
    envelope(
      'formation.habit.created',
      stream,
      1,
      {
        habitId,
        userId,
        name: 'Psalms',
        description: '',
        category: 'prayer',
        frequency: { kind: 'daily' },
        reminderTime: null,
        createdOn: '2026-03-01',
        timeZone: 'UTC',
      },
      userId,
    ),
    monday,
    monday,
    tuesdayUndone,
    tuesday,
  );
  await waitForConsumerGroup({ brokers: testBrokers(), groupId, topics: [`${prefix}${topics.formationHabit}`], timeoutMs: 45_000 });

  await waitFor(async () => (await app.get(GroupQueries).summary(userId, ownerGroup)).recentActivity !== null);
  const card = await app.get(GroupQueries).summary(userId, ownerGroup);
  expect(card).toMatchObject({
    weeklyProgress: { completed: 1, expected: 7 },
    active: true,
    recentActivity: { text: 'Silas checked in a habit' },
  });
  // The facts' read models dropped the second Monday themselves: no inbox row was written for them.
  const inbox = await app
    .get<Connection>(MONGO_CONNECTION)
    .collection('inbox')
    .countDocuments({ consumer: 'community.habits', eventId: monday.id });
  expect(inbox).toBe(0);
}, 90_000);
