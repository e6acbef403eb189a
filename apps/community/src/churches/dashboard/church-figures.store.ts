import { Inject, Injectable } from '@nestjs/common';
import { churchMembershipEventTypes } from '@abide/contracts';
import { type LocalDate, localDateOf, weekStartOf } from '@abide/calendar';
import { EventStore, type Followed, type StoredEvent, StreamOrderedDocuments, unchanged, VersionedDocuments } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { sharesProgress } from '../../activity/domain/person';
import { MemberActivityStore } from '../../activity/projections/member-activity.store';
import { CLOCK, type Clock } from '../../config/clock';
import { dropRetiredCollections } from '@abide/platform';
import { churchesOf } from '../domain/member-churches';
import { MemberChurchesProjection } from '../projections/member-churches.projection';
import {
  applyMembership,
  type ChurchSharing,
  churchWeekKey,
  type ChurchWeekFigures,
  emptyChurchSharing,
  emptyChurchWeek,
  isCounted,
  keptWeeks,
  memberWeekCounts,
  type MembershipChange,
  setMemberWeek,
  setSharing,
} from './domain/church-figures';

export type MembershipEvent = StoredEvent<(typeof churchMembershipEventTypes)[number]>;

const changeOf = {
  'community.church.member-joined': 'joined',
  'community.church.member-left': 'left',
  'community.church.member-removed': 'left',
  'community.church.member-role-changed': 'unchanged',
} as const satisfies Record<MembershipEvent['type'], MembershipChange['type']>;

const isMembershipEvent = (event: StoredEvent): event is MembershipEvent => event.type in changeOf;

/**
 * Keeps the pastor's dashboard figures current as events are applied (domain/church-figures.ts says what they hold).
 * Every document is written by compare-and-set (no lock anywhere), so replicas changing one at the same moment all land.
 *
 * Three paths change them, each writing its own source first and reading the others' after, so whichever runs second
 * sees what the first wrote:
 * - a member joins or leaves (the church's stream, ChurchFiguresProjection): the member's churches (member_churches)
 *   and `church_sharing_v2` first (the church stream's events in order, gaps read from the log), then their weeks
 *   recomputed from their activity;
 * - a member's activity (formation's events): their activity document first, then their churches, then the fact's week;
 * - a member's sharing choice (identity's event): their person document first, then their churches, then every week.
 * A document's sources are read inside its compare-and-set, after the document itself: a writer that read a source
 * before another path changed it finds the document moved on by that path, and computes again from the newer source.
 */
@Injectable()
export class ChurchFiguresStore {
  /** Who belongs to each church and whether they share: the church stream's membership facts, in order. */
  private readonly sharingRows: VersionedDocuments<Followed<ChurchSharing>>;
  private readonly sharing: StreamOrderedDocuments<ChurchSharing>;
  /** A church's week (`churchId:weekStart`): the same JSON as before compare-and-set, so kept where it was. */
  readonly weeks: VersionedDocuments<ChurchWeekFigures>;

  constructor(
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
    log: EventStore,
    private readonly activity: MemberActivityStore,
    private readonly memberChurches: MemberChurchesProjection,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.sharingRows = new VersionedDocuments<Followed<ChurchSharing>>(connection, 'church_sharing_v2');
    this.sharing = new StreamOrderedDocuments(this.sharingRows, log);
    this.weeks = new VersionedDocuments<ChurchWeekFigures>(connection, 'church_weeks');
  }

  private keptWeeks(): LocalDate[] {
    return keptWeeks(localDateOf(this.clock(), 'UTC'));
  }

  /** Sharing is off until the member turns it on (#26): only an explicit 'yes' of a live account counts them. */
  private async sharesNow(userId: string): Promise<boolean> {
    const [person] = await this.activity.peopleByIds([userId]);
    return !person?.deleted && sharesProgress(person);
  }

  // ---- membership (the church's stream) ----

