import type { CommandResult, CommandRunner } from './command-runner';
import type { CommandDecider } from './decider';
import type { AppendMeta } from './stored-event';

export interface CommandHandlerOptions<C> {
  /** The stream of the aggregate a command is for, e.g. `(c) => 'habit-' + c.habitId`. */
  streamOf: (command: C) => string;
  /** The 409 a race lost on every retry answers, naming the aggregate ("This habit changed at the same moment…"). */
  conflictMessage?: string;
  /** Attempts in all when other writers keep appending first (the runner's default when absent). */
  maxAttempts?: number;
}

/**
 * The one command handler of an aggregate, built once from its decider (Emmett's CommandHandler): `handle(command)`
 * loads the aggregate, asks `decider.decide(command, state)`, appends with the expected version, decides again on a
 * lost race, updates the read models and kicks the relay (CommandRunner). A refusal is the decider's Refusal, passed
 * through untouched; the only other failure a client sees from here is the 409 of a race lost on every attempt.
 */
export class CommandHandler<C, S> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly decider: CommandDecider<C, S>,
    private readonly options: CommandHandlerOptions<C>,
  ) {}

  handle(command: C, meta: AppendMeta): Promise<CommandResult<S>> {
    const { streamOf, ...runOptions } = this.options;
    return this.runner.run(streamOf(command), this.decider, (state) => this.decider.decide(command, state), meta, runOptions);
  }
}
