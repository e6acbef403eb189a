import type { EventEnvelope } from '@abide/contracts';

/** One domain event to publish; key = streamId keeps a stream's events on one partition, in order. */
export interface OutgoingEvent {
  key: string;
  value: EventEnvelope;
  headers?: Record<string, string>;
}

/** What the outbox relay needs; implemented by KafkaPublisher, swappable for another client. */
export interface EventPublisher {
  /** Resolves once the broker has acknowledged every message (all in-sync replicas), in order. */
  publish(topic: string, messages: readonly OutgoingEvent[]): Promise<void>;
}

/** A message forwarded byte for byte (dead letters): the value may not even be JSON. */
export interface RawMessage {
  key: string | Buffer | null;
  value: string | Buffer | null;
  headers: Record<string, string | Buffer>;
}

export interface RawPublisher {
  publishRaw(topic: string, messages: readonly RawMessage[]): Promise<void>;
}
