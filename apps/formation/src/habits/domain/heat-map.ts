import { addDays, dateRange, weekStartOf, type LocalDate } from '@abide/calendar';
import { buildHabitCalendar, type Excuse, type HabitTrack } from './habit-calendar';

export const HEAT_MAP_WEEKS = 12;

export interface HeatMapDay {
  date: LocalDate;
  /** The habit asked for this day (for weekly habits: any day it could be done). */
  scheduled: boolean;
  done: boolean;
  /** Why the day was not asked for, so the chart can shade rest and paused days differently. */
  excuse: Excuse | null;
  future: boolean;
}

/** The Analytics tab's calendar: whole weeks, Sunday first, ending with the current week (`weeks` × 7 days). */
export const habitHeatMap = (track: HabitTrack, today: LocalDate, weeks: number = HEAT_MAP_WEEKS): HeatMapDay[] => {
  const calendar = buildHabitCalendar(track, today);
  const first = addDays(weekStartOf(today), -7 * (weeks - 1));
  return dateRange(first, addDays(first, 7 * weeks - 1)).map((date) => ({
    date,
    scheduled: calendar.isAskedOn(date),
    done: date <= today && calendar.isDone(date),
    excuse: calendar.excuseOn(date),
    future: date > today,
  }));
};
