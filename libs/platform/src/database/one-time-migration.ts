import { Inject, Logger, type LoggerService, type OnApplicationBootstrap } from '@nestjs/common';
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

/** Where a step says what it did: the service's migrations log (a step is a plain function, not a Nest class). */
export type MigrationLog = Pick<LoggerService, 'log' | 'warn'>;

/**
 * A service's one-time data steps at start (a read model filled from the collections it replaces, a retired copy
 * moved and dropped, stored events rewritten), each behind its marker in the service's markers collection
 * (`<service>_migrations`): they run through run-once.ts, one instance at a time, and a step cut short runs again, so
 * steps must be safe to repeat. Each service has one subclass (`apps/<service>/src/<service>.migration.ts`) that names
 * its markers collection and lists every step, marker by marker, in the order they run; each step's logic is a plain
 * function in the feature whose data it changes.
 */
export abstract class OneTimeMigration implements OnApplicationBootstrap {
  protected readonly logger = new Logger(this.constructor.name);

  // Injected as a property, so a service's subclass asks only for what its steps use.
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
}

/**
 * Runs `task` for each item in turn (a member, an account): one that fails, such as a race lost on its stream every
 * time, is logged with `failure` and counted, and never stops the others nor the service's start. Returns the sum of
 * what the tasks did and how many failed.
 */
export async function eachOnItsOwn<T>(
  items: Iterable<T>,
  task: (item: T) => Promise<number>,
  failure: { log: MigrationLog; message: string; context: (item: T) => Record<string, unknown> },
): Promise<{ done: number; failed: number }> {
  let done = 0;
  let failed = 0;
  for (const item of items) {
    try {
      done += await task(item);
    } catch (error) {
      failed += 1;
      failure.log.warn({ ...failure.context(item), err: error }, failure.message);
    }
  }
  return { done, failed };
}
