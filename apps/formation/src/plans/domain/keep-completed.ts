import type { LocalDate } from '@abide/calendar';
import { MAX_ACTIVITIES_PER_DAY, type PlanActivity, type PlanDay, type WeeklyPlan } from './plan.schema';
import { nameOwnTheme } from './theme-text';

/** Days with their names as text (a stored plan) or as the generator wrote them: both are merged alike. */
type Day = Omit<PlanDay, 'day'> & { day: string };
type PlanLike = Omit<WeeklyPlan, 'dailyActivities'> & { dailyActivities: Day[] };

export interface Regeneration<P extends PlanLike> {
  /** The new plan: the new theme with each day's checked-off activities still in it, then new ones. */
  plan: P;
  /** The check-offs kept, each on the date it was done. */
  carriedOver: Array<{ activityId: string; date: LocalDate }>;
}

/**
 * 'Regenerate Plan' replaces only what is not done: each day keeps the activities the member checked off there (as
 * they were, 'Catch me up' marks included) and takes the new plan's activities of that day in the places left, so a
 * day holds as many as the new plan gives it (or the kept ones, if more). An activity is in the week once.
 */
export const keepCompleted = <P extends PlanLike>(
  fresh: P,
  previous: PlanLike,
  completed: ReadonlyMap<string, LocalDate>,
): Regeneration<P> => {
  const kept = previous.dailyActivities.map((day) => day.activities.filter((a) => completed.has(a.id)));
  const keptIds = new Set(kept.flat().map((a) => a.id));
  const dailyActivities = fresh.dailyActivities.map((day, i) => {
    const mine: PlanActivity[] = kept[i] ?? [];
    const places = Math.min(MAX_ACTIVITIES_PER_DAY, Math.max(day.activities.length, mine.length));
    const added = day.activities.filter((a) => !keptIds.has(a.id)).slice(0, Math.max(0, places - mine.length));
    return { ...day, activities: [...mine, ...added] };
  });
  const carriedOver = kept.flat().map((a) => ({ activityId: a.id, date: completed.get(a.id) as LocalDate }));
  return { plan: nameOwnTheme({ ...fresh, dailyActivities }), carriedOver };
};
