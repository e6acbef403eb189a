import { Kafka, logLevel } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import { randomBytes } from 'node:crypto';
import type { FaultStack, ServiceName } from './fault-stack';

/** Reads a service's own database directly, to compare what the API says with what is stored. */
export const serviceDatabase = (stack: FaultStack, service: ServiceName): Promise<Connection> =>
  mongoose
    .createConnection(stack.env[service].MONGO_URL, { dbName: stack.env[service].MONGO_DB, serverSelectionTimeoutMS: 5000 })
    .asPromise();

export interface TopicRecord {
  partition: number;
  offset: number;
  key: string | null;
  value: string | null;
  headers: Record<string, string>;
}

/** Every message of a topic, up to the end offsets of the moment, in partition order. */
export const readTopic = async (brokers: string, topic: string, timeoutMs = 30_000): Promise<TopicRecord[]> => {
  const kafka = new Kafka({ clientId: 'faults-reader', brokers: brokers.split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const ends = await admin.fetchTopicOffsets(topic);
  await admin.disconnect();
  const remaining = new Map(ends.filter((e) => Number(e.high) > Number(e.low)).map((e) => [e.partition, Number(e.high)]));
  const records: TopicRecord[] = [];
  if (remaining.size === 0) return records;
  const consumer = kafka.consumer({ groupId: `faults-reader-${randomBytes(4).toString('hex')}`, maxWaitTimeInMs: 200 });
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    const done = new Promise<void>((resolve, reject) => {
      consumer.run({
        eachMessage: async ({ partition, message }) => {
          records.push({
            partition,
            offset: Number(message.offset),
            key: message.key?.toString() ?? null,
            value: message.value?.toString() ?? null,
            headers: Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)])),
          });
          if (Number(message.offset) + 1 >= (remaining.get(partition) ?? Infinity)) remaining.delete(partition);
          if (remaining.size === 0) resolve();
        },
      }).catch(reject);
    });
    await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error(`reading ${topic} timed out`)), timeoutMs))]);
  } finally {
    await consumer.disconnect();
  }
  return records.sort((a, b) => a.partition - b.partition || a.offset - b.offset);
};