  /**
   * A membership fact: who belongs (a joiner with their sharing choice read inside the compare-and-set), then the
   * member's weeks recomputed (added on joining, removed on leaving). The weeks are recomputed even when another
   * replica applied the fact first (it may not have recomputed yet): recomputing is idempotent.
   */
  async membership(event: MembershipEvent): Promise<void> {
    const { churchId, userId } = event.data;
    await this.sharing.apply(
      churchId,
      event,
      async (value, next) => {
        const fact = next as MembershipEvent;
        const doc = value ?? emptyChurchSharing();
        const type = changeOf[fact.type];
        const change: MembershipChange = type === 'joined' ? { type, shares: await this.sharesNow(fact.data.userId) } : { type };
        return applyMembership(doc, fact.data.userId, fact.version, change) ? doc : unchanged;
      },
      isMembershipEvent,
    );
    if (changeOf[event.type] !== 'unchanged') await this.recompute(churchId, userId, this.keptWeeks());
  }

  // ---- a member's activity and choices (identity's and formation's events) ----

  /** After a fact dated `date` of this member was applied: its week in each of their churches. */
  async factChanged(userId: string, date: LocalDate): Promise<void> {
    const week = weekStartOf(date);
    if (!this.keptWeeks().includes(week)) return;
    for (const churchId of await this.churchesOf(userId)) await this.recompute(churchId, userId, [week]);
  }

  /** After the member's sharing choice changed: the choice in each of their churches, then every kept week. */
  async sharingChanged(userId: string): Promise<void> {
    const shares = await this.sharesNow(userId);
    for (const churchId of await this.churchesOf(userId)) {
      await this.sharingRows.update(churchId, (doc) => {
        const value = doc?.value ?? emptyChurchSharing();
        const positions = doc?.positions ?? {};
        if (setSharing(value, userId, shares)) return { positions, value };
        if (userId in value.members) return unchanged;
        // Not in yet: their join is being applied. Moving the document on makes that join's compare-and-set fail, so
        // it reads the person again and records this choice rather than the one it read before.
        return { positions, value: { ...value, touches: (value.touches ?? 0) + 1 } };
      });
      await this.recompute(churchId, userId, this.keptWeeks());
    }
  }

  private async churchesOf(userId: string): Promise<string[]> {
    return churchesOf(await this.memberChurches.read(userId)).map((c) => c.churchId);
  }

  private async readSharing(churchId: string): Promise<ChurchSharing> {
    return (await this.sharing.value(churchId)) ?? emptyChurchSharing();
  }

  /** The member's counts in these weeks of the church, from their activity: kept when they count, removed otherwise. */
  private async recompute(churchId: string, userId: string, weeks: readonly LocalDate[]): Promise<void> {
    for (const weekStart of weeks) {
      await this.weeks.update(churchWeekKey(churchId, weekStart), async (current) => {
        const week = current ?? emptyChurchWeek();
        const [sharing, activities] = await Promise.all([this.readSharing(churchId), this.activity.activitiesOf([userId])]);
        const counts = isCounted(sharing, userId) ? memberWeekCounts(activities.get(userId)!, weekStart) : null;
        return setMemberWeek(week, userId, counts) ? week : unchanged;
      });
    }
  }

  // ---- reads: by key ----

  async read(
    churchId: string,
    weekStarts: readonly LocalDate[],
  ): Promise<{ sharing: ChurchSharing; weeks: Map<LocalDate, ChurchWeekFigures> }> {
    const [sharing, weeks] = await Promise.all([
      this.readSharing(churchId),
      this.weeks.getMany(weekStarts.map((weekStart) => churchWeekKey(churchId, weekStart))),
    ]);
    return {
      sharing,
      weeks: new Map(weekStarts.map((weekStart) => [weekStart, weeks.get(churchWeekKey(churchId, weekStart)) ?? emptyChurchWeek()])),
    };
  }

  /** Before a rebuild from the log. */
  async reset(): Promise<void> {
    await Promise.all([this.sharing.clear(), this.weeks.clear()]);
    // Where church sharing was kept before it followed its streams in order (church_sharing_v2).
    await dropRetiredCollections(this.connection, 'church_sharing');
  }
}
