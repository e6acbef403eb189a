import { daysBetween, isLocalDate, localDateOf, type LocalDate } from '@abide/calendar';
import { CHECK_IN_WINDOW_DAYS } from '@abide/contracts';

export const checkInMessages = {
  tooOld: `You can only check in for the last ${CHECK_IN_WINDOW_DAYS} days.`,
  future: 'You cannot check in for a future date.',
  invalid: 'Choose a date in the form YYYY-MM-DD.',
} as const;

export type CheckInDecision =
  { allowed: true; date: LocalDate } | { allowed: false; reason: 'too-old' | 'future' | 'invalid'; message: string };

/**
 * Whether `date` may be checked in (or un-checked) when it is `today` for the member: today or up to
 * seven days back, never ahead. Returns a decision rather than throwing so the handler maps it to a
 * 400 problem with the message as it sees fit.
 */
export const decideCheckInDate = (date: string, today: LocalDate): CheckInDecision => {
  if (!isLocalDate(date)) return { allowed: false, reason: 'invalid', message: checkInMessages.invalid };
  const daysBack = daysBetween(date, today);
  if (daysBack < 0) return { allowed: false, reason: 'future', message: checkInMessages.future };
  if (daysBack > CHECK_IN_WINDOW_DAYS) return { allowed: false, reason: 'too-old', message: checkInMessages.tooOld };
  return { allowed: true, date };
};

/** The same decision from an instant and the member's zone; an absent date means today. */
export const decideCheckIn = (input: { date?: string | null; now: Date; timeZone: string }): CheckInDecision => {
  const today = localDateOf(input.now, input.timeZone);
  return decideCheckInDate(input.date ?? today, today);
};
