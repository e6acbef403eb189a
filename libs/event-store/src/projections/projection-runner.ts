import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type ExclusiveOptions, runDetached, runOnceExclusively } from '@abide/platform';
import type { EventStore } from '../event-store';
import { eventKey } from '../keys';
import type { StoredEvent } from '../stored-event';
import { withAfterProjections } from './after-projections';
import type { Projection } from './projection';

export interface ProjectionRunnerOptions {
  /** How often outbox entries whose read models were not updated (a crash, a failed update) are looked for. */
  healEveryMs?: number;
  /** Entries younger than this are still being handled by the request that appended them. */
  healAfterMs?: number;
  /**
   * Subjects whose accounts were deleted as the service's logs know them (e.g. from a member-deleted event), beside
   * those recorded by `purgeSubject`: a rebuild leaves them out too (deletions older than the record).
   */
  erasedSubjects?: () => Promise<Iterable<string>>;
  /** The lease under which one instance at a time fills a new read model (tests shorten it). */
  backfillLease?: ExclusiveOptions;
}

/**
 * Feeds the service's projections: right after each append, in the request (read-your-writes), and from the outbox
 * for appends whose update did not complete (the process died, the database blinked) — at start, every few seconds,
 * and at once after a failed update. `rebuild` replays every stream into one projection.
 */
