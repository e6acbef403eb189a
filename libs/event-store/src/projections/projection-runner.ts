import type { OnApplicationBootstrap } from '@nestjs/common';
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
   * and catch-up heals the read model on the next start.
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
    if (failure) throw failure.reason;
  }

  /** As a Nest provider, read models are healed before the application serves. */
  async onApplicationBootstrap(): Promise<void> {
    await this.catchUp();
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
