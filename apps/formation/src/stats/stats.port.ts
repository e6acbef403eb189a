import type { LocalDate } from '@abide/calendar';
import type { Activity } from './domain/activity-calendar';

/** What other formation features may use of stats (docs/structure.md, "Ports"): members' active days, and the streak over them. */
export { consecutiveDayStreak, type DayStreak } from './domain/activity-streak';

/** What members did on which days (check-ins, plan activities, journal entries), as the nudges' scan reads it. */
export abstract class ActivityDays {
  /** What these members did between two local dates (inclusive): one read by key per member. */
  abstract between(userIds: readonly string[], from: LocalDate, to: LocalDate): Promise<Array<Omit<Activity, 'done'>>>;
}
