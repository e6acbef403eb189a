// Consumer groups of a stack's namespace, for setups that start from empty databases (test runs, the load suite).
import { Kafka, logLevel } from 'kafkajs';

/** Kafka answers "not the leader" while a busy broker moves partition leaders; such errors are worth a few retries. */
export const withKafkaRetries = async (call, attempts = 8) => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!error?.retriable || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, 250 * attempt));
    }
  }
};

/**
 * Moves each of the namespace's consumer groups (`<namespace>-<service>`, idle: their services stopped) to the end of
 * every event topic of the namespace, so services starting on empty databases do not replay what earlier runs
 * published. Only where a group is behind: each setOffsets joins the group with a consumer and costs ~5 s (its first
 * fetch waits the broker's max wait), so moving 5 groups × 10 topics one by one took minutes.
 */
export const moveGroupsToEnd = async ({ brokers, namespace, services, clientId }) => {
  const kafka = new Kafka({ clientId, brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(`${namespace}.`) && !t.endsWith('.dlq'));
    if (!topics.length) return;
    const ends = new Map();
    for (const topic of topics) ends.set(topic, await withKafkaRetries(() => admin.fetchTopicOffsets(topic)));
    await Promise.all(
      services.map(async (service) => {
        const groupId = `${namespace}-${service}`;
        const committed = await withKafkaRetries(() => admin.fetchOffsets({ groupId, topics }));
        for (const { topic, partitions } of committed) {
          const at = new Map(partitions.map((p) => [p.partition, Number(p.offset)]));
          const behind = ends.get(topic).filter((o) => Number(o.high) > 0 && (at.get(o.partition) ?? -1) < Number(o.high));
          if (!behind.length) continue;
          await withKafkaRetries(() =>
            admin.setOffsets({ groupId, topic, partitions: behind.map((o) => ({ partition: o.partition, offset: o.high })) }),
          );
        }
      }),
    );
  } finally {
    await admin.disconnect();
  }
};
