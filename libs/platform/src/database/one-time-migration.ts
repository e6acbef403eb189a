import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { MONGO_CONNECTION } from './database.module';
import { runOnceBehindMarker } from './run-once';

/**
 * A service's one-time data steps at start (a read model filled from the collections it replaces, a retired copy
 * moved and dropped), each behind its marker in the service's markers collection (`<service>_migrations`): they run
 * through runOnceBehindMarker, one instance at a time, and a step cut short runs again, so steps must be safe to
 * repeat. A migration names its markers collection and gives each marker's step; the steps run in the order given.
 */
export abstract class OneTimeMigration implements OnApplicationBootstrap {
  protected readonly logger = new Logger(this.constructor.name);

  // Injected as a property, so a migration's constructor asks only for what its steps use.
  @Inject(MONGO_CONNECTION) protected readonly connection!: Connection;

  protected constructor(private readonly markers: string) {}

  /** Each marker's step, in the order they run. */
  protected abstract steps(): Record<string, () => Promise<void>>;

  async onApplicationBootstrap(): Promise<void> {
    for (const [marker, step] of Object.entries(this.steps())) await runOnceBehindMarker(this.connection, this.markers, marker, step);
  }
}
