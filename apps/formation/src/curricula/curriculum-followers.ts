import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { VersionedDocuments } from '@abide/event-store';
import { updateFrom } from '../shared/update-from';
import type { EventTypesOf } from '@abide/contracts';
import type { Projection, StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION, runDetached } from '@abide/platform';
import { addDays, localDateOf, weekStartOf } from '@abide/calendar';
import type { Connection } from 'mongoose';
import { CLOCK, type Clock } from '../config/clock';
import { ChurchFacts, ChurchMembershipChanges } from '../churches/churches.port';
import type { CommandMeta } from '../members/members.port';
import { type ChurchAssignment, CurriculumProjection } from './projections/curriculum.projection';

/** What a plan does when the curriculum week a member follows may have changed (plans register it). */
export type FollowListener = (userId: string, meta: CommandMeta) => Promise<void>;

/** An assignment change whose members' current weeks are still to be brought up to date. */
interface FollowUp {
  churchId: string;
  assignmentId: string;
  /** The curriculum stream's version of the event: the assignments read model must have reached it first. */
  v?: number;
  correlationId: string;
  createdAt: string;
  /** Members whose step failed on an earlier pass (only they are tried again), and how many passes failed. */
  retry?: string[];
  failedPasses?: number;
}

/** How often follow-ups left by a stopped process are looked for. */
const SWEEP_EVERY_MS = 60_000;
const PROGRESS_EVERY = 100;
/** How soon a follow-up waiting for the assignments read model (a sibling projection of the same event) is tried again. */
const WAIT_FOR_READ_MODEL_MS = 250;
/** Passes over the members whose step failed before they are left to their next rollover. */
const MAX_FAILED_PASSES = 5;
/** A replayed assignment older than this concerns no current week any more (rollover made later weeks right). */
const STALE_AFTER_DAYS = 8;

/**
 * Keeps members' plans on the curriculum week they should follow when that changes during a week:
 * - a member joins or leaves a church or group: the directory tells us, and their plan follows at once (in the
 *   delivery of community's event, which is retried until it succeeds);
 * - an admin assigns a curriculum for the running week or ends an assignment: every member it reaches. A projection
 *   records a follow-up with the event (so a crash loses none: the projection runner heals from the outbox), and
 *   this worker brings each member's plan along in the background, logging progress, then removes it; a follow-up a
 *   stopped process left is picked up at start and every minute. Each member's step is idempotent; members whose step
 *   failed are tried again at the next sweeps.
 * - The worker waits until the assignments read model has applied the event: both projections get it at the same
 *   time, so the worker may otherwise find no assignment yet and reach nobody.
 * Later weeks need nothing here: their plans are made by the rollover, following whatever is assigned then.
 */
