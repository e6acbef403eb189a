/** What other formation features may use of habits (docs/architecture.md, "Feature boundaries"). */
export { HabitWeekQuery, type HabitsThisWeek, type HabitThisWeek } from './habit-week.queries';
export { HabitProjection, type RemindableHabit } from './projections/habit.projection';
export { HabitsExport } from './habits-export';
export { HabitCommands } from './commands/habit.commands';
