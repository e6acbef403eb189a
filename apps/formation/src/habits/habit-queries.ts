import { Inject, Injectable } from '@nestjs/common';
import type { Habit, HabitEntry } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { CLOCK, type Clock } from '../config/clock';
import { MemberProjection } from '../members/projections/member.projection';
import { localDateOf, type LocalDate } from '../stats/domain/local-day';
import { percentOf } from './domain/completion';
import { habitHeatMap } from './domain/heat-map';
import { weeklyCompletionTrend } from './domain/weekly-trend';
import { toHabit, toHabitEntry, trackOf } from './habit-figures';
import { HabitEntryProjection, HabitProjection } from './projections/habit.projection';
import type { HabitView } from './projections/habit.schema';

/** Read side of habits: lists with real figures, entries of a day, analytics. Always one member's own. */
@Injectable()
export class HabitQueries {
  constructor(
    private readonly habits: HabitProjection,
    private readonly entries: HabitEntryProjection,
    private readonly members: MemberProjection,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async today(userId: string): Promise<LocalDate> {
    return localDateOf(this.clock(), await this.members.timeZoneOf(userId));
  }

  /** Active and paused habits (never archived) with streaks as of today and completion on `date`. */
  async list(userId: string, date?: string): Promise<Habit[]> {
    const { habits, tracks, today } = await this.load(userId);
    return habits.map((h, i) => toHabit(h, tracks[i], today, date ?? today));
  }

  async one(userId: string, habitId: string, date?: string): Promise<Habit> {
    const habit = await this.habits.find(habitId);
    if (!habit || habit.userId !== userId) throw DomainError.notFound('This habit');
    const [entries, restDays, today] = await Promise.all([this.entries.ofUser(userId), this.members.restDaysOf(userId), this.today(userId)]);
    return toHabit(habit, trackOf(habit, entries, restDays), today, date ?? today);
  }

  async entry(userId: string, habitId: string, date: string): Promise<HabitEntry> {
    const entry = await this.entries.find(habitId, date);
    if (!entry || entry.userId !== userId) {
      // A toggle off of a day never checked records nothing: the entry reads as not completed.
      return { id: `${habitId}:${date}`, habitId, completed: false, date, completedAt: null, note: null };
    }
    return toHabitEntry(entry);
  }

  async entriesOn(userId: string, date?: string): Promise<HabitEntry[]> {
    return (await this.entries.onDate(userId, date ?? (await this.today(userId)))).map(toHabitEntry);
  }

  /** The Analytics tab: a 12-week heat map per habit and the weekly completion trend of the active ones. */
  async analytics(userId: string) {
    const { habits, tracks, today } = await this.load(userId);
    return {
      habits: habits.map((h, i) => ({
        habitId: h._id,
        name: h.name,
        heatMap: habitHeatMap(tracks[i], today).map(({ date, scheduled, done, excuse, future }) => ({ date, scheduled, done, excuse, future })),
      })),
      weeklyTrend: weeklyCompletionTrend(tracks, today).map((w) => ({
        weekStart: w.weekStart,
        percent: percentOf(w) ?? 0,
        done: w.done,
        scheduled: w.scheduled,
      })),
    };
  }

  /** Everything the figures need, read once. */
  async load(userId: string) {
    const [habits, entries, restDays, today] = await Promise.all([
      this.habits.ofUser(userId),
      this.entries.ofUser(userId),
      this.members.restDaysOf(userId),
      this.today(userId),
    ]);
    return { habits, tracks: habits.map((h: HabitView) => trackOf(h, entries, restDays)), today, restDays };
  }
}
