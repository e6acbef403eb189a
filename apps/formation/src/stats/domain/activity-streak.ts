import { addDays, isLocalDate, type LocalDate } from '@abide/calendar';

export interface DayStreak {
  /** Consecutive days ending today, or yesterday while today has nothing yet. */
  current: number;
  /** Distinct days with something done, up to today. */
  totalDays: number;
  activeToday: boolean;
}

/**
 * A streak of days from any list of local dates (duplicates welcome, future and malformed dates ignored).
 * Today with nothing yet leaves yesterday's streak standing: the day is not over.
 */
export const consecutiveDayStreak = (dates: Iterable<LocalDate>, today: LocalDate): DayStreak => {
  const days = new Set([...dates].filter((d) => isLocalDate(d) && d <= today));
  const activeToday = days.has(today);
  let current = 0;
  for (let day = activeToday ? today : addDays(today, -1); days.has(day); day = addDays(day, -1)) current++;
  return { current, totalDays: days.size, activeToday };
};

/** What counts as a day of activity on My Plan: each source gives the local dates it happened on. */
export interface ActivityDays {
  habitCheckIns: Iterable<LocalDate>;
  planActivities: Iterable<LocalDate>;
  journalEntries: Iterable<LocalDate>;
}

/** My Plan's Current Streak and Total Days: days with at least one completed habit, plan activity or journal entry. */
export const activityStreak = (activity: ActivityDays, today: LocalDate): DayStreak =>
  consecutiveDayStreak([...activity.habitCheckIns, ...activity.planActivities, ...activity.journalEntries], today);
