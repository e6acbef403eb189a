import type { EventDocument } from './event.schema';
import type { StoredEvent } from './stored-event';

export const toStoredEvent = (doc: EventDocument): StoredEvent => ({
  id: doc.id,
  type: doc.type,
  schemaVersion: doc.schemaVersion,
  streamId: doc.streamId,
  version: doc.version,
  occurredAt: new Date(doc.occurredAt).toISOString(),
  subjectId: doc.subjectId ?? null,
  correlationId: doc.correlationId,
  causationId: doc.causationId ?? null,
  data: doc.data,
});
