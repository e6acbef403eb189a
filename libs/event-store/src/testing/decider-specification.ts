import { Refusal, type ErrorCode } from '@abide/contracts';
import type { NewEvent, StoredEvent } from '../stored-event';

/**
 * What a specification runs: a decider (CommandDecider), or one that decides on its words opened and returns them
 * open (SealedDecider's decide, with an evolve that folds the open events the same way).
 */
export interface SpecifiedDecider<C, S, E> {
  initialState(): S;
  evolve(state: S, event: StoredEvent): S;
  decide(command: C, state: S): E[];
}

/** The envelope a stored event has around what a decider returned; a fold only reads type and data. */
const asStored = (event: unknown, index: number): StoredEvent =>
  ({
    id: `00000000-0000-7000-8000-${String(index + 1).padStart(12, '0')}`,
    streamId: 'spec',
    version: index + 1,
    schemaVersion: 1,
    occurredAt: '2026-01-01T00:00:00.000Z',
    correlationId: 'spec',
    causationId: null,
    ...(event as object),
  }) as StoredEvent;

type Outcome<E> = { events: E[] } | { error: unknown };

const fail = (message: string): never => {
  throw new Error(message);
};

const eventsOf = <E>(outcome: Outcome<E>): E[] =>
  'events' in outcome ? outcome.events : fail(`Expected events, but the decider threw: ${String(outcome.error)}`);

/**
 * A decider's behaviour as data (Emmett's DeciderSpecification): given the events already in the stream, when a
 * command comes, then these events are decided, or this Refusal. Runs the decider as the command handler does,
 * without the store.
 */
export const deciderSpec = <C, S, E = NewEvent>(decider: SpecifiedDecider<C, S, E>) => ({
  given: (history: readonly E[] = []) => ({
    when: (command: C) => {
      const run = (): Outcome<E> => {
        const state = history.map(asStored).reduce(decider.evolve, decider.initialState());
        try {
          return { events: decider.decide(command, state) };
        } catch (error) {
          return { error };
        }
      };
      return {
        /** Exactly these events. */
        then: (expected: readonly E[]): void => expect(eventsOf(run())).toEqual(expected),
        /** Nothing to change: no events, no refusal. */
        thenNothing: (): void => expect(eventsOf(run())).toEqual([]),
        /** Events of these types with (at least) these fields, for events with a generated or timed part. */
        thenMatches: (expected: readonly unknown[]): E[] => {
          const events = eventsOf(run());
          expect(events).toHaveLength(expected.length);
          expect(events).toMatchObject(expected);
          return events;
        },
        /** A Refusal with this code (and message, and field when given); anything else thrown fails. */
        thenThrows: (code: ErrorCode, message?: string | RegExp, field?: string): void => {
          const outcome = run();
          if (!('error' in outcome)) return fail(`Expected a Refusal ${code}, but the decider returned ${JSON.stringify(outcome.events)}`);
          expect(outcome.error).toBeInstanceOf(Refusal);
          const refusal = outcome.error as Refusal;
          expect(refusal.code).toBe(code);
          if (typeof message === 'string') expect(refusal.message).toBe(message);
          else if (message) expect(refusal.message).toMatch(message);
          if (field !== undefined) expect(refusal.field).toBe(field);
        },
      };
    },
  }),
});
