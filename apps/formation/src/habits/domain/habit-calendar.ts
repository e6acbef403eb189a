import { addDays, dateRange, isLocalDate, weekdayOf, weekStartOf, type LocalDate } from '@abide/calendar';

/**
 * How one habit meets the calendar: which days it asks for, which are excused, which are done.
 * Streaks, scores and charts all read the habit through this one view so they never disagree.
 */

export type HabitFrequency =
  | { kind: 'daily' }
  | { kind: 'weekly'; timesPerWeek?: number }
  /** Chosen weekdays, 0 = Sunday … 6 = Saturday. */
  | { kind: 'weekdays'; days: readonly number[] };

/** A pause from `from` (included) until the day the habit was resumed (`until`, excluded); open while paused. */
export interface PauseInterval {
  from: LocalDate;
  until?: LocalDate | null;
}

/** One check-in as the entries record it; a later entry for the same date replaces an earlier one (un-check). */
export interface CheckIn {
  date: LocalDate;
  completed?: boolean;
  note?: string;
}

export interface HabitTrack {
  frequency: HabitFrequency;
  /** The local date the habit was created; days before it are not asked for. */
  createdOn: LocalDate;
  checkIns: readonly CheckIn[];
  pauses?: readonly PauseInterval[];
  /** The member's declared rest weekdays (e.g. 6 for a Saturday Sabbath). */
  restDays?: readonly number[];
  /** Dates the member planned to skip in advance. */
  skipDates?: readonly LocalDate[];
}

export type Excuse = 'before-start' | 'paused' | 'skipped' | 'rest-day';

/** The outcome of a week for a weekly habit. */
export type WeekOutcome = 'met' | 'missed' | 'pending' | 'excused';

export interface WeekResult {
  weekStart: LocalDate;
  outcome: WeekOutcome;
  done: number;
  /** The target asked of this week: timesPerWeek, lowered when fewer days were available. */
  target: number;
}

export interface HabitCalendar {
  readonly track: HabitTrack;
  readonly today: LocalDate;
  /** The first day that counts: creation, or an earlier back-dated check-in. */
  readonly start: LocalDate;
  readonly unit: 'days' | 'weeks';
  isDone(date: LocalDate): boolean;
  excuseOn(date: LocalDate): Excuse | null;
  /** The habit asks for this day: its weekday is in the frequency and nothing excuses it. */
  isAskedOn(date: LocalDate): boolean;
  weekResult(weekStart: LocalDate): WeekResult;
}

const timesPerWeekOf = (frequency: HabitFrequency): number =>
  frequency.kind === 'weekly' ? Math.min(7, Math.max(1, Math.floor(frequency.timesPerWeek ?? 1))) : 0;

const frequencyCovers = (frequency: HabitFrequency, weekday: number): boolean =>
  frequency.kind === 'weekdays' ? frequency.days.includes(weekday) : true;

/** Completed dates after replaying the check-ins in order; future and malformed dates are ignored. */
export const completedDates = (checkIns: readonly CheckIn[], today: LocalDate): Set<LocalDate> => {
  const state = new Map<LocalDate, boolean>();
  for (const checkIn of checkIns) {
    if (checkIn.date > today || !isLocalDate(checkIn.date)) continue;
    state.set(checkIn.date, checkIn.completed !== false);
  }
  const done = new Set<LocalDate>();
  for (const [date, completed] of state) if (completed) done.add(date);
  return done;
};

// A request reads several figures of one habit (streak, consistency, this month, this week); each asks for the
// calendar of the same track and day, so it is built once per track object.
const calendars = new WeakMap<HabitTrack, HabitCalendar>();

export const buildHabitCalendar = (track: HabitTrack, today: LocalDate): HabitCalendar => {
  const known = calendars.get(track);
  if (known?.today === today) return known;
  const calendar = calendarOf(track, today);
  calendars.set(track, calendar);
  return calendar;
};

const calendarOf = (track: HabitTrack, today: LocalDate): HabitCalendar => {
  const done = completedDates(track.checkIns, today);
  let start = track.createdOn;
  for (const date of done) if (date < start) start = date;
  const skips = new Set(track.skipDates ?? []);
  const rest = new Set(track.restDays ?? []);
  const pauses = track.pauses ?? [];
  const target = timesPerWeekOf(track.frequency);

  const excuseOn = (date: LocalDate): Excuse | null => {
    if (date < start) return 'before-start';
    if (pauses.some((p) => date >= p.from && (p.until == null || date < p.until))) return 'paused';
    // A day checked in is done, whatever was planned for it: a skip excuses only a day left undone.
    if (skips.has(date) && !done.has(date)) return 'skipped';
    if (rest.has(weekdayOf(date))) return 'rest-day';
    return null;
  };

  const isAskedOn = (date: LocalDate): boolean => frequencyCovers(track.frequency, weekdayOf(date)) && excuseOn(date) === null;

  const weekResult = (weekStart: LocalDate): WeekResult => {
    const days = dateRange(weekStart, addDays(weekStart, 6));
    const available = days.filter(isAskedOn);
    // A day done counts even where none was asked (a rest day, a skipped or paused day): it is a chance taken.
    const doneCount = days.filter((d) => d <= today && done.has(d)).length;
    const weekTarget = Math.min(target, Math.max(available.length, doneCount));
    const isCurrent = weekStartOf(today) === weekStart;
    const outcome: WeekOutcome =
      weekTarget === 0 ? 'excused' : doneCount >= weekTarget ? 'met' : isCurrent || weekStart > today ? 'pending' : 'missed';
    return { weekStart, outcome, done: doneCount, target: weekTarget };
  };

  return {
    track,
    today,
    start,
    unit: track.frequency.kind === 'weekly' ? 'weeks' : 'days',
    isDone: (date) => done.has(date),
    excuseOn,
    isAskedOn,
    weekResult,
  };
};
