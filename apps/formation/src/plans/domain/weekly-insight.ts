import { addDays, type LocalDate } from '@abide/calendar';
import type { WeeklyPlan } from './plan.schema';

export interface HabitWeek {
  name: string;
  /** Chances taken and asked this week (days, or weeks for weekly habits), as the habit maths gives them. */
  done: number;
  scheduled: number;
}

export interface WeekInsightInput {
  plan: WeeklyPlan;
  completedActivityIds: Iterable<string>;
  habits: readonly HabitWeek[];
  /** Local dates of the week's journal entries (duplicates fine). */
  journalDates: readonly LocalDate[];
  today: LocalDate;
}

const plural = (n: number, one: string, many: string = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const listOf = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * 'This Week's Insight': one or two kind sentences built only from the member's real week (activities
 * done, their fullest day, habits kept, journal days), so it never says anything the week did not hold.
 */
export const weeklyInsight = ({ plan, completedActivityIds, habits, journalDates, today }: WeekInsightInput): string => {
  const completed = new Set(completedActivityIds);
  const weekEnd = addDays(plan.weekStart, 6);
  const over = today > weekEnd;
  const week = over ? 'last week' : 'this week';
  const days = plan.dailyActivities.map((d) => ({
    day: d.day,
    date: d.date,
    activities: d.activities,
    done: d.activities.filter((a) => completed.has(a.id)).length,
  }));
  const total = days.reduce((s, d) => s + d.activities.length, 0);
  const done = days.reduce((s, d) => s + d.done, 0);
  const activeDays = days.filter((d) => d.done > 0);
  // The first of the fullest days, so a tie reads in calendar order.
  const fullest = activeDays.reduce<(typeof days)[number] | undefined>((best, d) => (!best || d.done > best.done ? d : best), undefined);
  const nextUp = days
    .filter((d) => d.date >= today)
    .flatMap((d) => d.activities)
    .find((a) => !completed.has(a.id));

  // Where the work happened: one day, an even spread, or a fullest day worth naming.
  const where = (withCount: boolean): string => {
    if (!fullest) return '';
    if (activeDays.length === 1) return `, all on ${fullest.day}`;
    if (activeDays.every((d) => d.done === fullest.done)) return `, spread evenly over ${activeDays.length} days`;
    return withCount ? `, and ${fullest.day} was your fullest day with ${fullest.done}` : `, with ${fullest.day} your fullest day`;
  };

  let first: string;
  if (total === 0) first = `Your plan on “${plan.theme}” has no activities yet`;
  else if (done === 0 && !over)
    first = `Your week on “${plan.theme}” has ${plural(total, 'activity', 'activities')} ready${nextUp ? `, and “${nextUp.name}” is a gentle place to begin` : ''}`;
  else if (done === 0) first = `The activities on “${plan.theme}” stayed unopened last week, and a new week is a fresh start`;
  else if (done === total) first = `You completed all ${plural(total, 'activity', 'activities')} on “${plan.theme}” ${week}${where(false)}`;
  else
    first = `You completed ${done} of ${plural(total, 'activity', 'activities')} ${week}${where(true)}${!over && nextUp ? `; “${nextUp.name}” is next` : ''}`;

  const kept = habits.filter((h) => h.scheduled > 0 && h.done > 0);
  const perfect = kept.filter((h) => h.done >= h.scheduled);
  const best = [...kept].sort((a, b) => b.done / b.scheduled - a.done / a.scheduled || b.done - a.done)[0];
  const parts: string[] = [];
  if (perfect.length > 1) parts.push(`kept ${listOf(perfect.map((h) => h.name))} every time they were due`);
  else if (best) parts.push(`kept ${best.name} ${best.done} of ${plural(best.scheduled, 'time')}`);
  const journalDays = new Set(journalDates.filter((d) => d >= plan.weekStart && d <= weekEnd)).size;
  if (journalDays > 0) parts.push(`wrote in your journal on ${plural(journalDays, 'day')}`);

  return parts.length === 0 ? `${first}.` : `${first}. You also ${listOf(parts)}.`;
};
