import { deadLetterTopic, eventEnvelopeSchema, TOPIC_PARTITIONS } from '@abide/contracts';
import type { OnApplicationShutdown } from '@nestjs/common';
import { Kafka, logLevel, Partitioners, type Message, type Producer, type RetryOptions } from 'kafkajs';
import type { EventPublisher, OutgoingEvent, RawMessage, RawPublisher } from './event-publisher';
import { headers } from './message-headers';

export interface KafkaPublisherOptions {
  clientId: string;
  brokers: string[];
  logLevel?: logLevel;
  retry?: RetryOptions;
}

export interface EnsureTopicsOptions {
  partitions?: number;
  /** Also create each topic's `.dlq` companion (default true). */
  deadLetters?: boolean;
}

/**
 * The only place that produces to Kafka (kafkajs is unmaintained: keep it swappable behind EventPublisher).
 * Idempotent producer, one request in flight and acks from all in-sync replicas: no duplicates from
 * producer retries and no reordering within a partition.
 */
export class KafkaPublisher implements EventPublisher, RawPublisher, OnApplicationShutdown {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private connecting?: Promise<void>;

  constructor(private readonly options: KafkaPublisherOptions) {
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: options.logLevel ?? logLevel.WARN,
      retry: options.retry,
    });
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      // Java-compatible murmur2, so other clients put the same key on the same partition.
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: false,
    });
  }

  connect(): Promise<void> {
    this.connecting ??= this.producer.connect().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  async disconnect(): Promise<void> {
    if (!this.connecting) return;
    this.connecting = undefined;
    await this.producer.disconnect();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.disconnect();
  }

  async publish(topic: string, messages: readonly OutgoingEvent[]): Promise<void> {
    if (messages.length === 0) return;
    const kafkaMessages: Message[] = messages.map(({ key, value, headers: extra }) => {
      const checked = eventEnvelopeSchema.safeParse(value);
      if (!checked.success) throw new Error(`Refusing to publish a malformed envelope (event ${value.id}): ${checked.error.message}`);
      return {
        key,
        value: JSON.stringify(value),
        headers: {
          [headers.contentType]: 'application/json',
          [headers.eventType]: value.type,
          [headers.eventId]: value.id,
          [headers.schemaVersion]: String(value.schemaVersion),
          [headers.correlationId]: value.correlationId,
          ...extra,
        },
      };
    });
    await this.send(topic, kafkaMessages);
  }

  async publishRaw(topic: string, messages: readonly RawMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.send(
      topic,
      messages.map((m) => ({ key: m.key, value: m.value, headers: m.headers })),
    );
  }

  /** Creates missing topics (and their dead-letter topics) with the contract's partition count. */
  async ensureTopics(topics: readonly string[], options: EnsureTopicsOptions = {}): Promise<void> {
    const wanted = new Set(topics.flatMap((t) => (options.deadLetters === false ? [t] : [t, deadLetterTopic(t)])));
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const existing = new Set(await admin.listTopics());
      const missing = [...wanted].filter((t) => !existing.has(t));
      if (missing.length === 0) return;
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({ topic, numPartitions: options.partitions ?? TOPIC_PARTITIONS })),
      });
    } finally {
      await admin.disconnect();
    }
  }

  private async send(topic: string, messages: Message[]): Promise<void> {
    await this.connect();
    await this.producer.send({ topic, messages, acks: -1 });
  }
}
