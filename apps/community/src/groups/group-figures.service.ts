import { Inject, Injectable } from '@nestjs/common';
import { GROUP_ACTIVE_DAYS } from '@abide/contracts';
import {
  anyDoneSince,
  type DoneFact,
  type FactKind,
  factsSince,
  habitsOf,
  latestDone,
  type MemberActivity,
  MemberActivityQueries,
  type PersonView,
  weeklyProgress,
} from '../activity/activity.port';
import { addDays, localDateOrUtcOf, weekStartOf } from '@abide/calendar';
import { CLOCK, type Clock } from '../config/clock';

const DAY_MS = 86_400_000;

const activityText: Record<FactKind, (name: string) => string> = {
  'check-in': (name) => `${name} checked in a habit`,
  'plan-activity': (name) => `${name} completed a plan activity`,
  journal: (name) => `${name} wrote in their journal`,
};

/** A member as the figures see them: their zone's week, and whether they share their progress with this group. */
export interface MemberWeekContext {
  userId: string;
  person: PersonView | undefined;
  /** Their choice on this membership, off until they turn it on (#26): only an explicit 'yes' shows their figures. */
  sharesProgress: boolean;
  weekStart: string;
}

/** A group's member and their sharing choice with that group (the group's stream, or its roster). */
export interface MemberOfGroup {
  userId: string;
  shares: boolean;
}

/** The figures of My Groups cards and the leaders' dashboard, from real member activity only. */
@Injectable()
export class GroupFigures {
  constructor(
    private readonly activity: MemberActivityQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock();
  }

  /** This week's Sunday in the person's zone (UTC until they chose one). */
  weekStartFor(person: PersonView | undefined | null): string {
    return weekStartOf(localDateOrUtcOf(this.clock(), person?.timeZone ?? 'UTC'));
  }

  async contexts(members: readonly MemberOfGroup[]): Promise<MemberWeekContext[]> {
    const people = new Map((await this.activity.peopleByIds(members.map((m) => m.userId))).map((p) => [p._id, p]));
    return members.map(({ userId, shares }) => {
      const person = people.get(userId);
      return { userId, person, sharesProgress: shares && !person?.deleted, weekStart: this.weekStartFor(person) };
    });
  }

  /** The members' activity documents, read once where several figures of one answer come from them (the dashboard). */
  activitiesOf(userIds: readonly string[]): Promise<Map<string, MemberActivity>> {
    return this.activity.activitiesOf(userIds);
  }

  /**
   * Card figures: weekly progress of sharing members, Active badge, and the latest sharing member's activity.
   * `activities`: the members' activity as already read for the same answer, so all its figures tell of one moment.
   */
  async card(group: readonly MemberOfGroup[], activities?: Map<string, MemberActivity>) {
    const memberIds = group.map((m) => m.userId);
    const [members, read] = await Promise.all([this.contexts(group), activities ?? this.activity.activitiesOf(memberIds)]);
    const sharing = members.filter((m) => m.sharesProgress);
    const earliest = sharing.reduce((min, m) => (m.weekStart < min ? m.weekStart : min), this.weekStartFor(null));
    const sharingIds = sharing.map((m) => m.userId);
    const habits = habitsOf(read, sharingIds);
    const facts = factsSince(read, sharingIds, addDays(earliest, -1));
    const latest = latestDone(read, sharingIds);
    const active = anyDoneSince(read, memberIds, new Date(this.clock().getTime() - GROUP_ACTIVE_DAYS * DAY_MS));
    const weekOf = new Map(sharing.map((m) => [m.userId, m.weekStart]));
    const checkIns = new Map<string, number>();
    for (const fact of facts) {
      const weekStart = weekOf.get(fact.userId);
      if (fact.kind !== 'check-in' || !fact.habitId || !weekStart || fact.date < weekStart || fact.date > addDays(weekStart, 6)) continue;
      checkIns.set(fact.habitId, (checkIns.get(fact.habitId) ?? 0) + 1);
    }
    const progress = weeklyProgress(
      habits.map((h) => ({ id: h.id, frequency: h.frequency, active: h.status === 'active' })),
      checkIns,
    );
    const latestName = latest ? (members.find((m) => m.userId === latest.userId)?.person?.name ?? 'A member') : null;
    const latestOfAll = active ? latestDone(read, memberIds) : null;
    return {
      weeklyProgress: progress,
      active,
      /** When `active` turns false by time alone (null: it is false already). */
      activeUntil: latestOfAll ? Date.parse(latestOfAll.at) + GROUP_ACTIVE_DAYS * DAY_MS : null,
      recentActivity: latest && latestName ? { text: activityText[latest.kind](latestName), at: new Date(latest.at).toISOString() } : null,
    };
  }

  /** Done facts of these members from `weeks` weeks before the earliest current week on (`activities`: as in `card`). */
  async factsOver(members: readonly MemberWeekContext[], weeks: number, activities?: Map<string, MemberActivity>): Promise<DoneFact[]> {
    const earliest = members.reduce((min, m) => (m.weekStart < min ? m.weekStart : min), this.weekStartFor(null));
    const ids = members.map((m) => m.userId);
    return factsSince(activities ?? (await this.activity.activitiesOf(ids)), ids, addDays(earliest, -7 * weeks));
  }
}
