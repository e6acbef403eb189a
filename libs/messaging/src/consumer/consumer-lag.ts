import { kafkaConsumerLag } from '@abide/platform';
import type { Admin, Kafka } from 'kafkajs';

/**
 * Reports how far a consumer group is behind, per topic and partition: the topic's latest offset minus the group's
 * committed one (with nothing committed yet, the whole partition, as the group reads from the beginning). Read with
 * an admin client on scrape, at most every few seconds (KafkaEventServer); while Kafka is away the last values stay.
 */
export class ConsumerLag {
  private admin?: Admin;
  private connecting?: Promise<Admin>;
  private stopped = false;

  constructor(
    private readonly kafka: Kafka,
    private readonly groupId: string,
  ) {}

  async refresh(topics: readonly string[]): Promise<void> {
    if (topics.length === 0) return;
    const admin = await this.connected();
    try {
      const [latest, committed] = await Promise.all([
        Promise.all(topics.map(async (topic) => ({ topic, partitions: await admin.fetchTopicOffsets(topic) }))),
        admin.fetchOffsets({ groupId: this.groupId, topics: [...topics] }),
      ]);
      const committedOf = new Map(
        committed.flatMap(({ topic, partitions }) => partitions.map((p) => [`${topic}/${p.partition}`, Number(p.offset)])),
      );
      for (const { topic, partitions } of latest) {
        for (const { partition, high, low } of partitions) {
          const at = committedOf.get(`${topic}/${partition}`) ?? -1;
          const lag = Number(high) - (at >= 0 ? at : Number(low));
          kafkaConsumerLag.set({ group: this.groupId, topic, partition: String(partition) }, Math.max(0, lag));
        }
      }
    } catch (error) {
      // A broken connection is made again at the next scrape.
      await this.disconnect();
      throw error;
    }
  }

  /** For good: a connection still being made is closed as soon as it is made. */
  async close(): Promise<void> {
    this.stopped = true;
    await this.disconnect();
  }

  private async disconnect(): Promise<void> {
    const admin = this.admin;
    this.admin = undefined;
    this.connecting = undefined;
    await admin?.disconnect().catch(() => undefined);
  }

  private connected(): Promise<Admin> {
    if (this.admin) return Promise.resolve(this.admin);
    this.connecting ??= (async () => {
      const admin = this.kafka.admin({ retry: { retries: 1, initialRetryTime: 300, maxRetryTime: 1000 } });
      try {
        if (this.stopped) throw new Error('consumer lag: closed');
        await admin.connect();
        if (this.stopped) {
          await admin.disconnect().catch(() => undefined);
          throw new Error('consumer lag: closed');
        }
      } catch (error) {
        this.connecting = undefined;
        throw error;
      }
      this.admin = admin;
      return admin;
    })();
    return this.connecting;
  }
}
