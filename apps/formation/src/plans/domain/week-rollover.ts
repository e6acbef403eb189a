import { addDays, daysBetween, localDateOf, startOfLocalDay, weekStartOf, type LocalDate } from '@abide/calendar';

export interface WeekRollover {
  /** A new week (Sunday 00:00 in the member's zone) has begun since the plan's week. */
  rolledOver: boolean;
  /** The Sunday of the member's current week: the new plan's weekStart. */
  currentWeekStart: LocalDate;
  /** Whole weeks since the plan's week (0 when current; more than 1 when the member was away). */
  weeksElapsed: number;
  /** When the member's next week begins, for scheduling the next rollover job. */
  nextWeekStartsAt: Date;
}

/** Whether the plan of `planWeekStart` is out of date at `now` for a member in `timeZone`. */
export const weekRollover = (input: { planWeekStart: LocalDate; now: Date; timeZone: string }): WeekRollover => {
  const currentWeekStart = weekStartOf(localDateOf(input.now, input.timeZone));
  const weeksElapsed = Math.max(0, Math.floor(daysBetween(input.planWeekStart, currentWeekStart) / 7));
  return {
    rolledOver: currentWeekStart > input.planWeekStart,
    currentWeekStart,
    weeksElapsed,
    nextWeekStartsAt: startOfLocalDay(addDays(currentWeekStart, 7), input.timeZone),
  };
};
