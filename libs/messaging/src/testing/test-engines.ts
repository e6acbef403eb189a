import { Kafka, logLevel, type IHeaders, type KafkaMessage } from 'kafkajs';
import { uniqueName, waitFor } from '@abide/testing/src/test-engines';
import { KafkaPublisher } from '../kafka-publisher';
import { createTopicsWithLeaders } from '../topics/create-topics';

/** Test-only helpers for integration specs against the engines started by `tools/infra/cli.mjs up`: Kafka's here. */
// The database helpers are libs/testing's (every library's specs use them); re-exported for the specs that import them here.
export { connectTestDatabase, dropTestDatabase, testMongoUrl, uniqueName, waitFor } from '@abide/testing/src/test-engines';
export const testBrokers = (): string[] => (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');

/**
 * A publisher for a spec that sends events itself, as patient as the outbox relay: a topic created a moment ago on a
 * busy broker can still answer "not the leader" for several seconds after its metadata names one, and the services'
 * publisher gives up within seconds because its callers retry. A spec has no caller to retry for it.
 */
export const patientRetry = { retries: 10, initialRetryTime: 300, maxRetryTime: 3000 };

export const testPublisher = (clientId: string, brokers: string[] = testBrokers()): KafkaPublisher =>
  new KafkaPublisher({ clientId, brokers, retry: patientRetry });

export interface ConsumedRecord {
  topic: string;
  partition: number;
  key: string | null;
  value: string | null;
  headers: Record<string, string>;
}

const decodeHeaders = (headers: IHeaders | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k, String(Array.isArray(v) ? v[0] : v)]));

const toRecord = (topic: string, partition: number, message: KafkaMessage): ConsumedRecord => ({
  topic,
  partition,
  key: message.key?.toString() ?? null,
  value: message.value?.toString() ?? null,
  headers: decodeHeaders(message.headers),
});

/** Reads a topic from the beginning with a throwaway group until `count` messages arrived (then a short settle for extras). */
export const consumeTopic = async (
  topic: string,
  count: number,
  { timeoutMs = 20_000, settleMs = 300 } = {},
): Promise<ConsumedRecord[]> => {
  const kafka = new Kafka({ clientId: uniqueName('probe'), brokers: testBrokers(), logLevel: logLevel.NOTHING });
  // A short fetch wait keeps disconnect() quick (it waits for the fetch in flight).
  const consumer = kafka.consumer({ groupId: uniqueName('probe'), maxWaitTimeInMs: 100 });
  const records: ConsumedRecord[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({ eachMessage: async ({ partition, message }) => void records.push(toRecord(topic, partition, message)) });
    await waitFor(() => records.length >= count, { timeoutMs, what: `${count} message(s) on ${topic} (got ${records.length})` });
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return records;
  } finally {
    await consumer.disconnect();
  }
};

/** Creates topics (the broker never auto-creates them, as in production), waiting for their partition leaders. */
export const createTopics = async (topics: string[], partitions = 6): Promise<void> => {
  const admin = new Kafka({ clientId: uniqueName('setup'), brokers: testBrokers(), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    await createTopicsWithLeaders(
      admin,
      topics.map((topic) => ({ topic, numPartitions: partitions })),
    );
  } finally {
    await admin.disconnect();
  }
};

export const deleteTopics = async (topics: string[]): Promise<void> => {
  const admin = new Kafka({ clientId: uniqueName('cleanup'), brokers: testBrokers(), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const present = topics.filter((t) => existing.has(t));
    if (present.length > 0) await admin.deleteTopics({ topics: present });
  } finally {
    await admin.disconnect();
  }
};
