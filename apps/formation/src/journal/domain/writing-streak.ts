import { consecutiveDayStreak, type DayStreak } from '../../stats/stats.port';
import type { LocalDate } from '@abide/calendar';

/**
 * The journal's writing streak: consecutive local days with at least one entry, ending today (or
 * yesterday while today's entry is not written yet). Entry dates are the member's local dates at the
 * time of writing, so travel never breaks it.
 */
export const writingStreak = (entryDates: Iterable<LocalDate>, today: LocalDate): DayStreak => consecutiveDayStreak(entryDates, today);
