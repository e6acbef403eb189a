import type { LocalDate } from '@abide/calendar';
import type { Habit, HabitEntry } from '@abide/contracts';
import type { StoredEvent } from '@abide/event-store';
import type { HabitInput } from './commands/habit.commands';
import type { HabitDay } from './domain/habit.decider';
import type { HabitsThisWeek } from './habit-week.queries';
import type { CheckInEventType, RemindableHabit } from './projections/habit.projection';

/** What other formation features may use of habits (docs/structure.md, "Ports"). */
export type { HabitsThisWeek, RemindableHabit };
export type { HabitThisWeek } from './habit-week.queries';

type Meta = { correlationId: string; causationId?: string | null };

/** The member's habits this week, as My Plan's figures count them. */
export abstract class HabitWeekQuery {
  abstract thisWeek(userId: string): Promise<HabitsThisWeek>;
}

/** What the reminder scan reminds of. */
export abstract class RemindableHabits {
  /** Active habits with a reminder time, of these members. */
  abstract remindable(userIds: readonly string[]): Promise<RemindableHabit[]>;
}

/** A member's habits and every check-in, for "Download my data". */
export abstract class HabitsExportQuery {
  abstract forUser(userId: string): Promise<{ habits: Habit[]; habitEntries: HabitEntry[]; restDays: number[] }>;
}

/** The habit commands the load suite's history seeder writes (src/bench). */
export abstract class HabitSeeding {
  abstract create(userId: string, input: HabitInput & { name: string; category: string }, meta: Meta): Promise<string>;
  abstract checkIn(
    userId: string,
    habitId: string,
    input: { completed: boolean; date?: string | null; note?: string | null },
    meta: Meta,
  ): Promise<{ date: LocalDate; appended: StoredEvent<CheckInEventType> | null; day: HabitDay | undefined }>;
}
