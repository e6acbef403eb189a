import { addDays, dateRange, monthStartOf, weekStartOf, type LocalDate } from '@abide/calendar';
import { buildHabitCalendar, type HabitCalendar, type HabitTrack } from './habit-calendar';

/**
 * Completion over a period: how many of the chances the habit asked for were taken. A chance is a
 * scheduled day (daily and weekday habits) or a week (weekly habits). Today, and a week still under
 * way, count only once done, so a rate never dips in the morning before the member has had a chance.
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
export const periodCompletion = (calendar: HabitCalendar, from: LocalDate, to: LocalDate): Completion => {
  const last = to < calendar.today ? to : calendar.today;
  if (from > last) return none;

  if (calendar.unit === 'weeks') {
    // Weeks overlapping the period: a week spanning two months counts in both.
    let total = none;
    for (let week = weekStartOf(from); week <= last; week = addDays(week, 7)) {
      const { outcome } = calendar.weekResult(week);
      if (outcome === 'met') total = addCompletions(total, { done: 1, scheduled: 1 });
      if (outcome === 'missed') total = addCompletions(total, { done: 0, scheduled: 1 });
    }
    return total;
  }

  const first = from > calendar.start ? from : calendar.start;
  let done = 0;
  let scheduled = 0;
  for (const date of dateRange(first, last)) {
    if (!calendar.isAskedOn(date)) continue;
    if (calendar.isDone(date)) {
      done++;
      scheduled++;
    } else if (date !== calendar.today) {
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
