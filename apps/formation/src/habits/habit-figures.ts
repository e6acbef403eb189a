import type { Habit, HabitEntry } from '@abide/contracts';
import { monthlyPercent } from './domain/completion';
import { consistencyScore } from './domain/consistency-score';
import { dayStatusOf } from './domain/day-status';
import type { BoardHabit } from './domain/habit-board';
import { buildHabitCalendar, type HabitTrack } from './domain/habit-calendar';
import type { HabitStreak } from './domain/streak';
import type { HabitDay } from './domain/habit.decider';
import type { HabitView } from './projections/habit.schema';
import type { LocalDate } from '@abide/calendar';

/** The domain's view of one habit: its frequency, entries, pauses, the member's rest days and planned skips. */
export const trackOf = (
  habit: HabitView,
  entries: ReadonlyArray<Pick<HabitEntry, 'date' | 'completed'>>,
  restDays: readonly number[],
): HabitTrack => ({
  frequency: habit.frequency,
  createdOn: habit.createdOn,
  checkIns: entries.map((e) => ({ date: e.date, completed: e.completed })),
  pauses: [...habit.pauses, ...(habit.pausedSince ? [{ from: habit.pausedSince, until: null }] : [])],
  restDays,
  skipDates: habit.skipDates,
});

/** A board habit in the shape `toHabit` reads. */
export const habitViewOf = (habit: BoardHabit, userId: string): HabitView => ({
  _id: habit.id,
  userId,
  name: habit.name,
  description: habit.description,
  category: habit.category,
  frequency: habit.frequency,
  reminderTime: habit.reminderTime,
  isActive: habit.isActive,
  archived: habit.archived,
  createdOn: habit.createdOn,
  createdAt: new Date(habit.createdAt),
  pauses: habit.pauses,
  pausedSince: habit.pausedSince,
  skipDates: habit.skipDates,
  version: 0,
});

/** A habit with its real figures as of `today`; `completedOnDate` for the day the page shows. */
export const toHabit = (habit: HabitView, track: HabitTrack, streak: HabitStreak, today: LocalDate, date: LocalDate): Habit => {
  const dayStatus = dayStatusOf(buildHabitCalendar(track, today), date);
  return {
    id: habit._id,
    name: habit.name,
    description: habit.description ?? '',
    category: habit.category,
    frequency: habit.frequency,
    reminderTime: habit.reminderTime ?? null,
    isActive: habit.isActive,
    archived: habit.archived,
    streak: streak.current,
    longestStreak: streak.longest,
    streakUnit: streak.unit,
    consistency: consistencyScore(track, today) ?? 0,
    monthlyPercent: monthlyPercent(track, today) ?? 0,
    completedOnDate: dayStatus === 'done',
    dayStatus,
    createdAt: new Date(habit.createdAt).toISOString(),
  };
};

/** A habit's day as its stream states it (HabitState.entries); a day never checked in reads as not completed. */
export const toHabitEntry = (habitId: string, date: string, day: HabitDay | undefined): HabitEntry => ({
  id: `${habitId}:${date}`,
  habitId,
  completed: day?.completed ?? false,
  date,
  completedAt: day?.completedAt ? new Date(day.completedAt).toISOString() : null,
  note: day?.note ?? null,
});
