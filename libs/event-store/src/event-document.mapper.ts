import { type AnyEvent, type EventRegistry, UnreadableEventError } from '@abide/contracts';
import type { EventDocument } from './event.schema';
import type { StoredEvent } from './stored-event';

/**
 * A stored event as the current build reads it: an earlier schema version is upcast to the current one (the document
 * stays as written). A version newer than this build knows cannot be folded into anything: it throws, naming it.
 * A type no longer in the registry is handed on as stored; no projection or decider handles it.
 */
export const toStoredEvent = (doc: EventDocument, registry: EventRegistry): StoredEvent => {
  const read = registry.upcast(doc.type, doc.schemaVersion, doc.data);
  if (!read.ok && (read.kind !== 'unknown' || registry.has(doc.type)))
    throw new UnreadableEventError(read.kind, `${doc.streamId} v${doc.version}: ${read.reason}`);
  const event = {
    id: doc.id,
    type: doc.type,
    schemaVersion: read.ok ? read.schemaVersion : doc.schemaVersion,
    streamId: doc.streamId,
    version: doc.version,
    occurredAt: new Date(doc.occurredAt).toISOString(),
    subjectId: doc.subjectId ?? null,
    correlationId: doc.correlationId,
    causationId: doc.causationId ?? null,
    data: read.ok ? read.data : doc.data,
  };
  // The data was validated against its schema when appended (or is an erased form of it): the one place it is typed.
  return event as AnyEvent;
};
