import { Inject, Injectable } from '@nestjs/common';
import type { Habit, HabitEntry } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { CLOCK, type Clock } from '../config/clock';
import { MemberQueries } from '../members/members.port';
import { localDateOf } from '@abide/calendar';
import { percentOf } from './domain/completion';
import { habitHeatMap, heatMapSummary } from './domain/heat-map';
import { weeklyCompletionTrend } from './domain/weekly-trend';
import { boardHabitOn } from './domain/habit-board';
import { habitViewOf, toHabit, toHabitEntry } from './habit-figures';
import { HabitBoardProjection } from './projections/habit-board.projection';
import { EventStore, type StoredEvent } from '@abide/event-store';
import { habitDecider, type HabitState, habitStreamId } from './domain/habit.decider';

/** Read side of habits: lists with real figures, entries of a day, analytics. Always one member's own. */
@Injectable()
export class HabitQueries {
  constructor(
    private readonly boards: HabitBoardProjection,
    private readonly log: EventStore,
    private readonly members: MemberQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Active and paused habits (never archived) with streaks as of today and completion on `date`. */
  async list(userId: string, date?: string): Promise<Habit[]> {
    const { habits, tracks, streaks, today } = await this.load(userId);
    return habits.map((h, i) => toHabit(h, tracks[i], streaks[i], today, date ?? today));
  }

  /** `after`: an event the caller's command just appended, which the board answered must hold (read-your-writes). */
  async one(userId: string, habitId: string, date?: string, after?: StoredEvent | null): Promise<Habit> {
    // The caller's own board: another member's habit is simply not on it (404, as if it did not exist).
    const { board, restDays, today } = await this.boardAndCalendar(userId, after ?? undefined);
    const habit = board.habits.find((h) => h.id === habitId);
    if (!habit) throw DomainError.notFound('This habit');
    const { track, streak } = boardHabitOn(habit, restDays, today);
    return toHabit(habitViewOf(habit, userId), track, streak, today, date ?? today);
  }

  /**
   * The day's check-ins: the board names the member's habits, then each habit's state as its stream tells it (its
   * head, one keyed read, and the read past it that finds nothing unless an append is in flight), never a scan.
   */
  async entriesOn(userId: string, date?: string): Promise<HabitEntry[]> {
    const { board, today } = await this.boardAndCalendar(userId);
    const day = date ?? today;
    const states = await Promise.all(board.habits.map((h) => this.habitState(h.id)));
    return board.habits.flatMap((h, i) => {
      const entry = states[i].userId === userId ? states[i].entries.get(day) : undefined;
      return entry ? [toHabitEntry(h.id, day, entry)] : [];
    });
  }

  /** One habit as its stream tells it now (what the day's entries and the export answer from). */
  async habitState(habitId: string): Promise<HabitState> {
    return (await this.log.aggregate(habitStreamId(habitId), habitDecider)).state;
  }

  /** The Analytics tab: a 12-week heat map per habit and the weekly completion trend of the active ones. */
  async analytics(userId: string) {
    const { habits, tracks, today } = await this.load(userId);
    return {
      habits: habits.map((h, i) => ({
        habitId: h._id,
        name: h.name,
        heatMap: habitHeatMap(tracks[i], today).map(({ date, scheduled, done, excuse, future, status }) => ({
          date,
          scheduled,
          done,
          excuse,
          future,
          status,
        })),
        summary: heatMapSummary(tracks[i], today),
      })),
      weeklyTrend: weeklyCompletionTrend(tracks, today).map((w) => ({
        weekStart: w.weekStart,
        percent: percentOf(w) ?? 0,
        done: w.done,
        scheduled: w.scheduled,
      })),
    };
  }

  /**
   * Everything the figures need, in keyed reads whatever the number of members or check-ins: the member's board and
   * their member record. Active and paused habits, oldest first (archived ones stay on the board, for their history).
   */
  async load(userId: string) {
    const { board, restDays, today } = await this.boardAndCalendar(userId);
    const shown = board.habits
      .filter((h) => !h.archived)
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
    const figures = shown.map((h) => boardHabitOn(h, restDays, today));
    return {
      habits: shown.map((h) => habitViewOf(h, userId)),
      tracks: figures.map((f) => f.track),
      streaks: figures.map((f) => f.streak),
      today,
      restDays,
    };
  }

  /**
   * One keyed read: the member's board, which keeps their zone (for "today") and rest days. A member whose onboarding
   * or settings never reached the board (none yet) is asked of the member record instead.
   */
  private async boardAndCalendar(userId: string, after?: StoredEvent) {
    const board = await this.boards.read(userId, after);
    const { timeZone, restDays } =
      board.timeZone !== undefined ? { timeZone: board.timeZone, restDays: board.restDays ?? [] } : await this.members.calendarOf(userId);
    return { board, restDays, today: localDateOf(this.clock(), timeZone) };
  }
}
