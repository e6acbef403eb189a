import { Injectable } from '@nestjs/common';
import type { FormationStats } from '@abide/contracts';
import type { LocalDate } from '@abide/calendar';
import { thisWeekCompletion, thisWeekPercent } from './domain/completion';
import { dayCount, dayStatusOf, type DayCount } from './domain/day-status';
import { buildHabitCalendar } from './domain/habit-calendar';
import { HabitQueries } from './habit.queries';

/** One active habit's week, as the My Plan figures and the weekly insight use it. */
export interface HabitThisWeek {
  name: string;
  /** Chances taken and asked this week (days, or weeks for weekly habits). */
  done: number;
  scheduled: number;
  currentStreak: number;
  doneToday: boolean;
}

export interface HabitsThisWeek {
  /** Today in the member's zone. */
  today: LocalDate;
  /** Active habits (not paused, not archived), oldest first. */
  habits: HabitThisWeek[];
  /** Today's "n of m done" over the active habits (docs/figures.md). */
  todayCount: DayCount;
  /**
   * Share of this week's chances taken over the habits the Analytics trend reads (active and paused: a paused
   * habit's days before its pause still count); null while none was asked yet.
   */
  percent: number | null;
  /** The Habits page's four stat cards (docs/figures.md). */
  cards: FormationStats['habits'];
}

/** Habits' answer to "how is this week going", for stats: figures only, never the habit's internals. */
@Injectable()
export class HabitWeekQueries {
  constructor(private readonly habits: HabitQueries) {}

  async thisWeek(userId: string): Promise<HabitsThisWeek> {
    const { habits, tracks, streaks, today } = await this.habits.load(userId);
    const active = habits
      .map((habit, i) => ({ habit, track: tracks[i], streak: streaks[i] }))
      .filter(({ habit }) => habit.isActive && !habit.archived);
    const todayCount = dayCount(active.map(({ track }) => dayStatusOf(buildHabitCalendar(track, today), today)));
    const percent = thisWeekPercent(tracks, today);
    return {
      today,
      habits: active.map(({ habit, track, streak }) => ({
        name: habit.name,
        ...thisWeekCompletion(track, today),
        currentStreak: streak.current,
        doneToday: streak.doneToday,
      })),
      todayCount,
      percent,
      cards: {
        totalStreak: active.reduce((total, { streak }) => total + streak.current, 0),
        completedToday: todayCount.done,
        dueToday: todayCount.asked,
        activeHabits: active.length,
        thisWeekPercent: percent ?? 0,
      },
    };
  }
}
