import { addDays, dateRange, weekStartOf, type LocalDate } from '@abide/calendar';
import { buildHabitCalendar, type HabitCalendar, type HabitTrack } from './habit-calendar';

export interface HabitStreak {
  /** Consecutive kept days (daily and weekday habits) or weeks (weekly habits), ending now. */
  current: number;
  longest: number;
  unit: 'days' | 'weeks';
  doneToday: boolean;
}

/** Each day or week either extends the run, leaves it as it is (excused, not asked, still open) or breaks it. */
type Step = 'extend' | 'neutral' | 'break';

/** Days from `from` (default: the habit's start) to today. */
const daySteps = (calendar: HabitCalendar, from: LocalDate = calendar.start): Step[] =>
  dateRange(from > calendar.start ? from : calendar.start, calendar.today).map((date) => {
    if (!calendar.isAskedOn(date)) return 'neutral';
    if (calendar.isDone(date)) return 'extend';
    // Today is still open: not having done it yet must not break the streak.
    return date === calendar.today ? 'neutral' : 'break';
  });

/** Weeks from the one holding `from` (default: the habit's start) to this week. */
const weekSteps = (calendar: HabitCalendar, from: LocalDate = calendar.start): Step[] => {
  const steps: Step[] = [];
  for (let week = weekStartOf(from > calendar.start ? from : calendar.start); week <= calendar.today; week = addDays(week, 7)) {
    const { outcome } = calendar.weekResult(week);
    steps.push(outcome === 'met' ? 'extend' : outcome === 'missed' ? 'break' : 'neutral');
  }
  return steps;
};

interface Runs {
  current: number;
  longest: number;
}

const runs = (steps: Step[], before: Runs = { current: 0, longest: 0 }): Runs => {
  let { current, longest } = before;
  for (const step of steps) {
    if (step === 'break') current = 0;
    else if (step === 'extend') longest = Math.max(longest, ++current);
  }
  return { current, longest };
};

/**
 * The streak of one habit as of `today` (the member's local date). Paused days, rest days and planned
 * skips neither break nor extend it; a check-in later un-checked simply stops counting.
 */
export const computeHabitStreak = (track: HabitTrack, today: LocalDate): HabitStreak => {
  const calendar = buildHabitCalendar(track, today);
  const steps = calendar.unit === 'weeks' ? weekSteps(calendar) : daySteps(calendar);
  return { ...runs(steps), unit: calendar.unit, doneToday: calendar.isDone(today) };
};

/**
 * A habit's runs up to a day that can no longer change, kept on the member's board as check-ins are applied
 * (habit-board.ts), so that reading a streak walks only the days since rather than the whole history.
 * Valid for the rest days it was computed with; every other input (check-ins, pauses, skips, frequency) is an event
 * of the habit, which computes it again.
 */
export interface StreakSummary extends Runs {
  /** The last day (for weekly habits, the Saturday ending the last week) the runs cover. */
  through: LocalDate;
  /** The member's rest days it was computed with (restKeyOf). */
  restKey: string;
}

export const restKeyOf = (restDays: readonly number[] = []): string => [...restDays].sort((a, b) => a - b).join(',');

/**
 * The summary through the day before the latest check-in (weekly habits: the week before the latest check-in's):
 * check-ins are never dated ahead of the member's today, so every day it covers is in the past and settled.
 * Null before the first check-in.
 */
export const summarizeStreak = (track: HabitTrack): StreakSummary | null => {
  let latest: LocalDate | undefined;
  for (const { date } of track.checkIns) if (latest === undefined || date > latest) latest = date;
  if (latest === undefined) return null;
  const weekly = track.frequency.kind === 'weekly';
  const through = addDays(weekly ? weekStartOf(latest) : latest, -1);
  // As seen the day after `through`: that day is then past (a miss breaks), and for weekly habits its week is over.
  const calendar = buildHabitCalendar(track, addDays(through, 1));
  const steps = weekly ? weekSteps(calendar) : daySteps(calendar);
  // The step of the day after `through` (or its week) is not settled yet: leave it out.
  return { ...runs(steps.slice(0, -1)), through, restKey: restKeyOf(track.restDays) };
};

/** The summary was computed with these rest days and ends before today's day (weekly habits: today's week). */
export const summaryHolds = (
  summary: StreakSummary | null | undefined,
  track: Pick<HabitTrack, 'frequency' | 'restDays'>,
  today: LocalDate,
): summary is StreakSummary => {
  if (!summary || summary.restKey !== restKeyOf(track.restDays)) return false;
  const settledBefore = track.frequency.kind === 'weekly' ? addDays(weekStartOf(today), -1) : addDays(today, -1);
  return summary.through <= settledBefore;
};

/**
 * The streak as of `today`, from a stored summary when it still holds (same rest days, and it ends before today's
 * day or week), walking only what came after it; otherwise from the whole history.
 */
export const habitStreakOn = (track: HabitTrack, today: LocalDate, summary?: StreakSummary | null): HabitStreak => {
  if (!summaryHolds(summary, track, today)) return computeHabitStreak(track, today);
  const calendar = buildHabitCalendar(track, today);
  const after = addDays(summary.through, 1);
  const steps = calendar.unit === 'weeks' ? weekSteps(calendar, after) : daySteps(calendar, after);
  return { ...runs(steps, summary), unit: calendar.unit, doneToday: calendar.isDone(today) };
};
