import { Temporal } from 'temporal-polyfill';
import type { LocalDate } from './local-date';

/**
 * Where calendar days meet instants: a member's day begins and ends at their own midnight, in the IANA zone they
 * chose. Temporal's zone rules do the conversions, including zones whose clocks skip midnight.
 */

const knownZones = new Map<string, boolean>();

/** True when `timeZone` is an IANA zone this runtime knows (e.g. 'Europe/London'). */
export const isValidTimeZone = (timeZone: unknown): timeZone is string => {
  if (typeof timeZone !== 'string' || !timeZone) return false;
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      Temporal.Now.zonedDateTimeISO(timeZone);
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size < 1000) knownZones.set(timeZone, known);
  }
  return known;
};

const instantOf = (instant: Date | number | string): Temporal.Instant => {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (Number.isNaN(ms)) throw new RangeError(`Not a valid instant: ${String(instant)}`);
  return Temporal.Instant.fromEpochMilliseconds(ms);
};

/** The wall clock of an instant in `timeZone`. */
const zoned = (instant: Date | number | string, timeZone: string): Temporal.ZonedDateTime =>
  instantOf(instant).toZonedDateTimeISO(timeZone);

/** The calendar date an instant falls on in `timeZone`. */
export const localDateOf = (instant: Date | number | string, timeZone: string): LocalDate =>
  zoned(instant, timeZone).toPlainDate().toString();

/** Like localDateOf, but UTC's date when the zone is not one this runtime knows (data recorded by older clients). */
export const localDateOrUtcOf = (instant: Date | number | string, timeZone: string): LocalDate =>
  localDateOf(instant, isValidTimeZone(timeZone) ? timeZone : 'UTC');

/** Minutes after local midnight on the wall clock of `timeZone` at `instant` (a reminder's "07:30" is 450). */
export const localMinutesOf = (instant: Date | number | string, timeZone: string): number => {
  const clock = zoned(instant, timeZone);
  return clock.hour * 60 + clock.minute;
};

/** The first instant of a local day in `timeZone` (01:00 where the clocks skip midnight). */
export const startOfLocalDay = (date: LocalDate, timeZone: string): Date =>
  new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds);

/** Where a check-in belongs: the date in the zone the member was in when it happened (travel never moves it). */
export const localDateAtTheTime = (recorded: { occurredAt: Date | string; timeZone: string }): LocalDate =>
  localDateOf(recorded.occurredAt, recorded.timeZone);
