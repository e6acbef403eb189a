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

/** A state's contents as text, Maps and Sets included, to see whether anything changed it. */
const shapeOf = (state: unknown): string =>
  JSON.stringify(state, (_key, value: unknown) =>
    value instanceof Map ? { map: [...value] } : value instanceof Set ? { set: [...value] } : value,
  );

/**
 * The decider's evolve, checked to leave the state it is handed as it was: the command pipeline keeps the state from
 * before a decision beside the one after, and a snapshot must not change under a later fold.
 */
const evolveLeavingStateAlone =
  <S>(decider: { evolve(state: S, event: StoredEvent): S }) =>
  (state: S, event: StoredEvent): S => {
    const before = shapeOf(state);
    const next = decider.evolve(state, event);
    expect(shapeOf(state)).toEqual(before);
    return next;
  };

/**
 * A decider's behaviour as data (Emmett's DeciderSpecification): given the events already in the stream, when a
 * command comes, then these events are decided, or this Refusal. Runs the decider as the command handler does,
 * without the store.
 */
export const deciderSpec = <C, S, E = NewEvent>(decider: SpecifiedDecider<C, S, E>) => ({
  given: (history: readonly E[] = []) => ({
    when: (command: C) => {
      const run = (): Outcome<E> => {
        const state = history.map(asStored).reduce(evolveLeavingStateAlone(decider), decider.initialState());
        const before = shapeOf(state);
        try {
          return { events: decider.decide(command, state) };
        } catch (error) {
          return { error };
        } finally {
          expect(shapeOf(state)).toEqual(before); // decide is pure: the state it is handed stays as it was
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
