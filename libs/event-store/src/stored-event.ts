import type { EventData, EventEnvelope, EventType } from '@abide/contracts';

/** What a command handler decides: the store adds id, version, position and metadata. */
export type NewEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; data: EventData<K>; subjectId: string | null };
}[T];

export interface AppendMeta {
  correlationId: string;
  causationId?: string | null;
}

/** An envelope as stored: the contracts shape plus the service-wide position used by projections and the relay. */
export type StoredEvent = EventEnvelope & { position: number };

/** Strips store-only fields so what leaves the service is exactly the contracts envelope. */
export const toEnvelope = (event: StoredEvent): EventEnvelope => {
  const { position: _position, ...envelope } = event;
  return envelope;
};
