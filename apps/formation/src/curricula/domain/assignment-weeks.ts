import { curriculumMessages as m } from '@abide/contracts';
import { addDays, daysBetween, type LocalDate, weekdayOf, weekStartOf } from '@abide/calendar';

/** What the week maths needs of an assignment. */
export interface AssignmentWeeks {
  startDate: LocalDate;
  weeks: number;
  ended: boolean;
}

/** The last day (a Saturday) of the assignment's last week. */
export const endDateOf = (a: Pick<AssignmentWeeks, 'startDate' | 'weeks'>): LocalDate => addDays(a.startDate, 7 * a.weeks - 1);

/**
 * Which week of the curriculum (1-based) a plan week starting on `weekStart` follows, or null outside it. Both are
 * Sundays of local calendars: a member's week in their own zone lines up with the church's week of the same dates.
 */
export const curriculumWeekAt = (a: AssignmentWeeks, weekStart: LocalDate): number | null => {
  if (a.ended) return null;
  const days = daysBetween(a.startDate, weekStart);
  if (days < 0 || days % 7 !== 0) return null;
  const week = days / 7 + 1;
  return week <= a.weeks ? week : null;
};

export type AssignmentStateName = 'upcoming' | 'running' | 'finished' | 'ended';

/** On the church's `today`. */
export const assignmentState = (a: AssignmentWeeks, today: LocalDate): AssignmentStateName => {
  if (a.ended) return 'ended';
  if (today < a.startDate) return 'upcoming';
  return today > endDateOf(a) ? 'finished' : 'running';
};

/** Why a start date is refused, or null: a Sunday, from this week (the church's) to a year ahead. */
export const startDateProblem = (startDate: LocalDate, churchToday: LocalDate): string | null => {
  if (weekdayOf(startDate) !== 0) return m.startSunday;
  if (startDate < weekStartOf(churchToday)) return m.startPast;
  if (daysBetween(churchToday, startDate) > 366) return m.startTooFar;
  return null;
};

export interface Candidate extends AssignmentWeeks {
  assignmentId: string;
  audience: 'church' | 'groups';
  assignedAt: string;
}

/**
 * The assignment a member's week follows when several reach them: one to a group of theirs before one to the whole
 * church (the nearer circle chose it for them), then the one that started latest (the newer plan), then the one
 * assigned last. Null when none runs that week.
 */
export const followedAssignment = <C extends Candidate>(candidates: readonly C[], weekStart: LocalDate): { assignment: C; week: number } | null => {
  const running = candidates.flatMap((assignment) => {
    const week = curriculumWeekAt(assignment, weekStart);
    return week === null ? [] : [{ assignment, week }];
  });
  const rank = (c: C) => [c.audience === 'groups' ? 1 : 0, c.startDate, c.assignedAt, c.assignmentId] as const;
  running.sort((x, y) => {
    const [a, b] = [rank(x.assignment), rank(y.assignment)];
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? 1 : -1;
    return 0;
  });
  return running[0] ?? null;
};
