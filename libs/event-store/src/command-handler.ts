import type { CommandResult, CommandRunner } from './command-runner';
import type { CommandDecider, Decider } from './decider';
import type { AppendMeta, NewEvent } from './stored-event';

export interface CommandHandlerOptions<C> {
  /** The stream of the aggregate a command is for, e.g. `(c) => 'habit-' + c.habitId`. */
  streamOf: (command: C) => string;
  /** The 409 a race lost on every retry answers, naming the aggregate ("This habit changed at the same moment…"). */
  conflictMessage?: string;
  /** Attempts in all when other writers keep appending first (the runner's default when absent). */
  maxAttempts?: number;
  /** Whether a command makes its stream (a create with a fresh id): then its first attempt reads nothing (RunOptions.newStream). */
  makesStream?: (command: C) => boolean;
}

/**
 * For an aggregate that keeps some of its words sealed with the member's key in its snapshots and events (the
 * journal): the decider decides on them opened, and what it decides is sealed before it is appended. Both run in
 * the stream's turn, again on every retry.
 */
export interface Sealing<S, D, E, C = unknown> {
  /** The state opened for deciding `command` (which may need none of its words opened). */
  open(state: S, command: C): Promise<D>;
  seal(decided: E[]): Promise<NewEvent[]>;
}

/** A decider that decides on the state opened (`D`) and returns events still open (`E`); see Sealing. */
export type SealedDecider<C, S, D, E> = Decider<S> & { decide(command: C, state: D): E[] };

/**
 * The one command handler of an aggregate, built once from its decider (Emmett's CommandHandler): `handle(command)`
 * loads the aggregate, asks `decider.decide(command, state)`, appends with the expected version, decides again on a
 * lost race, updates the read models and kicks the relay (CommandRunner). A refusal is the decider's Refusal, passed
 * through untouched; the only other failure a client sees from here is the 409 of a race lost on every attempt.
 */
export class CommandHandler<C, S> {
  private readonly decide: (command: C, state: S) => Promise<NewEvent[]> | NewEvent[];

  constructor(runner: CommandRunner, decider: CommandDecider<C, S>, options: CommandHandlerOptions<C>);
  constructor(
    runner: CommandRunner,
    decider: SealedDecider<C, S, unknown, unknown>,
    options: CommandHandlerOptions<C>,
    sealing: Sealing<S, unknown, unknown, C>,
  );
  constructor(
    private readonly runner: CommandRunner,
    private readonly decider: SealedDecider<C, S, unknown, unknown>,
    private readonly options: CommandHandlerOptions<C>,
    sealing?: Sealing<S, unknown, unknown, C>,
  ) {
    this.decide = sealing
      ? async (command, state) => sealing.seal(decider.decide(command, await sealing.open(state, command)))
      : (command, state) => decider.decide(command, state) as NewEvent[];
  }

  /** A decider that decides on its state opened (see Sealing): the opened state and open events typed together. */
  static sealed<C, S, D, E>(
    runner: CommandRunner,
    decider: SealedDecider<C, S, D, E>,
    options: CommandHandlerOptions<C>,
    sealing: Sealing<S, D, E, C>,
  ): CommandHandler<C, S> {
    return new CommandHandler(
      runner,
      decider as SealedDecider<C, S, unknown, unknown>,
      options,
      sealing as Sealing<S, unknown, unknown, C>,
    );
  }

  handle(command: C, meta: AppendMeta): Promise<CommandResult<S>> {
    const { streamOf, makesStream, ...runOptions } = this.options;
    return this.runner.run(streamOf(command), this.decider, (state) => this.decide(command, state), meta, {
      ...runOptions,
      newStream: makesStream?.(command) ?? false,
    });
  }
}
