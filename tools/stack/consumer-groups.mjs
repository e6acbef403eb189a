// Consumer groups of a stack's namespace, for setups that start from empty databases (test runs, the load suite).
import { Kafka, logLevel } from 'kafkajs';

/**
 * Kafka answers "not the leader" while a busy broker moves or loads partition leaders; such errors are worth retrying.
 * A broker shared by several stacks creating topics at once was seen to answer so for more than 7 s: up to about 30 s.
 */
export const withKafkaRetries = async (call, attempts = 18) => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!error?.retriable || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, Math.min(250 * attempt, 2000)));
    }
  }
};

/** Per topic, the partitions where `groupId` has not committed the topic's end yet: Map topic → [{ partition, offset }]. */
const behindOf = async (admin, groupId, topics, ends) => {
  const committed = await withKafkaRetries(() => admin.fetchOffsets({ groupId, topics }));
  const behind = new Map();
  for (const { topic, partitions } of committed) {
    const at = new Map(partitions.map((p) => [p.partition, Number(p.offset)]));
    const lagging = ends.get(topic).filter((o) => Number(o.high) > 0 && (at.get(o.partition) ?? -1) < Number(o.high));
    if (lagging.length) behind.set(topic, lagging.map((o) => ({ partition: o.partition, offset: o.high })));
  }
  return behind;
};

/**
 * One consumer of the (idle) group moves it on every topic at once, the way admin.setOffsets moves it on one: it joins,
 * seeks each partition (kafkajs commits a seek as soon as the partition is assigned), and leaves after its first fetch,
 * which waits 100 ms rather than the default 5 s.
 */
const moveGroup = async (kafka, groupId, behind) => {
  const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
  await consumer.connect();
  try {
    const topics = [...behind.keys()];
    await consumer.subscribe({ topics, fromBeginning: true });
    await new Promise((resolve, reject) => {
      // Never stuck here: past 30 s the caller moves what is left topic by topic.
      const timer = setTimeout(() => reject(new Error(`${groupId}: no fetch within 30 s`)), 30_000);
      consumer.on(consumer.events.FETCH, () => {
        clearTimeout(timer);
        resolve();
      });
      consumer.run({ eachBatchAutoResolve: false, eachBatch: async () => undefined }).catch(reject);
      consumer.pause(topics.map((topic) => ({ topic })));
      for (const [topic, partitions] of behind) for (const p of partitions) consumer.seek({ topic, ...p });
    });
  } finally {
    await consumer.disconnect();
  }
};

/**
 * Moves each of the namespace's consumer groups (`<namespace>-<service>`, idle: their services stopped) to the end of
 * every event topic of the namespace, so services starting on empty databases do not replay what earlier runs
 * published. Only where a group is behind, and all of a group's topics with one consumer (moveGroup): admin.setOffsets
 * joins the group once per topic and waits ~5 s for its first fetch each time, so after an e2e run had published on
 * every topic the next stack's setup spent most of a minute here. What one consumer left behind (none so far) is moved
 * topic by topic with admin.setOffsets.
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
        const behind = await behindOf(admin, groupId, topics, ends);
        if (!behind.size) return;
        await withKafkaRetries(() => moveGroup(kafka, groupId, behind)).catch(() => undefined);
        for (const [topic, partitions] of await behindOf(admin, groupId, topics, ends))
          await withKafkaRetries(() => admin.setOffsets({ groupId, topic, partitions }));
      }),
    );
  } finally {
    await admin.disconnect();
  }
};
