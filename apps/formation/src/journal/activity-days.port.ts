import type { LocalDate } from '@abide/calendar';

/**
 * The My Plan streak's record of active days (owned by stats). The journal reports each finished entry's day (`ref` = entry
 * id) and withdraws it when the entry is deleted; the day stays active while another entry remains on it. Both calls are idempotent.
 */
export interface ActivityDaysPort {
  record(userId: string, localDate: LocalDate, source: 'journal', ref: string): Promise<void>;
  forget(userId: string, localDate: LocalDate, source: 'journal', ref: string): Promise<void>;
}

export const ACTIVITY_DAYS = Symbol('ACTIVITY_DAYS');
