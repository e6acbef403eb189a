/** What other formation features may use of stats (docs/architecture.md, "Feature boundaries"). */
export { ActivityDays } from './projections/activity-days.projection';
export { consecutiveDayStreak, type DayStreak } from './domain/activity-streak';
