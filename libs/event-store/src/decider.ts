import type { StoredEvent } from './stored-event';

/**
 * How an aggregate's state follows from its events (Emmett's decider shape, the decide part being each command's).
 * `name` tags the snapshots kept in the stream head: change `stateVersion` whenever the state's shape changes, and
 * older snapshots are ignored (the stream is folded again from its events).
 */
export interface Decider<S> {
  readonly name: string;
  readonly stateVersion?: number;
  initialState(): S;
  evolve(state: S, event: StoredEvent): S;
}

export const snapshotTag = (decider: Decider<unknown>): string => `${decider.name}@${decider.stateVersion ?? 1}`;
