/**
 * Calendar days as members live them: a day is a `YYYY-MM-DD` string in the member's IANA time zone.
 * Arithmetic on these strings is pure calendar maths (UTC under the hood), so it never drifts by an
 * hour across daylight-saving changes; only the conversion from an instant needs the zone.
 */

/** A calendar date, `YYYY-MM-DD`, with no time and no zone. */
export type LocalDate = string;

export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type WeekdayName = (typeof weekdayNames)[number];

/** Weekdays are indexed from Sunday as 0, and weeks start on Sunday. */
export const WEEK_STARTS_ON = 0;

const DAY_MS = 86_400_000;
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Creating a formatter costs far more than using one; streak maths calls this in loops.
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** True when `timeZone` is an IANA zone this runtime knows (e.g. 'Europe/London'). */
export const isValidTimeZone = (timeZone: string): boolean => {
  if (!timeZone) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
};

// Streaks, scores and heat maps walk day by day, so the same few thousand dates are converted over and over: both
// directions are remembered (bounded; dates are short strings and a member's history spans at most a few years).
const MEMO_LIMIT = 50_000;
const msOfDate = new Map<LocalDate, number>();
const dateOfMs = new Map<number, LocalDate>();
const remember = <K, V>(memo: Map<K, V>, key: K, value: V): V => {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
};

/** True for a real calendar date in `YYYY-MM-DD` form (rejects 2025-02-30). */
export const isLocalDate = (value: string): value is LocalDate => {
  if (msOfDate.has(value)) return true;
  const match = LOCAL_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (real) remember(msOfDate, value, date.getTime());
  return real;
};

const toUtcMs = (date: LocalDate): number => {
  // isLocalDate remembers every real date it has seen, so this is one map lookup after the first time.
  if (!isLocalDate(date)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return msOfDate.get(date) ?? Date.parse(`${date}T00:00:00Z`);
};

const fromUtcMs = (ms: number): LocalDate => dateOfMs.get(ms) ?? remember(dateOfMs, ms, new Date(ms).toISOString().slice(0, 10));

/** The calendar date an instant falls on in `timeZone`. */
export const localDateOf = (instant: Date | number | string, timeZone: string): LocalDate => {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a valid instant: ${String(instant)}`);
  const parts = formatterFor(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
};

/** `date` moved by `days` calendar days (negative goes back). */
export const addDays = (date: LocalDate, days: number): LocalDate => fromUtcMs(toUtcMs(date) + days * DAY_MS);

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: LocalDate, to: LocalDate): number => Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);

/** 0 = Sunday … 6 = Saturday, counted from 1970-01-01, a Thursday (4). */
export const weekdayOf = (date: LocalDate): number => (((Math.floor(toUtcMs(date) / DAY_MS) + 4) % 7) + 7) % 7;

export const weekdayNameOf = (date: LocalDate): WeekdayName => weekdayNames[weekdayOf(date)];

/** The first day of the week holding `date` (weeks start on Sunday unless told otherwise). */
export const weekStartOf = (date: LocalDate, weekStartsOn: number = WEEK_STARTS_ON): LocalDate =>
  addDays(date, -((weekdayOf(date) - weekStartsOn + 7) % 7));

/** The first day of the calendar month holding `date`. */
export const monthStartOf = (date: LocalDate): LocalDate => `${date.slice(0, 7)}-01`;

/** Every date from `from` to `to`, both included; empty when `to` is before `from`. */
export const dateRange = (from: LocalDate, to: LocalDate): LocalDate[] => {
  const count = daysBetween(from, to) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(from, i));
};

/**
 * The instant a local day begins in `timeZone`. Found by bisection rather than offset arithmetic so that
 * zones whose clocks skip midnight (e.g. America/Santiago) still give the first instant of the day.
 */
export const startOfLocalDay = (date: LocalDate, timeZone: string): Date => {
  const utcMidnight = toUtcMs(date);
  // UTC offsets lie within -12h…+14h, so local midnight lies within these bounds of UTC midnight.
  let before = utcMidnight - 15 * 3_600_000;
  let atOrAfter = utcMidnight + 13 * 3_600_000;
  while (atOrAfter - before > 1000) {
    const mid = before + Math.floor((atOrAfter - before) / 2000) * 1000;
    if (localDateOf(mid, timeZone) >= date) atOrAfter = mid;
    else before = mid;
  }
  return new Date(atOrAfter);
};

/** Where a check-in belongs: the date in the zone the member was in when it happened (travel never moves it). */
export const localDateAtTheTime = (recorded: { occurredAt: Date | string; timeZone: string }): LocalDate =>
  localDateOf(recorded.occurredAt, recorded.timeZone);
