import type { AnyEvent, EventData, EventEnvelope, EventType } from '@abide/contracts';

/** What a command handler decides: the store adds id, version and metadata. */
export type NewEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; data: EventData<K>; subjectId: string | null };
}[T];

export interface AppendMeta {
  correlationId: string;
  causationId?: string | null;
}

/** A command a request asks for: the request id correlates the events it appends (and the logs). */
export const metaOfRequest = (req: { id: unknown }): AppendMeta => ({ correlationId: String(req.id) });

/** A command an event causes: the same correlation as the event, which is the command's cause. */
export const metaCausedBy = (event: { id: string; correlationId: string }): AppendMeta & { causationId: string } => ({
  correlationId: event.correlationId,
  causationId: event.id,
});

/**
 * An event as stored and published (the contracts envelope), typed by its `type`: narrowing on `event.type` gives
 * that type's data in its current version (older stored versions are upcast on load).
 */
export type StoredEvent<T extends EventType = EventType> = AnyEvent<T>;

/** Kept for readability where an event leaves the service: stored events are envelopes already. */
export const toEnvelope = (event: StoredEvent): EventEnvelope => event;
