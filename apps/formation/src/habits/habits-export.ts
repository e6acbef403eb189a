import { Injectable } from '@nestjs/common';
import type { Habit, HabitEntry } from '@abide/contracts';
import { computeHabitStreak } from './domain/streak';
import { HabitQueries } from './habit.queries';
import { toHabit, toHabitEntry, trackOf } from './habit-figures';
import { HabitProjection } from './projections/habit.projection';

/** Formation's habits (archived included) and every check-in with its note, for "Download my data". */
@Injectable()
export class HabitsExport {
  constructor(
    private readonly habits: HabitProjection,
    private readonly queries: HabitQueries,
  ) {}

  async forUser(userId: string): Promise<{ habits: Habit[]; habitEntries: HabitEntry[]; restDays: number[] }> {
    const [{ today, restDays }, habits] = await Promise.all([
      this.queries.load(userId),
      this.habits.ofUser(userId, { includeArchived: true }),
    ]);
    // Each habit's days as its stream tells them (one keyed read of its head each).
    const states = await Promise.all(habits.map((h) => this.queries.habitState(h._id)));
    const entries = habits.map((h, i) =>
      states[i].userId === userId ? [...states[i].entries].map(([date, day]) => toHabitEntry(h._id, date, day)) : [],
    );
    return {
      habits: habits.map((h, i) => {
        const track = trackOf(h, entries[i], restDays);
        return toHabit(h, track, computeHabitStreak(track, today), today, today);
      }),
      habitEntries: entries.flat().sort((a, b) => a.date.localeCompare(b.date)),
      restDays,
    };
  }
}
