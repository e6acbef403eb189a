import { addDays, dateRange, monthStartOf, weekStartOf, type LocalDate } from '@abide/calendar';
import { buildHabitCalendar, type HabitCalendar, type HabitTrack } from './habit-calendar';

/**
 * Completion over a period: how many of the chances the habit asked for were taken (docs/figures.md). A chance is a
 * scheduled day (daily and weekday habits) or a week (weekly habits). A chance counts once its time has come: today
 * and this week count from their start, done or not, so "1 of 2 habits done today" can never read as 100 % for the
 * week. The consistency score alone leaves open chances out (`open: 'left-out'`): a score of steadiness should not
 * fall every morning.
 */
export interface Completion {
  done: number;
  scheduled: number;
}

const none: Completion = { done: 0, scheduled: 0 };

export const addCompletions = (a: Completion, b: Completion): Completion => ({
  done: a.done + b.done,
  scheduled: a.scheduled + b.scheduled,
});

/** A whole percentage, or null when nothing was asked for (the UI shows a dash rather than a false 0 %). */
export const percentOf = ({ done, scheduled }: Completion): number | null =>
  scheduled === 0 ? null : Math.round((100 * done) / scheduled);

/** Completion between `from` and `to` (both included), never looking past the calendar's today. */
export const periodCompletion = (
  calendar: HabitCalendar,
  from: LocalDate,
  to: LocalDate,
  open: 'counted' | 'left-out' = 'counted',
): Completion => {
  const last = to < calendar.today ? to : calendar.today;
  if (from > last) return none;

  if (calendar.unit === 'weeks') {
    // Weeks overlapping the period: a week spanning two months counts in both.
    let total = none;
    for (let week = weekStartOf(from); week <= last; week = addDays(week, 7)) {
      const { outcome } = calendar.weekResult(week);
      if (outcome === 'met') total = addCompletions(total, { done: 1, scheduled: 1 });
      if (outcome === 'missed' || (outcome === 'pending' && open === 'counted')) {
        total = addCompletions(total, { done: 0, scheduled: 1 });
      }
    }
    return total;
  }

  const first = from > calendar.start ? from : calendar.start;
  let done = 0;
  let scheduled = 0;
  for (const date of dateRange(first, last)) {
    // A day done counts as a chance taken even where none was asked (a rest day, another weekday).
    if (calendar.isDone(date)) {
      done++;
      scheduled++;
    } else if (calendar.isAskedOn(date) && (date !== calendar.today || open === 'counted')) {
      scheduled++;
    }
  }
  return { done, scheduled };
};

/** Spec's per-habit monthly %: chances taken this calendar month so far; null when none were asked yet. */
export const monthlyPercent = (track: HabitTrack, today: LocalDate): number | null =>
  percentOf(periodCompletion(buildHabitCalendar(track, today), monthStartOf(today), today));

/** Completion of one habit in the week (Sunday to Saturday) holding `today`, so far. */
export const thisWeekCompletion = (track: HabitTrack, today: LocalDate): Completion => {
  const weekStart = weekStartOf(today);
  return periodCompletion(buildHabitCalendar(track, today), weekStart, addDays(weekStart, 6));
};

/** The Habits page's 'This Week' card: chances taken this week across the given (active) habits. */
export const thisWeekPercent = (tracks: readonly HabitTrack[], today: LocalDate): number | null =>
  percentOf(tracks.map((track) => thisWeekCompletion(track, today)).reduce(addCompletions, none));
