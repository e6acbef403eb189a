import { addDays, dateRange, weekStartOf, type LocalDate } from '../../stats/domain/local-day';
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

const daySteps = (calendar: HabitCalendar): Step[] =>
  dateRange(calendar.start, calendar.today).map((date) => {
    if (!calendar.isAskedOn(date)) return 'neutral';
    if (calendar.isDone(date)) return 'extend';
    // Today is still open: not having done it yet must not break the streak.
    return date === calendar.today ? 'neutral' : 'break';
  });

const weekSteps = (calendar: HabitCalendar): Step[] => {
  const steps: Step[] = [];
  for (let week = weekStartOf(calendar.start); week <= calendar.today; week = addDays(week, 7)) {
    const { outcome } = calendar.weekResult(week);
    steps.push(outcome === 'met' ? 'extend' : outcome === 'missed' ? 'break' : 'neutral');
  }
  return steps;
};

const runs = (steps: Step[]): { current: number; longest: number } => {
  let current = 0;
  let longest = 0;
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
