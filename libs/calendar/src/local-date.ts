import { Temporal } from 'temporal-polyfill';

/**
 * Calendar days as members live them: `YYYY-MM-DD` strings with no time and no zone. Dates are read and written
 * by Temporal's ISO calendar; arithmetic runs on day numbers (days since 1970-01-01), so it never drifts by an hour
 * across daylight-saving changes. Streaks and heat maps step through the same few thousand dates again and again,
 * so both conversions are remembered: a Temporal `add` costs about 2 µs, a remembered day number a map lookup.
 */
export type LocalDate = string;

export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type WeekdayName = (typeof weekdayNames)[number];

/** Weekdays are indexed from Sunday as 0, and a week starts on Sunday (how members' plans and groups count weeks). */
export const WEEK_STARTS_ON = 0;

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MEMO_LIMIT = 50_000;
const dayNumberOfDate = new Map<LocalDate, number>();
const datesOfDayNumbers = new Map<number, LocalDate>();
const remember = <K, V>(memo: Map<K, V>, key: K, value: V): V => {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
};

const EPOCH = Temporal.PlainDate.from('1970-01-01');

/** The day number of a real date, or undefined (2025-02-30, 2025-2-3 and non-dates are not dates). */
const dayNumberOrUndefined = (value: string): number | undefined => {
  const known = dayNumberOfDate.get(value);
  if (known !== undefined) return known;
  if (!LOCAL_DATE.test(value)) return undefined;
  let date: Temporal.PlainDate;
  try {
    date = Temporal.PlainDate.from(value, { overflow: 'reject' });
  } catch {
    return undefined;
  }
  return remember(dayNumberOfDate, value, EPOCH.until(date, { largestUnit: 'days' }).days);
};

/** True for a real calendar date in `YYYY-MM-DD` form (rejects 2025-02-30). */
export const isLocalDate = (value: unknown): value is LocalDate => typeof value === 'string' && dayNumberOrUndefined(value) !== undefined;

/** Days since 1970-01-01 (negative before it). */
export const dayNumberOf = (date: LocalDate): number => {
  const day = dayNumberOrUndefined(date);
  if (day === undefined) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return day;
};

/** The date of a day number. */
export const dateOf = (day: number): LocalDate =>
  datesOfDayNumbers.get(day) ?? remember(datesOfDayNumbers, day, EPOCH.add({ days: day }).toString());

/** `date` moved by `days` calendar days (negative goes back). */
export const addDays = (date: LocalDate, days: number): LocalDate => dateOf(dayNumberOf(date) + days);

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: LocalDate, to: LocalDate): number => dayNumberOf(to) - dayNumberOf(from);

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export const weekdayOf = (date: LocalDate): number => (((dayNumberOf(date) + 4) % 7) + 7) % 7;

export const weekdayNameOf = (date: LocalDate): WeekdayName => weekdayNames[weekdayOf(date)];

/** The first day of the week holding `date` (a Sunday unless told otherwise). */
export const weekStartOf = (date: LocalDate, weekStartsOn: number = WEEK_STARTS_ON): LocalDate =>
  addDays(date, -((weekdayOf(date) - weekStartsOn + 7) % 7));

/** True when `date` lies in the seven days that begin on `weekStart`. */
export const inWeek = (date: LocalDate, weekStart: LocalDate): boolean => date >= weekStart && date <= addDays(weekStart, 6);

/** The first day of the calendar month holding `date`. */
export const monthStartOf = (date: LocalDate): LocalDate => `${date.slice(0, 7)}-01`;

/** Every date from `from` to `to`, both included; empty when `to` is before `from`. */
export const dateRange = (from: LocalDate, to: LocalDate): LocalDate[] => {
  const start = dayNumberOf(from);
  const count = dayNumberOf(to) - start + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => dateOf(start + i));
};
