import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { MONGO_CONNECTION } from './database.module';
import { runOnceBehindMarker, runUntilNothingLeft } from './run-once';

/** A step run once: its marker is set when it completes (runOnceBehindMarker). */
export type OnceStep = () => Promise<void>;

/**
 * A step that older instances may give more work to while a release rolls out (events they still write the old way):
 * it runs at every start until a run does nothing, then its marker is set (runUntilNothingLeft). It returns how much
 * it did, counting what it could not do yet, so that a run which left work behind is not the last.
 */
export interface RepeatedStep {
  untilNothingLeft: () => Promise<number>;
}

/**
 * A service's one-time data steps at start (a read model filled from the collections it replaces, a retired copy
 * moved and dropped, stored events rewritten), each behind its marker in the service's markers collection
 * (`<service>_migrations`): they run through run-once.ts, one instance at a time, and a step cut short runs again, so
 * steps must be safe to repeat. A migration names its markers collection and gives each marker's step; the steps run
 * in the order given.
 */
export abstract class OneTimeMigration implements OnApplicationBootstrap {
  protected readonly logger = new Logger(this.constructor.name);

  // Injected as a property, so a migration's constructor asks only for what its steps use.
  @Inject(MONGO_CONNECTION) protected readonly connection!: Connection;

  protected constructor(private readonly markers: string) {}

  /** Each marker's step, in the order they run. */
  protected abstract steps(): Record<string, OnceStep | RepeatedStep>;

  async onApplicationBootstrap(): Promise<void> {
    for (const [marker, step] of Object.entries(this.steps())) {
      if (typeof step === 'function') await runOnceBehindMarker(this.connection, this.markers, marker, step);
      else await runUntilNothingLeft(this.connection, this.markers, marker, step.untilNothingLeft);
    }
  }

  /**
   * Runs `task` for each item in turn (a member, an account): one that fails, such as a race lost on its stream every
   * time, is logged with `failure` and counted, and never stops the others nor the service's start. Returns the sum of
   * what the tasks did and how many failed.
   */
  protected async eachOnItsOwn<T>(
    items: Iterable<T>,
    task: (item: T) => Promise<number>,
    failure: { message: string; context: (item: T) => Record<string, unknown> },
  ): Promise<{ done: number; failed: number }> {
    let done = 0;
    let failed = 0;
    for (const item of items) {
      try {
        done += await task(item);
      } catch (error) {
        failed += 1;
        this.logger.warn({ ...failure.context(item), err: error }, failure.message);
      }
    }
    return { done, failed };
  }
}
