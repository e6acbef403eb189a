/** What other features may use of habits: today's habits for My Plan, and the member's local dates. */
export { categoryLabel, streakText } from './habit-form';
export { useHabitsListQuery, useHabitsToggleMutation } from './habitsApi';
export { formatLongDate, formatShortDate, isoDate, parseIsoDate, weekdayLong, weekdayShort } from './local-dates';
