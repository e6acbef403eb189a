import type { Habit } from '@abide/contracts';

/**
 * A day's check-in figures from that day's list (docs/figures.md): done of the habits asked for the day, and those
 * skipped apart; excused and not-scheduled days leave both. The list carries the writes still waiting to be sent
 * (write-queue-overlay.ts), so "n of m done" and the Completed Today card count them alike while offline.
 */
export const dayCounts = (habits: readonly Habit[]): { done: number; asked: number; skipped: number } => {
  const active = habits.filter((habit) => habit.isActive && !habit.archived);
  return {
    done: active.filter((habit) => habit.dayStatus === 'done').length,
    asked: active.filter((habit) => ['done', 'due', 'missed'].includes(habit.dayStatus)).length,
    skipped: active.filter((habit) => habit.dayStatus === 'skipped').length,
  };
};
