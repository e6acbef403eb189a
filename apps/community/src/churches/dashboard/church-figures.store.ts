import { Inject, Injectable } from '@nestjs/common';
import { churchMembershipEventTypes } from '@abide/contracts';
import { type LocalDate, localDateOf, weekStartOf } from '@abide/calendar';
import { EventStore, type Followed, type StoredEvent, StreamOrderedDocuments, unchanged, VersionedDocuments } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { MemberActivityQueries, weekCounts } from '../../activity/activity.port';
import { CLOCK, type Clock } from '../../config/clock';
import { dropRetiredCollections } from '@abide/platform';
import { ChurchesOfMember } from '../../memberships/memberships.port';
import { churchesOf } from '../../memberships/membership-model.port';
import {
  applyMembership,
  type ChurchSharing,
  churchWeekKey,
  type ChurchWeekFigures,
  emptyChurchSharing,
  emptyChurchWeek,
  isCounted,
  keptWeeks,
  type MembershipChange,
  setMemberWeek,
} from './domain/church-figures';

/** What the pastor's dashboard follows on a church's stream: who belongs, and whether each shares with the church (#26). */
export const churchFiguresEventTypes = [...churchMembershipEventTypes, 'community.church.member-sharing-changed'] as const;
export type MembershipEvent = StoredEvent<(typeof churchFiguresEventTypes)[number]>;

const changeOf = {
  'community.church.member-joined': 'joined',
  'community.church.member-left': 'left',
  'community.church.member-removed': 'left',
  'community.church.member-role-changed': 'unchanged',
  'community.church.member-sharing-changed': 'sharing',
} as const satisfies Record<MembershipEvent['type'], MembershipChange['type']>;

const isMembershipEvent = (event: StoredEvent): event is MembershipEvent => event.type in changeOf;

/**
 * Keeps the pastor's dashboard figures current as events are applied (domain/church-figures.ts says what they hold).
 * Every document is written by compare-and-set (no lock anywhere), so replicas changing one at the same moment all land.
 *
 * Two paths change them, each writing its own source first and reading the other's after, so whichever runs second
 * sees what the first wrote:
 * - a member joins, leaves or changes their sharing choice with the church (the church's stream,
 *   ChurchFiguresProjection): the member's churches (member_churches) and `church_sharing_v2` first (the church
 *   stream's events in order, gaps read from the log), then their weeks recomputed from their activity;
 * - a member's activity (formation's events): their activity document first, then their churches (as that document
 *   lists them: the member's churches are merged into it before the first path reads it), then the fact's week.
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
    private readonly activity: MemberActivityQueries,
    private readonly memberChurches: ChurchesOfMember,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.sharingRows = new VersionedDocuments<Followed<ChurchSharing>>(connection, 'church_sharing_v2');
    this.sharing = new StreamOrderedDocuments(this.sharingRows, log);
    this.weeks = new VersionedDocuments<ChurchWeekFigures>(connection, 'church_weeks');
  }

  private keptWeeks(): LocalDate[] {
    return keptWeeks(localDateOf(this.clock(), 'UTC'));
  }

  // ---- membership (the church's stream) ----

  /**
   * A membership fact: who belongs and whether they share (a joiner does not until they choose, #26), then the
   * member's weeks recomputed (added when they share, removed when they stop or leave). The weeks are recomputed even
   * when another replica applied the fact first (it may not have recomputed yet): recomputing is idempotent.
   */
  async membership(event: MembershipEvent): Promise<void> {
    const { churchId, userId } = event.data;
    await this.sharing.apply(
      churchId,
      event,
      (value, next) => {
        const fact = next as MembershipEvent;
        const doc = value ?? emptyChurchSharing();
        const type = changeOf[fact.type];
        const change: MembershipChange =
          fact.type === 'community.church.member-sharing-changed'
            ? { type: 'sharing', shares: fact.data.shares }
            : ({ type } as MembershipChange);
        return applyMembership(doc, fact.data.userId, fact.version, change) ? doc : unchanged;
      },
      isMembershipEvent,
    );
    if (changeOf[event.type] !== 'unchanged') await this.recompute(churchId, userId, this.keptWeeks());
  }

  // ---- a member's activity (formation's events) ----

  /**
   * After a fact dated `date` of this member was applied: its week in each of their churches (`churchIds`: as the
   * activity document written lists them; null: read from the member's churches).
   */
  async factChanged(userId: string, date: LocalDate, churchIds: readonly string[] | null): Promise<void> {
    const week = weekStartOf(date);
    if (!this.keptWeeks().includes(week)) return;
    for (const churchId of churchIds ?? (await this.churchesOf(userId))) await this.recompute(churchId, userId, [week]);
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
        const counts = isCounted(sharing, userId) ? weekCounts(activities.get(userId)!, weekStart) : null;
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
