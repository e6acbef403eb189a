import { daysBetween, type LocalDate } from '@abide/calendar';
import { MAX_ACTIVITIES_PER_DAY, type PlanActivity, type WeeklyPlan } from './plan.schema';

/** What catching up reads of a plan: a stored plan (its day names as text) or a freshly generated one alike. */
type PlanLike = Pick<WeeklyPlan, 'weekStart'> & {
  dailyActivities: Array<Omit<WeeklyPlan['dailyActivities'][number], 'day'> & { day: string }>;
};

export interface CatchUpInput<P extends PlanLike = WeeklyPlan> {
  plan: P;
  /** The member's local date. */
  today: LocalDate;
  completedActivityIds: Iterable<string>;
  maxPerDay?: number;
}

export interface CatchUpResult<P extends PlanLike = WeeklyPlan> {
  plan: P;
  /** Activities moved forward. */
  moved: number;
  /** Unfinished past activities that did not fit (every remaining day full); they stay where they were. */
  leftBehind: number;
}

/**
 * 'Catch me up': moves the unfinished activities of past days onto today and the days left, always to
 * the day with the least still to do (the earliest on a tie), in their original order. Nothing is
 * dropped and no day goes over `maxPerDay`; what cannot fit stays on its day and is counted.
 */
export const catchUp = <P extends PlanLike>({
  plan,
  today,
  completedActivityIds,
  maxPerDay = MAX_ACTIVITIES_PER_DAY,
}: CatchUpInput<P>): CatchUpResult<P> => {
  const completed = new Set(completedActivityIds);
  const todayIndex = daysBetween(plan.weekStart, today);
  const days = plan.dailyActivities.map((day) => ({ ...day, activities: [...day.activities] }));
  const isPending = (a: PlanActivity) => !completed.has(a.id);

  const pastDays = days.slice(0, Math.max(0, Math.min(todayIndex, days.length)));
  const targetDays = todayIndex >= 0 ? days.slice(todayIndex) : [];
  let moved = 0;
  let leftBehind = 0;

  for (const origin of pastDays) {
    for (const item of origin.activities.filter(isPending)) {
      const open = targetDays.filter((d) => d.activities.length < maxPerDay);
      if (open.length === 0) {
        leftBehind++;
        continue;
      }
      const load = (d: (typeof days)[number]) => d.activities.filter(isPending).length;
      const target = open.reduce((best, d) => (load(d) < load(best) ? d : best));
      origin.activities.splice(origin.activities.indexOf(item), 1);
      // An activity moved twice keeps the day it was first planned for.
      target.activities.push({ ...item, movedFrom: item.movedFrom ?? origin.date });
      moved++;
    }
  }

  return { plan: { ...plan, dailyActivities: days }, moved, leftBehind };
};
