import { addDays, type LocalDate, weekStartOf } from '@abide/calendar';
import { CHURCH_DASHBOARD_WEEKS, type WeekCounts } from '@abide/contracts';
import { isActive } from '../../../activity/activity.port';

/**
 * The figures of the pastor's dashboard as kept between requests (docs/churches.md, "Pastor's dashboard"): per church,
 * who belongs and whether they share their progress (`church_sharing`), and per church and week the counts of each
 * sharing member who was active that week (`church_weeks`). Both are JSON documents read and written by key; a
 * member's counts are set (recomputed from their own activity document), never incremented, so a repeated or late
 * event changes nothing and an undo simply lowers them.
 */

/** A church's members and whether each shares progress with it (their choice on the church's stream, off until turned on). */
export interface ChurchSharing {
  members: Record<string, boolean>;
  /** The church stream's version last applied. */
  version: number;
}

export const emptyChurchSharing = (): ChurchSharing => ({ members: {}, version: 0 });

/** One week of a church: the counts of each sharing member active that week (the others are absent). */
export interface ChurchWeekFigures {
  members: Record<string, WeekCounts>;
}

export const emptyChurchWeek = (): ChurchWeekFigures => ({ members: {} });

export const churchWeekKey = (churchId: string, weekStart: LocalDate): string => `${churchId}:${weekStart}`;

/** The weeks a dashboard whose current week begins on `weekStart` shows, oldest first. */
export const dashboardWeeks = (weekStart: LocalDate): LocalDate[] =>
  Array.from({ length: CHURCH_DASHBOARD_WEEKS }, (_, i) => addDays(weekStart, -7 * (CHURCH_DASHBOARD_WEEKS - 1 - i)));

/**
 * The weeks kept current for any church, whatever its time zone: every dashboard's weeks, from the earliest zone's
 * (a day behind UTC and more) to the latest's (a day ahead). `today` is the UTC date.
 */
export const keptWeeks = (today: LocalDate): LocalDate[] => {
  const latest = weekStartOf(addDays(today, 1));
  const earliest = addDays(weekStartOf(addDays(today, -1)), -7 * (CHURCH_DASHBOARD_WEEKS - 1));
  const weeks: LocalDate[] = [];
  for (let week = earliest; week <= latest; week = addDays(week, 7)) weeks.push(week);
  return weeks;
};

/**
 * Records a member's counts for the week: kept only when they share and did something, removed otherwise.
 * False when nothing changed (the document need not be written).
 */
export const setMemberWeek = (week: ChurchWeekFigures, userId: string, counts: WeekCounts | null): boolean => {
  const current = week.members[userId];
  if (!counts || !isActive(counts)) {
    if (!current) return false;
    delete week.members[userId];
    return true;
  }
  if (
    current &&
    current.checkIns === counts.checkIns &&
    current.planActivities === counts.planActivities &&
    current.journalDays === counts.journalDays
  )
    return false;
  week.members[userId] = { ...counts };
  return true;
};

export type MembershipChange = { type: 'joined' } | { type: 'left' } | { type: 'sharing'; shares: boolean } | { type: 'unchanged' };

/**
 * Applies one membership fact of the church's stream; false when it was applied before. `change` says what it
 * means for the member: joined (not sharing until they choose, #26), left, their sharing choice, or nothing (a role).
 */
export const applyMembership = (doc: ChurchSharing, userId: string, version: number, change: MembershipChange): boolean => {
  if (doc.version >= version) return false;
  if (change.type === 'joined') doc.members[userId] = false;
  else if (change.type === 'left') delete doc.members[userId];
  else if (change.type === 'sharing' && userId in doc.members) doc.members[userId] = change.shares;
  doc.version = version;
  return true;
};

/** Whether a member counts in the activity figures: a member of the church who shares progress. */
export const isCounted = (sharing: ChurchSharing, userId: string): boolean => sharing.members[userId] === true;
