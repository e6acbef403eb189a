import { Kafka, logLevel } from 'kafkajs';

export interface WaitForConsumerGroupOptions {
  brokers: string[];
  groupId: string;
  /** With `topics`, also waits until the group's committed offsets reach the end of every partition. */
  topics?: string[];
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Test helper: resolves once the group is Stable with partitions assigned to its members, and, when
 * topics are given, has committed up to each partition's high watermark (it has seen everything published).
 */
export const waitForConsumerGroup = async (options: WaitForConsumerGroupOptions): Promise<void> => {
  const kafka = new Kafka({ clientId: 'abide-test-probe', brokers: options.brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let last = 'not checked yet';
  try {
    for (;;) {
      // A broker still settling its leaders (a fresh one, a loaded machine) answers with retriable errors: not yet.
      last = await describeProgress(admin, options).catch((error: unknown) => {
        if ((error as { retriable?: boolean }).retriable === true) return `broker not ready (${(error as Error).message})`;
        throw error;
      });
      if (last === 'ready') return;
      if (Date.now() > deadline) throw new Error(`Consumer group ${options.groupId} not ready: ${last}`);
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200));
    }
  } finally {
    await admin.disconnect();
  }
};

const describeProgress = async (admin: ReturnType<Kafka['admin']>, options: WaitForConsumerGroupOptions): Promise<string> => {
  const { groups } = await admin.describeGroups([options.groupId]);
  const group = groups[0];
  if (!group || group.state !== 'Stable') return `state ${group?.state ?? 'unknown'}`;
  if (!group.members.some((m) => m.memberAssignment.length > 0)) return 'no partitions assigned';
  for (const topic of options.topics ?? []) {
    const ends = await admin.fetchTopicOffsets(topic);
    const [committed] = await admin.fetchOffsets({ groupId: options.groupId, topics: [topic] });
    for (const end of ends) {
      const done = committed?.partitions.find((p) => p.partition === end.partition);
      const at = Number(done?.offset ?? -1);
      const high = Number(end.high);
      if (high > 0 && at < high) return `${topic}[${end.partition}] at ${at} of ${high}`;
    }
  }
  return 'ready';
};