export class ProjectionRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly projections = new Map<string, Projection>();
  private readonly logger = new Logger(ProjectionRunner.name);
  private readonly healEveryMs: number;
  private readonly healAfterMs: number;
  private readonly erasedSubjects: () => Promise<Iterable<string>>;
  private readonly backfillLease: ExclusiveOptions;
  private healing?: Promise<number>;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly store: EventStore,
    projections: readonly Projection[] = [],
    options: ProjectionRunnerOptions = {},
  ) {
    this.register(projections);
    this.healEveryMs = options.healEveryMs ?? 5000;
    this.healAfterMs = options.healAfterMs ?? 5000;
    this.erasedSubjects = options.erasedSubjects ?? (async () => []);
    this.backfillLease = options.backfillLease ?? {};
  }

  /**
   * Adds read models to feed. Each feature module registers its own (`EventSourcingModule.forFeature`) while the
   * application starts, before the runner first heals or backfills.
   */
  register(projections: readonly Projection[]): void {
    for (const projection of projections) {
      if (this.projections.has(projection.name)) throw new Error(`Two projections are named ${projection.name}`);
      const unknown = projection.after?.filter((name) => !this.projections.has(name)) ?? [];
      if (unknown.length) throw new Error(`${projection.name} is applied after ${unknown.join(', ')}: register that first`);
      this.projections.set(projection.name, projection);
    }
  }

  /**
   * Applies events to every projection that handles them, in order, all at once but for those that read another's
   * documents (`after`), which wait for it; a failing projection does not stop the others. The first error is
   * rethrown (the caller answers it) and a heal is started. The work they ask to follow their writes
   * (`afterProjections`) is done once per key, after all of them.
   */
  async apply(events: readonly StoredEvent[]): Promise<void> {
    if (events.length === 0 || this.projections.size === 0) return;
    const runs = new Map<string, Promise<void>>();
    // Memoised per projection; `after` names only projections registered before (register), so this ends.
    const run = (projection: Projection): Promise<void> => {
      let done = runs.get(projection.name);
      if (!done) {
        const first = (projection.after ?? []).map((name) => this.projections.get(name)!);
        done = Promise.allSettled(first.map(run)).then(async () => {
          for (const event of events) if (projection.handles.includes(event.type)) await projection.apply(event);
        });
        runs.set(projection.name, done);
      }
      return done;
    };
    try {
      await withAfterProjections(async () => {
        const results = await Promise.allSettled([...this.projections.values()].map(run));
        const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failure) throw failure.reason;
      });
    } catch (error) {
      void this.heal().catch(() => undefined);
      throw error;
    }
  }

  /**
   * After an append: apply the events, then tell the outbox their read models are done, unless `handOff` takes that
   * over (the relay that will publish them; see CommandRunner). Should the one who took it never clear the duty (a
   * crash, a lost lease), the entries stay unprojected and the heal applies them again, which changes nothing.
   */
  async afterAppend(events: readonly StoredEvent[], handOff?: (events: readonly StoredEvent[]) => boolean): Promise<void> {
    await this.apply(events);
    if (handOff?.(events)) return;
    await this.store.markProjected(events.map((e) => eventKey(e.streamId, e.version)));
  }

  async onApplicationBootstrap(): Promise<void> {
    // Only entries old enough: a young one may be another instance's append whose own apply is still on its way, and a
    // read model not yet right by construction could take it twice. Younger ones left from before wait one cycle.
    await this.heal().catch((error: Error) => this.logger.warn(`Healing read models at start failed (${error.message}); retrying`));
    let backfilled = await this.backfill();
    this.timer = setInterval(() => {
      void this.heal().catch(() => undefined);
      // backfill() logs its own failures and answers false; the rejection handler only keeps a surprise from escaping.
      if (!backfilled)
        this.backfill().then(
          (done) => (backfilled = done),
          () => undefined,
        );
    }, this.healEveryMs);
    this.timer.unref();
  }

  /**
   * Fills each new read model (`backfill`) from the whole log, once per database: instances starting together take
   * turns under a lease (runOnceExclusively), so one empties and refills it while the others wait for its mark, and
   * none empties it again after another filled it. Events appended meanwhile are applied as usual and again by the
   * replay, which idempotent projections ignore. False when it must be tried again.
   */
  private async backfill(): Promise<boolean> {
    try {
      for (const projection of this.projections.values()) {
        if (!projection.backfill) continue;
        const name = projection.name;
        await runOnceExclusively(
          this.store.connection,
          {
            name: `backfill:${name}`,
            isDone: () => this.store.projectionBuilt(name),
            run: async () => {
              const started = Date.now();
              this.logger.log(`Filling read model ${name} from the log`);
              await this.rebuild(name);
              await this.store.markProjectionBuilt(name);
              this.logger.log(`Read model ${name} filled in ${Date.now() - started} ms`);
            },
          },
          this.backfillLease,
        );
      }
      return true;
    } catch (error) {
      this.logger.warn(`Filling a new read model failed (${(error as Error).message}); retrying`);
      return false;
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /**
   * Applies the events of outbox entries not yet projected (older than `olderThanMs`), stream by stream in version
   * order, and marks them. Idempotent projections make a repeat harmless. Returns how many events were applied.
   */
  heal(olderThanMs = this.healAfterMs): Promise<number> {
    this.healing ??= runDetached(async () => {
      const now = Date.now();
      const entries = (await this.store.outboxToProject()).filter((e) => now - new Date(e.createdAt).getTime() >= olderThanMs);
      if (entries.length === 0) return 0;
      entries.sort((a, b) => (a.streamId === b.streamId ? a.version - b.version : a.streamId < b.streamId ? -1 : 1));
      const healed: string[] = [];
      const orphans: typeof entries = [];
      for (const entry of entries) {
        const event = await this.store.eventAt(entry._id);
        if (!event || event.id !== entry.eventId) {
          // Another writer's event is there, or none came in time: an orphan. Otherwise an append still in flight.
          if (event || this.store.isOrphanAge(entry)) orphans.push(entry);
          continue;
        }
        await this.apply([event]);
        healed.push(entry._id);
      }
      await this.store.markProjected(healed);
      await this.store.removeOrphans(orphans);
      if (healed.length) this.logger.log(`Read models caught up with ${healed.length} event(s) left unapplied`);
      return healed.length;
    }).finally(() => {
      this.healing = undefined;
    });
    return this.healing;
  }

  /**
   * Empties one projection and replays every stream into it, each in version order. The events of members who
   * deleted their account are left out and those members purged again at the end: a rebuild never brings back what
   * an erasure removed.
   */
  async rebuild(name: string): Promise<void> {
    const projection = this.projections.get(name);
    if (!projection) throw new Error(`No projection is named ${name}`);
    const purged = await this.store.purgedSubjects();
    for (const subjectId of await this.erasedSubjects()) purged.add(subjectId);
    await projection.reset();
    for (const streamId of await this.store.streamIds()) {
      for (const event of await this.store.load(streamId)) {
        if (projection.handles.includes(event.type) && !purged.has(event.subjectId ?? '')) await projection.apply(event);
      }
    }
    for (const subjectId of purged) await projection.purgeSubject?.(subjectId);
  }

  /** Account deletion: every projection that can forgets the subject, now and after any later rebuild. */
  async purgeSubject(subjectId: string): Promise<void> {
    await this.store.markSubjectPurged(subjectId);
    for (const projection of this.projections.values()) await projection.purgeSubject?.(subjectId);
  }
}
