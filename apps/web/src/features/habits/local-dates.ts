import { addDays, localDateOf, weekdayNames } from '@abide/calendar';

/** Calendar days as the API speaks them (YYYY-MM-DD); the maths is the services' own (@abide/calendar). */
export { addDays };

const browserTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The date an instant falls on in the browser's own time zone. */
export function isoDate(date: Date): string {
  return localDateOf(date, browserTimeZone);
}

/** Noon avoids the DST edges when stepping day by day. */
export function parseIsoDate(value: string): Date {
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y, m - 1, d, 12);
}

/** Issue 4: a check-in may be for today or up to 7 days back, never the future. */
export const CHECK_IN_DAYS_BACK = 7;

export function isCheckInDate(value: string, today: string): boolean {
  return value <= today && value >= addDays(today, -CHECK_IN_DAYS_BACK);
}

export const weekdayShort = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const weekdayLong = weekdayNames;

const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

export const formatLongDate = (value: string) => longDate.format(parseIsoDate(value));
export const formatShortDate = (value: string) => shortDate.format(parseIsoDate(value));
