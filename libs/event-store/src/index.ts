export { EventStore, ERASED, type Aggregate, type AppendOptions, type EventStoreOptions } from './event-store';
export { CommandRunner, type CommandResult, type Decision, type RunOptions } from './command-runner';
export { CommandHandler, type CommandHandlerOptions, type SealedDecider, type Sealing } from './command-handler';
export { type CommandDecider, type Decider, snapshotTag } from './decider';
export { ConcurrencyError, InvalidEventError } from './errors';
export { eventKey } from './keys';
export { KeyedMutex } from './keyed-mutex';
export { metaCausedBy, metaOfRequest, toEnvelope, type AppendMeta, type NewEvent, type StoredEvent } from './stored-event';
export { EVENTS_COLLECTION } from './event.schema';
export { STREAM_HEADS_COLLECTION } from './stream-head.schema';
export { OUTBOX_COLLECTION, UNPROJECTED_COLLECTION } from './outbox/outbox.schema';
export type { Projection } from './projections/projection';
export { ProjectionRunner, type ProjectionRunnerOptions } from './projections/projection-runner';
export { DocumentContention, unchanged, VersionedDocuments, type Change } from './read-models/versioned-documents';
export { OrderedJsonProjection } from './projections/ordered-json-projection';
export { afterProjections } from './projections/after-projections';
export { recentDocuments } from './recent-documents';
export {
  applyInOrder,
  type ApplyInOrderOptions,
  StreamGapError,
  StreamOrderedDocuments,
  type EventChange,
  type Followed,
  type StreamLog,
} from './read-models/stream-order';
export { OutboxRelay, type OutboxRelayOptions } from './outbox/outbox-relay';
export type { EventPublisher, EventTransport, OutgoingEvent } from './outbox/event-publisher';
export { LEASES_COLLECTION as RELAY_LEASES_COLLECTION } from '@abide/platform';
export { erasedSubjectsIn, EventSourcingModule, type EventSourcingOptions } from './nest/event-sourcing.module';
