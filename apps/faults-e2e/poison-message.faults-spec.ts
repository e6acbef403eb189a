import { topics, type Habit } from '@abide/contracts';
import { KafkaPublisher } from '@abide/messaging';
import { eventually, foreignEvent, UserSession } from '@abide/testing';
import { FaultStack } from './support/fault-stack';
import { createGroup, dailyHabit, dashboardOf, SETTLE_MS, sharingJoin, sharingMember } from './support/flows';
import { readTopic } from './support/inspect';
import { observe } from './support/observations';

describe('a poison message on a topic', () => {
  let stack: FaultStack;
  let publisher: KafkaPublisher;

  beforeAll(async () => {
    stack = await FaultStack.start('poison');
    publisher = new KafkaPublisher({ clientId: 'faults-poisoner', brokers: stack.env.formation.KAFKA_BROKERS.split(',') });
  });

  afterAll(async () => {
    await publisher?.disconnect();
    await stack?.stop();
  });

  it('lands in the dead-letter topic with its reason while the partition keeps flowing', async () => {
    const [leader, member] = await Promise.all([UserSession.signUp({ name: 'Lydia' }), sharingMember('Euodia')]);
    const group = await createGroup(leader, 'Philippi letters');
    expect((await sharingJoin(member, group.id)).status).toBe(200);
    const habit = (await member.post<Habit>('/api/habits', dailyHabit())).body;
    const topic = `${stack.prefix}${topics.formationHabit}`;
    const streamId = `habit-${habit.id}`;

    // Same key as the member's habit: the same partition as the check-in that follows.
    const badData = foreignEvent(
      'formation.habit.checked-in',
      streamId,
      { habitId: habit.id, userId: member.user.id, date: 'yesterday' },
      { version: 99 },
    );
    await publisher.publishRaw(topic, [
      { key: streamId, value: '{"this is": not json', headers: {} },
      { key: streamId, value: JSON.stringify(badData), headers: {} },
    ]);
    expect((await member.post(`/api/habits/${habit.id}/toggle`, { completed: true })).status).toBe(200);

    await eventually(
      async () =>
        (await dashboardOf(leader, group.id)).members.find((m) => m.userId === member.user.id)?.week?.checkIns === 1 ? true : undefined,
      { timeoutMs: SETTLE_MS, intervalMs: 500 },
    );
    const letters = await eventually(async () => {
      const records = await readTopic(stack.env.formation.KAFKA_BROKERS, `${topic}.dlq`);
      return records.length >= 2 ? records : undefined;
    });
    expect(letters.map((l) => [l.key, l.headers['x-dlq-consumer'], l.headers['x-dlq-source-topic']])).toEqual([
      [streamId, 'community.habits', topic],
      [streamId, 'community.habits', topic],
    ]);
    expect(letters.map((l) => l.headers['x-dlq-reason'])).toEqual([
      'invalid JSON',
      expect.stringMatching(/^invalid data for formation.habit.checked-in/),
    ]);
    expect(letters[0].value).toBe('{"this is": not json');
    observe('poison-message', { deadLetters: letters.length, reasons: letters.map((l) => l.headers['x-dlq-reason']) });
  });
});
