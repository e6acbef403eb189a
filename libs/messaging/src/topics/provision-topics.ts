import { deadLetterTopic, TOPIC_PARTITIONS, topics } from '@abide/contracts';
import { Kafka, logLevel } from 'kafkajs';
import { jitteredBackoffDelay, sleep } from '@abide/platform';
import { kafkaClientOptions, type KafkaConnection } from '../kafka-connection';
import { createTopicsWithLeaders } from './create-topics';

export interface ProvisionTopicsOptions extends KafkaConnection {
  /** This stack's prefix (KAFKA_TOPIC_PREFIX; empty in production). */
  prefix?: string;
  partitions?: number;
  /** Gives up after this long without success (the broker may still be starting). Default 3 minutes. */
  timeoutMs?: number;
  /** Told once per change of state: waiting for the broker, creating N topics, done. */
  onProgress?: (line: string) => void;
}

export interface ProvisionTopicsResult {
  created: string[];
  existing: number;
}

/** Every topic of the contracts and its dead-letter companion, under a stack's prefix. */
export const stackTopics = (prefix = ''): string[] =>
  Object.values(topics).flatMap((topic) => [`${prefix}${topic}`, `${prefix}${deadLetterTopic(topic)}`]);

/**
 * The one place topics are created, before any consumer subscribes: idempotent (existing topics are kept as they
 * are), and done only when every partition has a leader. Retries what a starting broker answers (connection
 * refused, not the controller yet, leader not available) until `timeoutMs`.
 */
export const provisionTopics = async (options: ProvisionTopicsOptions): Promise<ProvisionTopicsResult> => {
  const wanted = stackTopics(options.prefix);
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  const progress = options.onProgress ?? (() => undefined);
  const kafka = new Kafka({
    clientId: 'abide-topic-provisioning',
    ...kafkaClientOptions(options),
    logLevel: logLevel.NOTHING,
    retry: { retries: 2, initialRetryTime: 200, maxRetryTime: 1000 },
  });
  let lastProblem = '';
  for (let attempt = 1; ; attempt++) {
    const admin = kafka.admin();
    try {
      await admin.connect();
      const partitions = options.partitions ?? TOPIC_PARTITIONS;
      const created = await createTopicsWithLeaders(
        admin,
        wanted.map((topic) => ({ topic, numPartitions: partitions })),
        { timeoutMs: 30_000, onCreate: (n) => progress(`creating ${n} topic(s) with ${partitions} partitions`) },
      );
      return { created, existing: wanted.length - created.length };
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      if (Date.now() > deadline) throw new Error(`Kafka topics not ready after ${options.timeoutMs ?? 180_000} ms: ${problem}`);
      if (problem !== lastProblem) progress(`waiting for Kafka (${problem})`);
      lastProblem = problem;
      await sleep(jitteredBackoffDelay(attempt, { initialDelayMs: 250, maxDelayMs: 3000 }));
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }
};
