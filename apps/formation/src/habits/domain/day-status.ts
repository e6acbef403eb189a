import type { HabitDayStatus } from '@abide/contracts';
import { weekStartOf, type LocalDate } from '@abide/calendar';
import type { HabitCalendar } from './habit-calendar';

export type DayStatus = HabitDayStatus;

/**
 * What one day is for one habit (docs/figures.md): the card's state, the heat map's cell and the day's count all read
 * it from here. A check-in wins over a skip; a skip shows on a day ahead too.
 */
export const dayStatusOf = (calendar: HabitCalendar, date: LocalDate): DayStatus => {
  const excuse = calendar.excuseOn(date);
  if (date > calendar.today) return excuse === 'skipped' ? 'skipped' : 'future';
  if (calendar.isDone(date)) return 'done';
  if (excuse === 'skipped') return 'skipped';
  if (excuse === 'before-start') return 'off';
  if (excuse !== null) return 'excused';
  if (!calendar.isAskedOn(date)) return 'off';
  if (calendar.unit === 'weeks') {
    // A weekly habit asks for no particular day: only the days of a week that missed its target are missed.
    const { outcome } = calendar.weekResult(weekStartOf(date));
    if (outcome === 'missed') return 'missed';
    return date === calendar.today && outcome === 'pending' ? 'due' : 'off';
  }
  return date === calendar.today ? 'due' : 'missed';
};

/** The day counts in "n of m done" for that day: asked for, or done anyway (a day done is a chance taken). */
export const isAskedStatus = (status: DayStatus): boolean => status === 'done' || status === 'due' || status === 'missed';

export interface DayCount {
  done: number;
  /** Habits the day counts for: asked for (done, due or missed) or done anyway. */
  asked: number;
}

/** "n of m done" for a day across the given habits: the Check-in tab's count and the Completed Today card. */
export const dayCount = (statuses: readonly DayStatus[]): DayCount => ({
  done: statuses.filter((s) => s === 'done').length,
  asked: statuses.filter(isAskedStatus).length,
});
