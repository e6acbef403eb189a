import { eventDefinitions, isKnownEventType } from '@abide/contracts';
import type { EventDocument } from './event.schema';
import { InvalidEventError } from './errors';
import { eventKey } from './keys';
import type { AppendMeta, NewEvent } from './stored-event';

export interface ValidatedEvent {
  type: string;
  schemaVersion: number;
  subjectId: string | null;
  data: Record<string, unknown>;
}

const describeIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): string =>
  issues.map((issue) => `${issue.path.map(String).join('.') || '(data)'}: ${issue.message}`).join('; ');

/**
 * Checks every event against its contract before anything is written, so a bad event rejects the whole batch.
 * Returns the parsed data (unknown keys stripped) so what is stored is exactly what the schema describes.
 */
export const validateNewEvents = (events: readonly NewEvent[]): ValidatedEvent[] =>
  events.map(({ type, data, subjectId }) => {
    if (!isKnownEventType(type)) throw new InvalidEventError(String(type), 'unknown event type');
    const definition = eventDefinitions[type];
    const parsed = definition.schema.safeParse(data);
    if (!parsed.success) throw new InvalidEventError(type, describeIssues(parsed.error.issues));
    return { type, schemaVersion: definition.schemaVersion, subjectId: subjectId ?? null, data: parsed.data };
  });

export interface BuildEventsInput {
  streamId: string;
  expectedVersion: number;
  events: readonly ValidatedEvent[];
  meta: AppendMeta;
  occurredAt: Date;
  newId: () => string;
}

/** Consecutive versions after the expected one, each keyed by stream and version. */
export const buildEventDocuments = (input: BuildEventsInput): EventDocument[] =>
  input.events.map((event, index) => ({
    _id: eventKey(input.streamId, input.expectedVersion + index + 1),
    id: input.newId(),
    type: event.type,
    schemaVersion: event.schemaVersion,
    streamId: input.streamId,
    version: input.expectedVersion + index + 1,
    occurredAt: input.occurredAt,
    subjectId: event.subjectId,
    correlationId: input.meta.correlationId,
    causationId: input.meta.causationId ?? null,
    data: event.data,
  }));

export const assertExpectedVersion = (expectedVersion: number): void => {
  if (!Number.isInteger(expectedVersion) || expectedVersion < 0) {
    throw new RangeError(`expectedVersion must be a non-negative integer, got ${expectedVersion}`);
  }
};
