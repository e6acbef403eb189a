import type { EventType } from '@abide/contracts';
import type { NewEvent, StoredEvent } from './stored-event';

/**
 * How an aggregate's state follows from its events (the evolve half of Emmett's decider). The store folds streams
 * with it and keeps its snapshots; `name` tags them: change `stateVersion` whenever the state's shape changes, and
 * older snapshots are ignored (the stream is folded again from its events).
 */
export interface Decider<S, T extends EventType = EventType> {
  readonly name: string;
  readonly stateVersion?: number;
  initialState(): S;
  /** One event's effect; receives the stream's events typed (narrow on `event.type`), in their current version. */
  evolve(state: S, event: StoredEvent<T>): S;
}

/**
 * A whole aggregate in Emmett's shape: commands are data (`{ type: 'PauseHabit', ... }`), and `decide` answers one
 * with the events it causes (none when there is nothing to change) or throws a Refusal (contracts), the only way a
 * command is refused. It is pure: whatever it needs (the clock, a time zone, a limit) comes in the command.
 */
export interface CommandDecider<C, S, T extends EventType = EventType> extends Decider<S, T> {
  decide(command: C, state: S): NewEvent[];
}

export const snapshotTag = (decider: Decider<unknown, never>): string => `${decider.name}@${decider.stateVersion ?? 1}`;
