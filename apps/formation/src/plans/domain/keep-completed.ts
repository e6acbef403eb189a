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
 * day holds as many as the new plan gives it (or the kept ones, if more). `whole` (for 'Undo') takes all of the
 * plan's activities of the day besides the kept ones, up to a day's most. An activity is in the week once.
 */
export const keepCompleted = <P extends PlanLike>(
  fresh: P,
  previous: PlanLike,
  completed: ReadonlyMap<string, LocalDate>,
  { whole = false }: { whole?: boolean } = {},
): Regeneration<P> => {
  const kept = previous.dailyActivities.map((day) => day.activities.filter((a) => completed.has(a.id)));
  const keptIds = new Set(kept.flat().map((a) => a.id));
  const dailyActivities = fresh.dailyActivities.map((day, i) => {
    const mine: PlanActivity[] = kept[i] ?? [];
    const mineById = new Map(mine.map((a) => [a.id, a]));
    const extra = mine.filter((a) => !day.activities.some((b) => b.id === a.id)).length;
    const places = whole ? day.activities.length + extra : Math.max(day.activities.length, mine.length);
    let room = Math.min(MAX_ACTIVITIES_PER_DAY, places) - mine.length;
    // The new day's activities in their order, a kept one where the new day has it too (so a plan brought back by
    // 'Undo' is the very plan it was), then the new ones while there is room.
    const ordered: PlanActivity[] = [];
    for (const a of day.activities) {
      const own = mineById.get(a.id);
      if (own) ordered.push(own);
      else if (!keptIds.has(a.id) && room > 0) {
        ordered.push(a);
        room -= 1;
      }
    }
    const placed = new Set(ordered.map((a) => a.id));
    return { ...day, activities: [...mine.filter((a) => !placed.has(a.id)), ...ordered] };
  });
  const carriedOver = kept.flat().map((a) => ({ activityId: a.id, date: completed.get(a.id) as LocalDate }));
  return { plan: nameOwnTheme({ ...fresh, dailyActivities }), carriedOver };
};
