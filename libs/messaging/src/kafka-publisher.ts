import { eventEnvelopeSchema } from '@abide/contracts';
import type { OnApplicationShutdown } from '@nestjs/common';
import { Kafka, Partitioners, type Message, type Producer, type RetryOptions } from 'kafkajs';
import type { EventPublisher, OutgoingEvent } from '@abide/event-store';
import type { RawMessage, RawPublisher } from './event-publisher';
import { kafkaClientOptions, type KafkaConnection } from './kafka-connection';
import { kafkaLogCreator } from './kafka-logging';
import { headers } from './message-headers';

export interface KafkaPublisherOptions extends KafkaConnection {
  clientId: string;
  retry?: RetryOptions;
}

interface LiveProducer {
  producer: Producer;
  connected: Promise<void>;
}

/**
 * The only place that produces to Kafka (kafkajs is unmaintained: keep it swappable behind EventPublisher).
 * Idempotent producer, one request in flight and acks from all in-sync replicas: no duplicates from producer
 * retries and no reordering within a partition. It connects on first use, so a service boots without a broker;
 * a failed send throws (the outbox relay and the inbox retry with backoff) and the next send starts a fresh producer,
 * since a restarted or brand-new broker may no longer know the old one's producer id.
 */
export class KafkaPublisher implements EventPublisher, RawPublisher, OnApplicationShutdown {
  private readonly kafka: Kafka;
  private live?: LiveProducer;

  constructor(options: KafkaPublisherOptions) {
    this.kafka = new Kafka({
      clientId: options.clientId,
      ...kafkaClientOptions(options),
      logCreator: kafkaLogCreator,
      // Fail within seconds; the callers' own backoff spaces out the attempts during a longer outage.
      retry: options.retry ?? { retries: 3, initialRetryTime: 200, maxRetryTime: 2000 },
    });
  }

  /** Connects now rather than at the first send (tests; a service never needs to). */
  async connect(): Promise<void> {
    await this.producer().connected;
  }

  async disconnect(): Promise<void> {
    const live = this.live;
    this.live = undefined;
    if (live) await live.producer.disconnect().catch(() => undefined);
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

  private producer(): LiveProducer {
    if (!this.live) {
      const producer = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        // Java-compatible murmur2, so other clients put the same key on the same partition.
        createPartitioner: Partitioners.DefaultPartitioner,
        allowAutoTopicCreation: false,
      });
      this.live = { producer, connected: producer.connect() };
    }
    return this.live;
  }

  private async send(topic: string, messages: Message[]): Promise<void> {
    const live = this.producer();
    try {
      await live.connected;
      await live.producer.send({ topic, messages, acks: -1 });
    } catch (error) {
      if (this.live === live) {
        this.live = undefined;
        void live.producer.disconnect().catch(() => undefined);
      }
      throw error;
    }
  }
}
