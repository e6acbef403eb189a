import { addDays, weekStartOf, type LocalDate } from '@abide/calendar';
import { periodCompletion } from './completion';
import { buildHabitCalendar, type HabitTrack } from './habit-calendar';

export const DEFAULT_CONSISTENCY_WEEKS = 8;

/**
 * Weight of the week `weeksAgo` back (0 = this week) in a window of `weeks`: linear, from `weeks` for
 * this week down to 1 for the oldest (8, 7, …, 1 by default), so recent weeks count most.
 */
export const consistencyWeight = (weeksAgo: number, weeks: number = DEFAULT_CONSISTENCY_WEEKS): number => weeks - weeksAgo;

/**
 * A habit's consistency, 0–100, over the last `weeks` weeks: every chance the habit asked for (a
 * scheduled day, or a week for weekly habits) counts with its week's weight, score = Σ w·done / Σ w·asked.
 * Weighting chances rather than weekly rates keeps a barely begun week from swinging the score: for a
 * daily habit kept for 8 weeks, a missed day this week costs 3–4 points whichever weekday it is, an older one less.
 * Chances not yet due (today before it is done, this week's weekly target) and excused days are left
 * out; null when nothing was asked for yet.
 */
export const consistencyScore = (track: HabitTrack, today: LocalDate, weeks: number = DEFAULT_CONSISTENCY_WEEKS): number | null => {
  const calendar = buildHabitCalendar(track, today);
  const thisWeek = weekStartOf(today);
  let weightedDone = 0;
  let weightedAsked = 0;
  for (let weeksAgo = 0; weeksAgo < weeks; weeksAgo++) {
    const weekStart = addDays(thisWeek, -7 * weeksAgo);
    const { done, scheduled } = periodCompletion(calendar, weekStart, addDays(weekStart, 6), 'left-out');
    const weight = consistencyWeight(weeksAgo, weeks);
    weightedDone += weight * done;
    weightedAsked += weight * scheduled;
  }
  return weightedAsked === 0 ? null : Math.round((100 * weightedDone) / weightedAsked);
};
