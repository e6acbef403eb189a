import type { HabitFrequency } from '@abide/contracts';

/** How many check-ins a habit asks for in a week. */
export const expectedPerWeek = (frequency: HabitFrequency | null): number => {
  if (!frequency) return 0;
  if (frequency.kind === 'daily') return 7;
  if (frequency.kind === 'weekly') return 1;
  return new Set(frequency.days).size;
};

/**
 * This week's completed check-ins against what the habits expect. A habit counts only while active, and
 * never for more than it asks (a weekly habit checked in three times is one of one).
 */
export const weeklyProgress = (
  habits: ReadonlyArray<{ id: string; frequency: HabitFrequency | null; active: boolean }>,
  checkInsThisWeek: ReadonlyMap<string, number>,
): { completed: number; expected: number } => {
  let completed = 0;
  let expected = 0;
  for (const habit of habits) {
    if (!habit.active) continue;
    const asks = expectedPerWeek(habit.frequency);
    expected += asks;
    completed += Math.min(asks, checkInsThisWeek.get(habit.id) ?? 0);
  }
  return { completed, expected };
};

/** At least half the members did something that week (rounded up: 1 of 3 is not half). */
export const isStreakWeek = (activeMembers: number, memberCount: number): boolean => memberCount > 0 && activeMembers * 2 >= memberCount;

/**
 * Consecutive weeks, ending with this one, in which at least half the members were active. This week counts
 * only once it is reached; until then the streak runs up to last week, so it does not drop on a Sunday morning.
 * `activePerWeek` is oldest first and ends with this week.
 */
export const weekStreak = (activePerWeek: readonly number[], memberCount: number): number => {
  let i = activePerWeek.length - 1;
  let streak = 0;
  if (i >= 0 && isStreakWeek(activePerWeek[i], memberCount)) streak++;
  for (i--; i >= 0 && isStreakWeek(activePerWeek[i], memberCount); i--) streak++;
  return streak;
};
