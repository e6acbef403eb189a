import type { Admin, ITopicConfig, ITopicMetadata } from 'kafkajs';
import { sleep } from '@abide/platform';

export interface CreateTopicsOptions {
  /** How long to wait for every partition of the topics to have a leader. Default 30 s. */
  timeoutMs?: number;
  /** Told how many topics are about to be created (not called when all exist). */
  onCreate?: (count: number) => void;
}

/** Names of the topics that are missing from the metadata or still have a partition without a leader. */
export const leaderless = (wanted: string[], metadata: ITopicMetadata[]): string[] => {
  const ready = new Set(metadata.filter((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0)).map((t) => t.name));
  return wanted.filter((name) => !ready.has(name));
};

/**
 * Creates the topics that are missing (existing ones are kept as they are) and returns when every partition of
 * every wanted topic has a leader.
 *
 * kafkajs' own `waitForLeaders` asks the broker for metadata straight after the create and gives up on
 * UNKNOWN_TOPIC_OR_PARTITION, which a broker answers until its metadata cache has caught up with the controller
 * (common on a busy machine). Here any retriable answer means "not yet" until the deadline.
 */
export const createTopicsWithLeaders = async (
  admin: Admin,
  topics: ITopicConfig[],
  { timeoutMs = 30_000, onCreate }: CreateTopicsOptions = {},
): Promise<string[]> => {
  const wanted = topics.map((t) => t.topic);
  const existing = new Set(await admin.listTopics());
  const missing = topics.filter((t) => !existing.has(t.topic));
  if (missing.length > 0) {
    onCreate?.(missing.length);
    try {
      await admin.createTopics({ waitForLeaders: false, timeout: timeoutMs, topics: missing });
    } catch (error) {
      // Another run created some of them meanwhile: that is the state we want.
      if (!onlyAlreadyExists(error)) throw error;
    }
  }
  await waitForLeaders(admin, wanted, timeoutMs);
  return missing.map((t) => t.topic);
};

const waitForLeaders = async (admin: Admin, wanted: string[], timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  let problem = '';
  for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
    try {
      const pending = leaderless(wanted, (await admin.fetchTopicMetadata({ topics: wanted })).topics);
      if (pending.length === 0) return;
      problem = `partitions without a leader yet: ${pending.slice(0, 3).join(', ')}`;
    } catch (error) {
      if (!isRetriable(error)) throw error;
      problem = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`Kafka topics not ready after ${timeoutMs} ms: ${problem}`);
    await sleep(delay);
  }
};

const isRetriable = (error: unknown): boolean => (error as { retriable?: boolean }).retriable === true;

const onlyAlreadyExists = (error: unknown): boolean => {
  const errors = (error as { errors?: { type?: string }[] }).errors;
  if (Array.isArray(errors) && errors.length > 0) return errors.every((e) => e.type === 'TOPIC_ALREADY_EXISTS');
  return (error as { type?: string }).type === 'TOPIC_ALREADY_EXISTS';
};
