import type { EventType } from '@abide/contracts';
import type { StoredEvent } from '../stored-event';

/**
 * A read model fed by events of the types it `handles`; `apply` receives them typed (narrow on `event.type`), in
 * their current version. `apply` must be idempotent: the runner may hand it an event again (catch-up replays a safety
 * margin, a crash can repeat an append's update). The usual way is to keep the last applied version per stream in the
 * read model and ignore older or equal ones, applying a later one only after those before it (see read-models/).
 */
export interface Projection<T extends EventType = EventType> {
  readonly name: string;
  readonly handles: readonly T[];
  apply(event: StoredEvent<T>): Promise<void>;
  /** Empties the read model before a rebuild. */
  reset(): Promise<void>;
  /**
   * A read model added after events existed: the runner fills it from the whole log once (at the first start that
   * has it, before the service listens) and remembers that it did.
   */
  readonly backfill?: boolean;
  /**
   * Projections (by name) whose documents this one reads while it applies the same events: the runner applies an
   * append's events to them first. Each must be registered before this one (so no cycle can form).
   */
  readonly after?: readonly string[];
  /** Deletes everything the read model holds about a subject (account deletion). */
  purgeSubject?(subjectId: string): Promise<void>;
}
