import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { runDetached } from '@abide/platform';
import type { Model } from 'mongoose';
import type { EventStore } from '../event-store';
import { isDuplicateKeyError } from '../duplicate-key';
import { toEnvelope, type StoredEvent } from '../stored-event';
import { checkpointModel, type CheckpointDocument } from './checkpoint.schema';
import type { Projection } from './projection';
import { maxPosition, replayStart } from './replay-plan';

export interface ProjectionRunnerOptions {
  /** How many positions below its checkpoint a projection replays on catch-up (see replay-plan.ts). */
  safetyMargin?: number;
  batchSize?: number;
}

/** Feeds the service's projections: right after each append, on start (catch-up) and on demand (rebuild). */
export class ProjectionRunner implements OnApplicationBootstrap {
  private readonly projections: ReadonlyMap<string, Projection>;
  private readonly checkpoints: Model<CheckpointDocument>;
  private readonly safetyMargin: number;
  private readonly batchSize: number;
  private readonly logger = new Logger(ProjectionRunner.name);
  private healing?: Promise<void>;

  constructor(
    private readonly store: EventStore,
    projections: readonly Projection[],
    options: ProjectionRunnerOptions = {},
  ) {
    const byName = new Map<string, Projection>();
    for (const projection of projections) {
      if (byName.has(projection.name)) throw new Error(`Two projections are named ${projection.name}`);
      byName.set(projection.name, projection);
    }
    this.projections = byName;
    this.checkpoints = checkpointModel(store.connection);
    this.safetyMargin = options.safetyMargin ?? 200;
    this.batchSize = options.batchSize ?? 500;
  }

  /**
   * Applies freshly appended events to every projection that handles them (read-your-writes), then advances
   * each checkpoint. A failing projection keeps its checkpoint, the others proceed; the first error is rethrown
   * (the caller answers it) and a background catch-up heals the read model as soon as it can.
   */
  async afterAppend(events: readonly StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    const results = await Promise.allSettled(
      [...this.projections.values()].map(async (projection) => {
        for (const event of events) await this.applyTo(projection, event);
        await this.advance(projection.name, maxPosition(events));
      }),
    );
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) {
      this.heal();
      throw failure.reason;
    }
  }

  /** Catches up in the background until it succeeds (the database may be restarting); one healer at a time. */
  heal(): Promise<void> {
    this.healing ??= runDetached(async () => {
      for (let attempt = 1; ; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 250 * 2 ** attempt)));
        try {
          await this.catchUp();
          this.logger.log(`Read models caught up after a failed update (attempt ${attempt})`);
          return;
        } catch (error) {
          if (attempt === 1) this.logger.warn(`Read models could not catch up yet (${(error as Error).message}); retrying`);
        }
      }
    }).finally(() => {
      this.healing = undefined;
    });
    return this.healing;
  }

  /** As a Nest provider, read models are healed before the application serves (or soon after, if the database flaps). */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.catchUp();
    } catch (error) {
      this.logger.warn(`Catch-up at start failed (${(error as Error).message}); retrying in the background`);
      void this.heal();
    }
  }

  /** Replays what each projection may have missed (a crash between append and update, a straggler). */
  async catchUp(): Promise<void> {
    if (this.projections.size === 0) return;
    const starts = new Map<string, number>();
    for (const name of this.projections.keys()) {
      starts.set(name, replayStart(await this.checkpoint(name), this.safetyMargin));
    }
    const from = Math.min(...starts.values());
    let last = 0;
    // One pass over the log for all projections; each only sees events after its own start.
    for await (const event of this.store.readAll({ afterPosition: from, batchSize: this.batchSize })) {
      for (const projection of this.projections.values()) {
        if (event.position > (starts.get(projection.name) ?? 0)) await this.applyTo(projection, event);
      }
      last = event.position;
    }
    if (last > 0) await Promise.all([...this.projections.keys()].map((name) => this.advance(name, last)));
  }

  /** Empties one projection and replays the whole log into it. */
  async rebuild(name: string): Promise<void> {
    const projection = this.projections.get(name);
    if (!projection) throw new Error(`No projection is named ${name}`);
    await projection.reset();
    await this.checkpoints.updateOne({ _id: name }, { $set: { position: 0, updatedAt: new Date() } }, { upsert: true });
    let last = 0;
    for await (const event of this.store.readAll({ batchSize: this.batchSize })) {
      await this.applyTo(projection, event);
      last = event.position;
    }
    await this.advance(name, last);
  }

  /** Account deletion: every projection that can forgets the subject. */
  async purgeSubject(subjectId: string): Promise<void> {
    for (const projection of this.projections.values()) await projection.purgeSubject?.(subjectId);
  }

  async checkpoint(name: string): Promise<number> {
    const doc = await this.checkpoints.findById(name).lean<CheckpointDocument>();
    return doc?.position ?? 0;
  }

  private async applyTo(projection: Projection, event: StoredEvent): Promise<void> {
    if (projection.handles.includes(event.type)) await projection.apply(toEnvelope(event));
  }

  private async advance(name: string, position: number): Promise<void> {
    if (position <= 0) return;
    // $max: concurrent appends finish in any order, the checkpoint never moves back.
    const update = { $max: { position }, $set: { updatedAt: new Date() } };
    try {
      await this.checkpoints.updateOne({ _id: name }, update, { upsert: true });
    } catch (error) {
      // Two first upserts raced (FerretDB v1 does not serialise them): the document exists now, so update it.
      if (!isDuplicateKeyError(error)) throw error;
      await this.checkpoints.updateOne({ _id: name }, update);
    }
  }
}
