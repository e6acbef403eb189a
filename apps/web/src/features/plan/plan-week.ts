import type { FormationStats, SpiritualPlan } from '@abide/contracts';
import { parseIsoDate, weekdayShort } from '../habits';

export type DayTone = 'today' | 'past' | 'future';
export type PlanDay = SpiritualPlan['planData']['dailyActivities'][number];

/**
 * A plan day is today, past or future. Weekdays count from Sunday = 0, so within one week
 * "index below today's" and "date before today" agree; the date also holds when the plan is from another week.
 */
export function dayTone(date: string, today: string): DayTone {
  if (date === today) return 'today';
  return date < today ? 'past' : 'future';
}

/** The same rule by weekday index alone, for a day that carries no date. */
export function dayToneByIndex(dayIndex: number, todayIndex: number): DayTone {
  if (dayIndex === todayIndex) return 'today';
  return dayIndex < todayIndex ? 'past' : 'future';
}

export function orderedDays(plan: SpiritualPlan): PlanDay[] {
  return [...plan.planData.dailyActivities].sort((a, b) => a.dayIndex - b.dayIndex);
}

/** 'Catch me up' is offered when a day before today still has an unfinished activity. */
export function hasMissedActivities(days: readonly PlanDay[], today: string): boolean {
  return days.some((day) => dayTone(day.date, today) === 'past' && day.activities.some((activity) => !activity.completed));
}

export function dayProgress(day: PlanDay): { done: number; total: number } {
  return { done: day.activities.filter((activity) => activity.completed).length, total: day.activities.length };
}

export function percent(done: number, total: number): number {
  return total > 0 ? Math.round((done / total) * 100) : 0;
}

export interface WeekStripDay {
  date: string;
  weekday: string;
  dayOfMonth: number;
  active: boolean;
  tone: DayTone;
  /** What a screen reader says for the cell, e.g. "Wednesday, March 12: active". */
  label: string;
}

const stripLabel = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

/** The Progress Calendar: the real current week from the stats, Sunday first, each day marked active or not. */
export function weekStrip(week: FormationStats['week'], today: string): WeekStripDay[] {
  return [...week]
    .sort((a, b) => a.dayIndex - b.dayIndex)
    .map((day) => {
      const tone = dayTone(day.date, today);
      const status = day.active ? 'active' : tone === 'future' ? 'upcoming' : 'no activity';
      return {
        date: day.date,
        weekday: weekdayShort[day.dayIndex] ?? '',
        dayOfMonth: parseIsoDate(day.date).getDate(),
        active: day.active,
        tone,
        label: `${stripLabel.format(parseIsoDate(day.date))}${tone === 'today' ? ' (today)' : ''}: ${status}`,
      };
    });
}

const activities = (n: number) => `${n} ${n === 1 ? 'activity' : 'activities'}`;

/**
 * What 'Regenerate Plan' asks before it replaces the week: what goes (the theme and the activities not done yet) and
 * what stays (every activity already checked off, on its day). The server keeps exactly these.
 */
export function regenerateWarning(plan: SpiritualPlan): { lost: string; kept: string } {
  const all = plan.planData.dailyActivities.flatMap((day) => day.activities);
  const done = all.filter((activity) => activity.completed).length;
  const open = all.length - done;
  return {
    lost: `The theme “${plan.planData.theme}” and the ${activities(open)} you have not done yet will be replaced by a new theme and new activities.`,
    kept:
      done > 0
        ? `${done === 1 ? 'The activity you completed this week stays' : `The ${done} activities you completed this week stay`} in your plan, checked off.`
        : 'You have not completed any activities this week, so nothing you did is lost.',
  };
}
