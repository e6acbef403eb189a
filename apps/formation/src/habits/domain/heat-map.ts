import { addDays, dateRange, weekStartOf, type LocalDate } from '@abide/calendar';
import { periodCompletion, type Completion } from './completion';
import { dayStatusOf, type DayStatus } from './day-status';
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
  /** The cell's level: the same status the habit list answers for that day. */
  status: DayStatus;
}

/** The first day of the heat map's window: whole weeks, Sunday first, ending with the current week. */
export const heatMapStart = (today: LocalDate, weeks: number = HEAT_MAP_WEEKS): LocalDate => addDays(weekStartOf(today), -7 * (weeks - 1));

/** The Analytics tab's calendar: whole weeks, Sunday first, ending with the current week (`weeks` × 7 days). */
export const habitHeatMap = (track: HabitTrack, today: LocalDate, weeks: number = HEAT_MAP_WEEKS): HeatMapDay[] => {
  const calendar = buildHabitCalendar(track, today);
  const first = heatMapStart(today, weeks);
  return dateRange(first, addDays(first, 7 * weeks - 1)).map((date) => ({
    date,
    scheduled: calendar.isAskedOn(date),
    done: date <= today && calendar.isDone(date),
    excuse: calendar.excuseOn(date),
    future: date > today,
    status: dayStatusOf(calendar, date),
  }));
};

/** "n of m scheduled days done" (weeks met, for weekly habits) over the heat map's window: the same chances as the week figures. */
export const heatMapSummary = (
  track: HabitTrack,
  today: LocalDate,
  weeks: number = HEAT_MAP_WEEKS,
): Completion & { unit: 'days' | 'weeks' } => {
  const calendar = buildHabitCalendar(track, today);
  return { ...periodCompletion(calendar, heatMapStart(today, weeks), today), unit: calendar.unit };
};
