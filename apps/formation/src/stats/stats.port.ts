/** What other formation features may use of stats (docs/architecture.md, "Feature boundaries"). */
export { ActivityCalendarProjection } from './projections/activity-calendar.projection';
export { consecutiveDayStreak, type DayStreak } from './domain/activity-streak';
