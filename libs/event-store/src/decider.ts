import type { EventType } from '@abide/contracts';
import type { StoredEvent } from './stored-event';

/**
 * How an aggregate's state follows from its events (Emmett's decider shape, the decide part being each command's).
 * `name` tags the snapshots kept in the stream head: change `stateVersion` whenever the state's shape changes, and
 * older snapshots are ignored (the stream is folded again from its events).
 */
export interface Decider<S, T extends EventType = EventType> {
  readonly name: string;
  readonly stateVersion?: number;
  initialState(): S;
  /** One event's effect; receives the stream's events typed (narrow on `event.type`), in their current version. */
  evolve(state: S, event: StoredEvent<T>): S;
}

export const snapshotTag = (decider: Decider<unknown, never>): string => `${decider.name}@${decider.stateVersion ?? 1}`;
