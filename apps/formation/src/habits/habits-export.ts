import { Injectable } from '@nestjs/common';
import type { Habit, HabitEntry } from '@abide/contracts';
import { computeHabitStreak } from './domain/streak';
import { HabitQueries } from './habit.queries';
import { toHabit, toHabitEntry, trackOf } from './habit-figures';
import { HabitEntryProjection, HabitProjection } from './projections/habit.projection';

/** Formation's habits (archived included) and every check-in with its note, for "Download my data". */
@Injectable()
export class HabitsExport {
  constructor(
    private readonly habits: HabitProjection,
    private readonly entries: HabitEntryProjection,
    private readonly queries: HabitQueries,
  ) {}

  async forUser(userId: string): Promise<{ habits: Habit[]; habitEntries: HabitEntry[]; restDays: number[] }> {
    const [{ today, restDays }, habits, entries] = await Promise.all([
      this.queries.load(userId),
      this.habits.ofUser(userId, { includeArchived: true }),
      this.entries.ofUser(userId),
    ]);
    return {
      habits: habits.map((h) => {
        const track = trackOf(h, entries, restDays);
        return toHabit(h, track, computeHabitStreak(track, today), today, today);
      }),
      habitEntries: entries.sort((a, b) => a.date.localeCompare(b.date)).map(toHabitEntry),
      restDays,
    };
  }
}
