import type { EventEnvelope } from '@abide/contracts';
import type { InjectionToken } from '@nestjs/common';

/** One domain event to publish; key = streamId keeps a stream's events on one partition, in order. */
export interface OutgoingEvent {
  key: string;
  value: EventEnvelope;
  headers?: Record<string, string>;
}

/**
 * The port the outbox relay publishes through. The event store knows no broker: the messaging side implements it
 * (libs/messaging's KafkaPublisher), so the dependency runs from messaging to the event store, never back.
 */
export interface EventPublisher {
  /** Resolves once the broker has acknowledged every message (all in-sync replicas), in order. */
  publish(topic: string, messages: readonly OutgoingEvent[]): Promise<void>;
}

/** How a service's events leave it: the provider of its EventPublisher and the topic of each event type. */
export interface EventTransport {
  /** The token of a provider that implements EventPublisher (the messaging module provides and exports it). */
  publisher: InjectionToken;
  topicFor: (type: string) => string;
}
