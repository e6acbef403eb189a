// The port KafkaPublisher implements for the outbox relay is the event store's (EventPublisher, OutgoingEvent).

/** A message forwarded byte for byte (dead letters): the value may not even be JSON. */
export interface RawMessage {
  key: string | Buffer | null;
  value: string | Buffer | null;
  headers: Record<string, string | Buffer>;
}

export interface RawPublisher {
  publishRaw(topic: string, messages: readonly RawMessage[]): Promise<void>;
}