@Injectable()
export class CurriculumFollowers implements Projection<EventTypesOf<'formation.curriculum.'>>, OnApplicationBootstrap, OnApplicationShutdown {
  readonly name = 'curriculum-follow-ups';
  readonly handles = ['formation.curriculum.assigned', 'formation.curriculum.assignment-ended'] as const;
  private readonly logger = new Logger(CurriculumFollowers.name);
  private readonly listeners: FollowListener[] = [];
  private readonly followUps: VersionedDocuments<FollowUp>;
  private running?: Promise<void>;
  private again = false;
  private timer?: NodeJS.Timeout;
  private soon?: NodeJS.Timeout;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly directory: ChurchFacts,
    private readonly curricula: CurriculumProjection,
    changes: ChurchMembershipChanges,
  ) {
    this.followUps = new VersionedDocuments(connection, 'curriculum_follow_ups');
    changes.listen(async ({ userIds, meta }) => {
      for (const userId of userIds) await this.follow(userId, meta);
    });
  }

  listen(listener: FollowListener): void {
    this.listeners.push(listener);
  }

  /** The member's current week follows what it should now (a failure is the caller's to retry). */
  async follow(userId: string, meta: CommandMeta): Promise<void> {
    for (const listener of this.listeners) await listener(userId, meta);
  }

  async apply(event: StoredEvent<EventTypesOf<'formation.curriculum.'>>): Promise<void> {
    if (event.type !== 'formation.curriculum.assigned' && event.type !== 'formation.curriculum.assignment-ended') return;
    const now = this.clock();
    if (new Date(event.occurredAt).getTime() < now.getTime() - STALE_AFTER_DAYS * 86_400_000) return;
    // No member's week can have begun after this Sunday (no zone is more than 14 hours ahead of UTC).
    if (event.type === 'formation.curriculum.assigned' && event.data.startDate > weekStartOf(addDays(localDateOf(now, 'UTC'), 1))) return;
    await updateFrom(this.followUps, 
      `${event.streamId}@${event.version}`,
      () => ({
        churchId: event.data.churchId,
        assignmentId: event.data.assignmentId,
        v: event.version,
        correlationId: event.correlationId,
        createdAt: event.occurredAt,
      }),
      (f) => f,
    );
    this.kick();
  }

  onApplicationBootstrap(): void {
    // Every instance sweeps: two working one follow-up at once repeat members' steps, which are idempotent (a plan's
    // lost append decides again), and the follow-up changes by compare-and-set; the cost is repeated work, not a wrong week.
    this.kick();
    this.timer = setInterval(() => this.kick(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    clearTimeout(this.soon);
  }

  /** Works through the follow-ups in the background (one run at a time in this process; a kick meanwhile runs again). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = runDetached(async () => {
      try {
        do {
          this.again = false;
          await this.workThrough();
        } while (this.again);
      } catch (error) {
        this.logger.warn(`Curriculum follow-ups paused (${(error as Error).message}); retrying within a minute`);
      } finally {
        this.running = undefined;
      }
    });
  }

  /** Resolves once no follow-up is being worked on (tests, and a clean shutdown). */
  async drain(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  private async workThrough(): Promise<void> {
    // The collection holds only follow-ups in flight (a handful), so listing it is cheap.
    const pending = await this.followUps.model.find({}).lean<Array<{ _id: string; state: string }>>();
    let waiting = false;
    for (const row of pending) {
      const followUp = JSON.parse(row.state) as FollowUp;
      const assignment = (await this.curricula.assignmentsOf(followUp.churchId)).find((a) => a.assignmentId === followUp.assignmentId);
      if (!assignment || assignment.v < (followUp.v ?? 0)) {
        if (this.isStale(followUp)) await this.followUps.model.deleteOne({ _id: row._id });
        else waiting = true;
        continue;
      }
      const userIds = followUp.retry ?? (await this.audienceOf(followUp.churchId, assignment));
      const failed = await this.bringAlong(followUp, userIds);
      const passes = (followUp.failedPasses ?? 0) + (failed.length ? 1 : 0);
      this.logger.log({ assignmentId: followUp.assignmentId, members: userIds.length, failed: failed.length }, 'curriculum follow-up pass done');
      if (failed.length && passes < MAX_FAILED_PASSES) await updateFrom(this.followUps, row._id, () => followUp, () => ({ ...followUp, retry: failed, failedPasses: passes }));
      else await this.followUps.model.deleteOne({ _id: row._id });
    }
    if (waiting) this.kickSoon();
  }

  /** Each member's step; returns those whose step failed. */
  private async bringAlong(followUp: FollowUp, userIds: readonly string[]): Promise<string[]> {
    const meta = { correlationId: followUp.correlationId };
    const failed: string[] = [];
    for (const [i, userId] of userIds.entries()) {
      try {
        await this.follow(userId, meta);
      } catch (error) {
        failed.push(userId);
        this.logger.warn({ userId, err: (error as Error).message }, 'a plan did not follow its curriculum week; trying again at the next sweep');
      }
      if ((i + 1) % PROGRESS_EVERY === 0) this.logger.log({ assignmentId: followUp.assignmentId, done: i + 1, of: userIds.length }, 'curriculum follow-up progress');
    }
    return failed;
  }

  private kickSoon(): void {
    if (this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      this.kick();
    }, WAIT_FOR_READ_MODEL_MS);
    this.soon.unref();
  }

  private isStale(followUp: FollowUp): boolean {
    return new Date(followUp.createdAt).getTime() < this.clock().getTime() - STALE_AFTER_DAYS * 86_400_000;
  }

  /** Everyone the assignment reaches now: the church's members, or the members of its groups that still belong to it. */
  private async audienceOf(churchId: string, assignment: ChurchAssignment): Promise<string[]> {
    if (assignment.audience === 'church') return this.directory.churchMemberIds(churchId);
    const groups = await this.directory.groupFacts(assignment.groupIds);
    return [...new Set([...groups.values()].filter((g) => g.churchId === churchId).flatMap((g) => g.memberIds))];
  }

  async reset(): Promise<void> {
    await this.followUps.clear();
  }
}
