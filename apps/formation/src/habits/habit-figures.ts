import type { Habit, HabitEntry } from '@abide/contracts';
import { monthlyPercent } from './domain/completion';
import { consistencyScore } from './domain/consistency-score';
import { dayStatusOf } from './domain/day-status';
import type { BoardHabit } from './domain/habit-board';
import { buildHabitCalendar, type HabitTrack } from './domain/habit-calendar';
import type { HabitStreak } from './domain/streak';
import type { HabitEntryView, HabitView } from './projections/habit.schema';
import type { LocalDate } from '@abide/calendar';

/** The domain's view of one habit: its frequency, entries, pauses, the member's rest days and planned skips. */
export const trackOf = (habit: HabitView, entries: readonly HabitEntryView[], restDays: readonly number[]): HabitTrack => ({
  frequency: habit.frequency,
  createdOn: habit.createdOn,
  checkIns: entries.filter((e) => e.habitId === habit._id).map((e) => ({ date: e.date, completed: e.completed })),
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

export const toHabitEntry = (entry: HabitEntryView): HabitEntry => ({
  id: entry._id,
  habitId: entry.habitId,
  completed: entry.completed,
  date: entry.date,
  completedAt: entry.completedAt ? new Date(entry.completedAt).toISOString() : null,
  note: entry.note ?? null,
});
