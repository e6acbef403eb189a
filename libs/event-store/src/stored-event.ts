import type { EventData, EventEnvelope, EventType } from '@abide/contracts';

/** What a command handler decides: the store adds id, version and metadata. */
export type NewEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; data: EventData<K>; subjectId: string | null };
}[T];

export interface AppendMeta {
  correlationId: string;
  causationId?: string | null;
}

/** An event as stored and published: exactly the contracts envelope. */
export type StoredEvent = EventEnvelope;

/** Kept for readability where an event leaves the service: stored events are envelopes already. */
export const toEnvelope = (event: StoredEvent): EventEnvelope => event;
