import { KafkaJSProtocolError, type Admin, type ITopicMetadata } from 'kafkajs';
import { createTopicsWithLeaders, leaderless } from './create-topics';

// The broker's answers right after a create are timing-dependent, so this plays them back in order; the real broker
// path is covered by tools/infra/test/engines.integration-spec.ts and every stack start.
const unknownTopic = () =>
  new KafkaJSProtocolError({
    message: 'This server does not host this topic-partition',
    type: 'UNKNOWN_TOPIC_OR_PARTITION',
    code: 3,
    retriable: true,
  } as unknown as Error);

const topic = (name: string, leaders: number[]): ITopicMetadata => ({
  name,
  partitions: leaders.map((leader, partitionId) => ({ partitionId, leader, replicas: [0], isr: [0], partitionErrorCode: 0 })),
});

const playback = (existing: string[], answers: (ITopicMetadata[] | Error)[]) => {
  const created: string[][] = [];
  const admin = {
    listTopics: async () => existing,
    createTopics: async ({ topics }: { topics: { topic: string }[] }) => {
      created.push(topics.map((t) => t.topic));
      return true;
    },
    fetchTopicMetadata: async () => {
      const next = answers.shift();
      if (next === undefined) throw new Error('asked for metadata more often than the broker answered');
      if (next instanceof Error) throw next;
      return { topics: next };
    },
  };
  return { admin: admin as unknown as Admin, created, answersLeft: () => answers.length };
};

describe('createTopicsWithLeaders', () => {
  it('waits through "unknown topic" and leaderless partitions until every partition has a leader', async () => {
    const broker = playback(['b'], [unknownTopic(), [topic('a', [0, -1]), topic('b', [0, 0])], [topic('a', [0, 0]), topic('b', [0, 0])]]);
    const created = await createTopicsWithLeaders(broker.admin, [
      { topic: 'a', numPartitions: 2 },
      { topic: 'b', numPartitions: 2 },
    ]);
    expect(created).toEqual(['a']);
    expect(broker.created).toEqual([['a']]);
    expect(broker.answersLeft()).toBe(0);
  });

  it('gives up at the deadline, naming the topic still without leaders', async () => {
    const answers = Array.from({ length: 50 }, () => [topic('a', [-1])]);
    const broker = playback([], answers);
    await expect(createTopicsWithLeaders(broker.admin, [{ topic: 'a', numPartitions: 1 }], { timeoutMs: 200 })).rejects.toThrow(
      /not ready after 200 ms: partitions without a leader yet: a/,
    );
  });

  it('does not retry an error that is not retriable', async () => {
    const broker = playback([], [new Error('authorization failed')]);
    await expect(createTopicsWithLeaders(broker.admin, [{ topic: 'a', numPartitions: 1 }])).rejects.toThrow('authorization failed');
  });

  it('counts a topic missing from the metadata as not ready', () => {
    expect(leaderless(['a', 'b', 'c'], [topic('a', [0]), topic('c', [])])).toEqual(['b', 'c']);
  });
});
