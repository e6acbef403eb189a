import { Inject, Injectable } from '@nestjs/common';
import { GROUP_ACTIVE_DAYS } from '@abide/contracts';
import {
  type ActivityFigures,
  anyDoneSince,
  type FactKind,
  habitCheckIns,
  habitsOf,
  latestDone,
  MemberActivityQueries,
  type PersonView,
  weeklyProgress,
} from '../activity/activity.port';
import { localDateOrUtcOf, weekStartOf } from '@abide/calendar';
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
  activitiesOf(userIds: readonly string[]): Promise<Map<string, ActivityFigures>> {
    return this.activity.activitiesOf(userIds);
  }

  /**
   * Card figures: weekly progress of sharing members, Active badge, and the latest sharing member's activity.
   * `activities`: the members' activity as already read for the same answer, so all its figures tell of one moment.
   */
  async card(group: readonly MemberOfGroup[], activities?: Map<string, ActivityFigures>) {
    const memberIds = group.map((m) => m.userId);
    const [members, read] = await Promise.all([this.contexts(group), activities ?? this.activity.activitiesOf(memberIds)]);
    const sharing = members.filter((m) => m.sharesProgress);
    const sharingIds = sharing.map((m) => m.userId);
    const habits = habitsOf(read, sharingIds);
    const latest = latestDone(read, sharingIds);
    const active = anyDoneSince(read, memberIds, new Date(this.clock().getTime() - GROUP_ACTIVE_DAYS * DAY_MS));
    // Each sharing member's check-ins of their own current week (their zone's), by habit.
    const checkIns = new Map<string, number>();
    for (const member of sharing) {
      const doc = read.get(member.userId);
      if (!doc) continue;
      for (const [habitId, count] of Object.entries(habitCheckIns(doc, member.weekStart))) checkIns.set(habitId, (checkIns.get(habitId) ?? 0) + count);
    }
    const progress = weeklyProgress(
      habits.map((h) => ({ id: h.id, frequency: h.frequency, active: h.status === 'active' })),
      checkIns,
    );
    const latestName = latest ? (members.find((m) => m.userId === latest.userId)?.person?.name ?? 'A member') : null;
    const latestOfAll = active ? latestDone(read, memberIds) : null;
    return {
      /** The members' names as read for these figures (a card shows its owner's, usually a member). */
      names: new Map(members.map((m) => [m.userId, m.person?.name ?? null])),
      weeklyProgress: progress,
      active,
      /** When `active` turns false by time alone (null: it is false already). */
      activeUntil: latestOfAll ? Date.parse(latestOfAll.at) + GROUP_ACTIVE_DAYS * DAY_MS : null,
      recentActivity: latest && latestName ? { text: activityText[latest.kind](latestName), at: new Date(latest.at).toISOString() } : null,
    };
  }

}
