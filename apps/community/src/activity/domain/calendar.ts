/**
 * Local calendar dates (`YYYY-MM-DD`) as formation records them. Weeks follow formation's plan convention
 * (spec §4: weeks start on Sunday), taken in the member's own time zone.
 */
export type LocalDate = string;

const DAY_MS = 86_400_000;

/** The calendar date an instant falls on in `timeZone` (UTC when the zone is unknown to this runtime). */
export const todayIn = (instant: Date, timeZone: string): LocalDate => {
  try {
    // en-CA formats as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  } catch {
    return instant.toISOString().slice(0, 10);
  }
};

export const shiftDate = (date: LocalDate, days: number): LocalDate =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Sunday that begins the week holding `date`. */
export const sundayOf = (date: LocalDate): LocalDate => shiftDate(date, -new Date(`${date}T00:00:00Z`).getUTCDay());

/** True when `date` lies in the week beginning `weekStart`. */
export const inWeek = (date: LocalDate, weekStart: LocalDate): boolean => date >= weekStart && date <= shiftDate(weekStart, 6);

/** True for a real calendar date (rejects 2026-02-30, which Date would roll over). */
export const isCalendarDate = (value: string): boolean => {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
};
