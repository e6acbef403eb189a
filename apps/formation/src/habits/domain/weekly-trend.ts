import { addDays, weekStartOf, type LocalDate } from '@abide/calendar';
import { addCompletions, percentOf, periodCompletion, type Completion } from './completion';
import { buildHabitCalendar, type HabitTrack } from './habit-calendar';

export const TREND_WEEKS = 12;

export interface TrendWeek extends Completion {
  weekStart: LocalDate;
  percent: number | null;
}

/** Weekly completion across the given habits for the last `weeks` weeks, oldest first, this week last. */
export const weeklyCompletionTrend = (tracks: readonly HabitTrack[], today: LocalDate, weeks: number = TREND_WEEKS): TrendWeek[] => {
  const calendars = tracks.map((track) => buildHabitCalendar(track, today));
  const first = addDays(weekStartOf(today), -7 * (weeks - 1));
  return Array.from({ length: weeks }, (_, i) => {
    const weekStart = addDays(first, 7 * i);
    const total = calendars
      .map((calendar) => periodCompletion(calendar, weekStart, addDays(weekStart, 6)))
      .reduce(addCompletions, { done: 0, scheduled: 0 });
    return { weekStart, ...total, percent: percentOf(total) };
  });
};
