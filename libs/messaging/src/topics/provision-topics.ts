import { deadLetterTopic, TOPIC_PARTITIONS, topics } from '@abide/contracts';
import { Kafka, logLevel, type Admin, type ITopicMetadata } from 'kafkajs';
import { jitteredBackoffDelay, sleep } from '../backoff';

export interface ProvisionTopicsOptions {
  brokers: string[];
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

const leaderless = (metadata: ITopicMetadata[]): string[] =>
  metadata.filter((t) => t.partitions.length === 0 || t.partitions.some((p) => p.leader < 0)).map((t) => t.name);

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
    brokers: options.brokers,
    logLevel: logLevel.NOTHING,
    retry: { retries: 2, initialRetryTime: 200, maxRetryTime: 1000 },
  });
  let lastProblem = '';
  for (let attempt = 1; ; attempt++) {
    const admin = kafka.admin();
    try {
      await admin.connect();
      const created = await createMissing(admin, wanted, options.partitions ?? TOPIC_PARTITIONS, progress);
      const missingLeaders = leaderless(await admin.fetchTopicMetadata({ topics: wanted }).then((m) => m.topics));
      if (missingLeaders.length > 0) throw new Error(`partitions without a leader yet: ${missingLeaders.slice(0, 3).join(', ')}`);
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

const createMissing = async (admin: Admin, wanted: string[], partitions: number, progress: (line: string) => void): Promise<string[]> => {
  const existing = new Set(await admin.listTopics());
  const missing = wanted.filter((t) => !existing.has(t));
  if (missing.length === 0) return [];
  progress(`creating ${missing.length} topic(s) with ${partitions} partitions`);
  try {
    await admin.createTopics({
      waitForLeaders: true,
      timeout: 30_000,
      topics: missing.map((topic) => ({ topic, numPartitions: partitions })),
    });
  } catch (error) {
    // Another provisioning run created some of them meanwhile: that is the state we want.
    if (!onlyAlreadyExists(error)) throw error;
  }
  return missing;
};

const onlyAlreadyExists = (error: unknown): boolean => {
  const errors = (error as { errors?: { type?: string }[] }).errors;
  if (Array.isArray(errors) && errors.length > 0) return errors.every((e) => e.type === 'TOPIC_ALREADY_EXISTS');
  return (error as { type?: string }).type === 'TOPIC_ALREADY_EXISTS';
};
