import { Inject, Injectable } from '@nestjs/common';
import { GROUP_ACTIVE_DAYS } from '@abide/contracts';
import { MemberActivityStore, type PersonView } from '../activity/projections/member-activity.store';
import { addDays, localDateOrUtcOf, weekStartOf } from '@abide/calendar';
import { weeklyProgress } from '../activity/domain/group-figures';
import { sharesProgress } from '../activity/domain/person';
import { anyDoneSince, type DoneFact, type FactKind, factsSince, habitsOf, latestDone } from '../activity/domain/member-activity';
import { CLOCK, type Clock } from '../config/clock';
import { GroupCardCache } from './projections/group-card-cache';

const DAY_MS = 86_400_000;

const activityText: Record<FactKind, (name: string) => string> = {
  'check-in': (name) => `${name} checked in a habit`,
  'plan-activity': (name) => `${name} completed a plan activity`,
  journal: (name) => `${name} wrote in their journal`,
};

/** A member as the figures see them: their zone's week, and whether they share their progress with groups. */
export interface MemberWeekContext {
  userId: string;
  person: PersonView | undefined;
  /** Sharing is off until the member turns it on (#26): only an explicit 'yes' shows their figures. */
  sharesProgress: boolean;
  weekStart: string;
}

/** The figures of My Groups cards and the leaders' dashboard, from real member activity only. */
@Injectable()
export class GroupFigures {
  constructor(
    private readonly activity: MemberActivityStore,
    private readonly cards: GroupCardCache,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock();
  }

  /** This week's Sunday in the person's zone (UTC until they chose one). */
  weekStartFor(person: PersonView | undefined | null): string {
    return weekStartOf(localDateOrUtcOf(this.clock(), person?.timeZone ?? 'UTC'));
  }

  async contexts(userIds: readonly string[]): Promise<MemberWeekContext[]> {
    const people = new Map((await this.activity.peopleByIds(userIds)).map((p) => [p._id, p]));
    return userIds.map((userId) => {
      const person = people.get(userId);
      return { userId, person, sharesProgress: sharesProgress(person), weekStart: this.weekStartFor(person) };
    });
  }

  async names(userIds: readonly string[]): Promise<Map<string, string | null>> {
    return new Map((await this.activity.peopleByIds(userIds)).map((p) => [p._id, p.name]));
  }

  /** Card figures: weekly progress of sharing members, Active badge, and the latest sharing member's activity. */
  async card(memberIds: readonly string[]) {
    const [members, activities] = await Promise.all([this.contexts(memberIds), this.activity.activitiesOf(memberIds)]);
    const sharing = members.filter((m) => m.sharesProgress);
    const earliest = sharing.reduce((min, m) => (m.weekStart < min ? m.weekStart : min), this.weekStartFor(null));
    const sharingIds = sharing.map((m) => m.userId);
    const habits = habitsOf(activities, sharingIds);
    const facts = factsSince(activities, sharingIds, addDays(earliest, -1));
    const latest = latestDone(activities, sharingIds);
    const active = anyDoneSince(activities, memberIds, new Date(this.clock().getTime() - GROUP_ACTIVE_DAYS * DAY_MS));
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
    return {
      weeklyProgress: progress,
      active,
      recentActivity: latest && latestName ? { text: activityText[latest.kind](latestName), at: new Date(latest.at).toISOString() } : null,
    };
  }

  /** A group's card figures for these members (roster order), as kept between reads (GroupCardCache). */
  keptCard(groupId: string, memberIds: readonly string[]): ReturnType<GroupFigures['card']> {
    return this.cards.card(groupId, memberIds, () => this.card(memberIds));
  }

  /** Done facts of these members from `weeks` weeks before the earliest current week on. */
  async factsOver(members: readonly MemberWeekContext[], weeks: number): Promise<DoneFact[]> {
    const earliest = members.reduce((min, m) => (m.weekStart < min ? m.weekStart : min), this.weekStartFor(null));
    const ids = members.map((m) => m.userId);
    return factsSince(await this.activity.activitiesOf(ids), ids, addDays(earliest, -7 * weeks));
  }
}
