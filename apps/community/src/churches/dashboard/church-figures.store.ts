import { Inject, Injectable } from '@nestjs/common';
import { type LocalDate, localDateOf, weekStartOf } from '@abide/calendar';
import { withDocument } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { MemberActivityStore } from '../../activity/projections/member-activity.store';
import { CLOCK, type Clock } from '../../config/clock';
import { type JsonDocument, jsonDocumentModel, readJson, writeJson } from '../../read-models/json-document';
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

const lock = (model: Model<JsonDocument>, id: string, work: () => Promise<void>) =>
  withDocument(model as unknown as Model<unknown>, id, work);

/**
 * Keeps the pastor's dashboard figures current as events are applied (domain/church-figures.ts says what they hold).
 *
 * Three paths change them, each writing its own source first and reading the others' after, so whichever runs second
 * sees what the first wrote:
 * - a member joins or leaves (the church's stream, ChurchFiguresProjection): the member's churches (member_churches)
 *   and `church_sharing` first, then their weeks recomputed from their activity;
 * - a member's activity (formation's events): their activity document first, then their churches, then the fact's week;
 * - a member's sharing choice (identity's event): their person document first, then their churches, then every week.
 * A week is recomputed under its document's turn, reading the member's activity and the church's sharing choices
 * inside it, so the last to run always writes from the newest of both.
 */
@Injectable()
export class ChurchFiguresStore {
  readonly sharing: Model<JsonDocument>;
  readonly weeks: Model<JsonDocument>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly activity: MemberActivityStore,
    private readonly memberChurches: MemberChurchesProjection,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.sharing = jsonDocumentModel(connection, 'ChurchSharing', 'church_sharing');
    this.weeks = jsonDocumentModel(connection, 'ChurchWeek', 'church_weeks');
  }

  private keptWeeks(): LocalDate[] {
    return keptWeeks(localDateOf(this.clock(), 'UTC'));
  }

  /** Identity's default is to share: only an explicit 'no' (or a deleted account) keeps a member out. */
  private async sharesNow(userId: string): Promise<boolean> {
    const [person] = await this.activity.peopleByIds([userId]);
    return !person?.deleted && person?.shareProgress !== false;
  }

  // ---- membership (the church's stream) ----

  /** A membership fact: who belongs, then the member's weeks recomputed (added on joining, removed on leaving). */
  async membership(churchId: string, userId: string, version: number, type: MembershipChange['type']): Promise<void> {
    let applied = false;
    await lock(this.sharing, churchId, async () => {
      const doc = await readJson(this.sharing, churchId, emptyChurchSharing);
      const change: MembershipChange = type === 'joined' ? { type, shares: await this.sharesNow(userId) } : { type };
      applied = applyMembership(doc, userId, version, change);
      if (applied) await writeJson(this.sharing, churchId, doc);
    });
    if (applied && type !== 'unchanged') await this.recompute(churchId, userId, this.keptWeeks());
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
      await lock(this.sharing, churchId, async () => {
        const doc = await readJson(this.sharing, churchId, emptyChurchSharing);
        if (setSharing(doc, userId, shares)) await writeJson(this.sharing, churchId, doc);
      });
      await this.recompute(churchId, userId, this.keptWeeks());
    }
  }

  private async churchesOf(userId: string): Promise<string[]> {
    return churchesOf(await this.memberChurches.read(userId)).map((c) => c.churchId);
  }

  /** The member's counts in these weeks of the church, from their activity: kept when they count, removed otherwise. */
  private async recompute(churchId: string, userId: string, weeks: readonly LocalDate[]): Promise<void> {
    for (const weekStart of weeks) {
      const key = churchWeekKey(churchId, weekStart);
      await lock(this.weeks, key, async () => {
        const [week, sharing, activities] = await Promise.all([
          readJson(this.weeks, key, emptyChurchWeek),
          readJson(this.sharing, churchId, emptyChurchSharing),
          this.activity.activitiesOf([userId]),
        ]);
        const counts = isCounted(sharing, userId) ? memberWeekCounts(activities.get(userId)!, weekStart) : null;
        if (setMemberWeek(week, userId, counts)) await writeJson(this.weeks, key, week);
      });
    }
  }

  // ---- reads: by key ----

  async read(
    churchId: string,
    weekStarts: readonly LocalDate[],
  ): Promise<{ sharing: ChurchSharing; weeks: Map<LocalDate, ChurchWeekFigures> }> {
    const [sharing, ...weeks] = await Promise.all([
      readJson(this.sharing, churchId, emptyChurchSharing),
      ...weekStarts.map((weekStart) => readJson(this.weeks, churchWeekKey(churchId, weekStart), emptyChurchWeek)),
    ]);
    return { sharing, weeks: new Map(weekStarts.map((weekStart, i) => [weekStart, weeks[i]])) };
  }

  /** Before a rebuild from the log. */
  async reset(): Promise<void> {
    await Promise.all([this.sharing.deleteMany({}), this.weeks.deleteMany({})]);
  }
}
