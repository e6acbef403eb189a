import type { LocalDate } from '@abide/calendar';
import {
  type ChurchDashboard,
  type ChurchGroupHealth,
  type ChurchWeek,
  GROUP_BREAKDOWN_MIN_SHARING,
  type WeekCounts,
} from '@abide/contracts';
import { type ChurchSharing, type ChurchWeekFigures, dashboardWeeks, emptyChurchWeek, isCounted } from './church-figures';

/** A group of the church as the dashboard reads it: its members (roster), its card's progress, its ratings. */
export interface GroupInput {
  id: string;
  name: string;
  memberIds: readonly string[];
  weeklyProgress: { completed: number; expected: number };
  /** `userId:weekStart` → 1–5, as the group's roster keeps them. */
  ratings: Readonly<Record<string, number>>;
}

export interface DashboardInput {
  church: ChurchDashboard['church'];
  /** This week's Sunday in the church's zone. */
  weekStart: LocalDate;
  /** The church's members from its stream (the truth for who belongs). */
  memberIds: ReadonlySet<string>;
  sharing: ChurchSharing;
  /** The kept weeks by their Sunday; a week nobody was active in may be missing. */
  weeks: ReadonlyMap<LocalDate, ChurchWeekFigures>;
  groups: readonly GroupInput[];
  /** Names of the members shown one by one (see `breakdownMembers`). */
  names: ReadonlyMap<string, string | null>;
}

const zero = (): WeekCounts => ({ checkIns: 0, planActivities: 0, journalDays: 0 });
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Members who count: in the church now and sharing now. The kept documents are filtered again, never trusted. */
const counted = (input: Pick<DashboardInput, 'memberIds' | 'sharing'>, userId: string) =>
  input.memberIds.has(userId) && isCounted(input.sharing, userId);

const countedMembersOf = (input: Pick<DashboardInput, 'memberIds' | 'sharing'>, week: ChurchWeekFigures) =>
  Object.entries(week.members).filter(([userId]) => counted(input, userId));

/** The group's members who belong to the church and share, shown one by one only when there are enough of them. */
export const breakdownMembers = (input: Pick<DashboardInput, 'memberIds' | 'sharing'>, group: GroupInput): string[] | null => {
  const sharing = group.memberIds.filter((userId) => counted(input, userId));
  return sharing.length >= GROUP_BREAKDOWN_MIN_SHARING ? sharing : null;
};

const ratingsOver = (ratings: GroupInput['ratings'], weeks: ReadonlySet<LocalDate>) => {
  const given = Object.entries(ratings)
    .filter(([key]) => weeks.has(key.slice(key.lastIndexOf(':') + 1)))
    .map(([, rating]) => rating);
  return { average: given.length ? round2(given.reduce((sum, r) => sum + r, 0) / given.length) : null, count: given.length };
};

/**
 * The dashboard from the kept figures: members (everyone), and activity figures of sharing members only; groups
 * with their own progress and ratings, and this week member by member only where enough of them share.
 */
export const assembleDashboard = (input: DashboardInput): ChurchDashboard => {
  const weekStarts = dashboardWeeks(input.weekStart);
  const weekOf = (weekStart: LocalDate) => countedMembersOf(input, input.weeks.get(weekStart) ?? emptyChurchWeek());
  const perWeek = weekStarts.map(weekOf);
  const weeks: ChurchWeek[] = perWeek.map((members, i) => ({
    weekStart: weekStarts[i],
    activeMembers: members.length,
    checkIns: members.reduce((n, [, c]) => n + c.checkIns, 0),
    planActivities: members.reduce((n, [, c]) => n + c.planActivities, 0),
    journalDays: members.reduce((n, [, c]) => n + c.journalDays, 0),
  }));
  const thisWeek = new Map(perWeek.at(-1));
  const earlier = new Set(perWeek.slice(0, -1).flatMap((members) => members.map(([userId]) => userId)));
  const shown = new Set(weekStarts);

  const groups: ChurchGroupHealth[] = input.groups
    .map((group) => {
      const breakdown = breakdownMembers(input, group);
      return {
        id: group.id,
        name: group.name,
        memberCount: group.memberIds.length,
        sharingMembers: group.memberIds.filter((userId) => counted(input, userId)).length,
        weeklyProgress: group.weeklyProgress,
        ratings: ratingsOver(group.ratings, shown),
        members:
          breakdown?.map((userId) => ({ userId, name: input.names.get(userId) ?? null, ...(thisWeek.get(userId) ?? zero()) })) ?? null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));

  return {
    church: input.church,
    weekStart: input.weekStart,
    members: input.memberIds.size,
    sharingMembers: [...input.memberIds].filter((userId) => counted(input, userId)).length,
    activeThisWeek: thisWeek.size,
    activeLast8Weeks: earlier.size,
    weeks,
    groups,
  };
};
