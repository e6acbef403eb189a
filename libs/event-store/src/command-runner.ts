import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { jitteredBackoffDelay } from '@abide/platform';
import type { Decider } from './decider';
import { ConcurrencyError } from './errors';
import type { EventStore } from './event-store';
import { KeyedMutex } from './keyed-mutex';
import type { ProjectionRunner } from './projections/projection-runner';
import type { AppendMeta, NewEvent, StoredEvent } from './stored-event';

/** Pauses between attempts after a lost race: 10 ms, 20, 40, 80 (jittered, so racing writers do not meet again). */
const RETRY_BACKOFF = { initialDelayMs: 10, maxDelayMs: 200 };

export interface CommandResult<S> {
  /** What this command appended (empty when the decision was to do nothing). */
  events: StoredEvent[];
  /** The aggregate's state after them. */
  state: S;
  /** The state the decision was made on (what a command replaced, e.g. a draft's previous file, is read from it). */
  before: S;
  version: number;
}

export type Decision<S> = (state: S, version: number) => NewEvent[] | Promise<NewEvent[]>;

export interface RunOptions {
  /** Attempts in all when other writers keep appending first (default 5); then ConcurrencyError, a 409. */
  maxAttempts?: number;
  /** What the 409 of a race lost on every attempt says (the aggregate named for the member). */
  conflictMessage?: string;
  /**
   * The command makes its stream (its id was just generated, e.g. a uuidv7): the first attempt decides on the initial
   * state at version 0 without reading the stream. Should the stream exist after all, the append meets its first event
   * (a lost race) and the retry reads it as usual, so this saves a read and never changes a decision.
   */
  newStream?: boolean;
}

/** What the runner tells once events are stored (the outbox relay: publish soon). */
export interface AppendListener {
  kick(): void;
  /**
   * Offered the events whose read models this process just updated: true when the listener takes over clearing their
   * outbox entries' read-model duty (the relay holding the lease deletes each entry once published, in one write),
   * false to have it cleared in the database now.
   */
  takeProjected?(events: readonly StoredEvent[]): boolean;
}

/**
 * The one way a command changes state, in every service (Emmett's CommandHandler is the model): load the aggregate
 * by key (snapshot + later events), decide, append with the expected version, retry a lost race with a short
 * growing pause, update the read models in the request, and hand the events to the relay. Commands on one stream
 * take turns in this instance, so two tabs or a double click rarely race at all. A decider refuses with a Refusal
 * (contracts), which reaches the client as the status of its code; nothing is written then. Services do not call
 * `run` themselves: each aggregate has one CommandHandler (command-handler.ts) that runs its commands through here.
 */
export class CommandRunner {
  private readonly streams = new KeyedMutex();
  /** The streams whose turn the current call chain holds (a read model updated in a turn may command the same stream). */
  private readonly turns = new AsyncLocalStorage<ReadonlySet<string>>();
  private readonly storedListeners: Array<(events: readonly StoredEvent[]) => void> = [];

  constructor(
    private readonly store: EventStore,
    private readonly projections: ProjectionRunner,
    private readonly relay: AppendListener,
  ) {}

  async run<S>(
    streamId: string,
    decider: Decider<S>,
    decide: Decision<S>,
    meta: AppendMeta,
    options: RunOptions = {},
  ): Promise<CommandResult<S>> {
    const maxAttempts = options.maxAttempts ?? 5;
    const held = this.turns.getStore();
    const inTurn = <T>(work: () => Promise<T>) => this.turns.run(new Set([...(held ?? []), streamId]), work);
    // A command asked for by a read model while this stream's append is being applied (a new habit given the member's
    // zone) runs in the turn its caller holds: waiting for that turn would wait for itself. The append's expected
    // version still guards it against every other writer.
    const turn = <T>(work: () => Promise<T>) => (held?.has(streamId) ? inTurn(work) : this.streams.run(streamId, () => inTurn(work)));
    return turn(async () => {
      // The first load trusts the stream head (no read past it): a head another writer left behind costs a lost
      // race, and every retry reads past it.
      let readPast = false;
      for (let attempt = 1; ; attempt++) {
        // The first attempt may decide on a guess: an empty new stream, or the state this process last wrote to the
        // stream's head (no read). A guess that is out of date meets another writer's event at its version: a lost race.
        const aggregate =
          attempt === 1 && options.newStream === true
            ? { state: decider.initialState(), version: 0, remembered: undefined }
            : await this.store.aggregate(streamId, decider, { readPast, remembered: attempt === 1 });
        const { state, version } = aggregate;
        const assumed = attempt === 1 && (options.newStream === true || aggregate.remembered !== undefined);
        let events: NewEvent[];
        try {
          events = await decide(state, version);
        } catch (error) {
          // A refusal is only ever answered on the stream as read.
          if (assumed) continue;
          throw error;
        }
        if (events.length === 0) {
          // Deciding to do nothing is only ever decided on the stream as read (an existing one may need something).
          if (assumed) continue;
          return { events: [] as StoredEvent[], state, before: state, version };
        }
        let after = state;
        let stored: StoredEvent[];
        try {
          stored = await this.store.append(streamId, version, events, meta, {
            snapshot: { of: decider, stateAfter: (appended) => (after = appended.reduce(decider.evolve, state)) },
            basis: aggregate.remembered,
          });
        } catch (error) {
          if (!(error instanceof ConcurrencyError)) throw error;
          if (attempt >= maxAttempts) throw new ConcurrencyError(streamId, version, options.conflictMessage);
          // The head may only have been behind: read past it at once. Otherwise another instance appended first:
          // let it finish, then decide again on the new state.
          if (readPast) await sleep(jitteredBackoffDelay(attempt, RETRY_BACKOFF));
          readPast = true;
          continue;
        }
        // Still in the stream's turn: the next command's events cannot reach the read models before these, which a
        // read model that skips what is older than what it holds would otherwise drop.
        await this.stored(stored);
        return { events: stored, state: after, before: state, version: stored[stored.length - 1].version };
      }
    });
  }

  /**
   * After an append that did not go through `run` (a projection that writes events, a migration): the read models
   * and the relay, exactly as for a command.
   */
  async stored(events: StoredEvent[]): Promise<void> {
    try {
      await this.projections.afterAppend(events, (done) => this.relay.takeProjected?.(done) ?? false);
    } finally {
      this.relay.kick();
    }
    for (const listener of this.storedListeners) listener(events);
  }

  /**
   * Tells `listener` about every append once its read models are up to date (a live signal then never makes a
   * screen refetch what is not there yet). It must not throw or wait: it runs in the command's turn.
   */
  onStored(listener: (events: readonly StoredEvent[]) => void): void {
    this.storedListeners.push(listener);
  }
}
