import type { MemberCurriculumWeek, PlanCurriculum } from '../../curricula/curricula.port';
import type { PlanActivity, PlanDay, WeeklyPlan } from './plan.schema';
import { nameOwnTheme } from './theme-text';

/** The plan's days with their names as text (a stored plan) or as the generator wrote them: both are merged alike. */
type Day = Omit<PlanDay, 'day'> & { day: string };
type PlanLike = Omit<WeeklyPlan, 'dailyActivities'> & { dailyActivities: Day[] };

/** The week's theme as a curriculum week shows it: its title, its summary, the scriptures of its activities. */
const curriculumTheme = (week: MemberCurriculumWeek) => ({
  themeId: `curriculum-${week.curriculum.curriculumId}-week-${week.curriculum.week}`,
  theme: week.curriculum.weekTitle,
  description:
    week.summary.trim() ||
    `Week ${week.curriculum.week} of ${week.curriculum.weeks} of ${week.curriculum.title}, from ${week.curriculum.churchName}.`,
  scriptures: week.scriptures,
});

/**
 * A new week's plan following a curriculum week: the curriculum's activities on the days it fills, the member's own
 * generated plan (shaped by their goals) on the days it leaves empty. Without a curriculum week, the generated plan.
 */
export const composeWeek = <P extends PlanLike>(generated: P, week: MemberCurriculumWeek | null): P => {
  if (!week) return generated;
  // The days the curriculum leaves to the member's plan name the curriculum week's theme, the one the header shows.
  return nameOwnTheme({
    ...generated,
    ...curriculumTheme(week),
    dailyActivities: generated.dailyActivities.map((day, i) => {
      const fromCurriculum = week.days[i] ?? [];
      return { ...day, activities: fromCurriculum.length > 0 ? fromCurriculum.map((a) => ({ ...a })) : day.activities };
    }),
  });
};

export interface FollowInput<P extends PlanLike> {
  /** The week's plan as it stands, with the curriculum week it follows (null: none). */
  plan: P;
  current: PlanCurriculum | null;
  completed: ReadonlySet<string>;
  /** The curriculum week it should follow now (null: none any more). */
  target: MemberCurriculumWeek | null;
  /** The member's generated plan of the same week: what fills a day a curriculum no longer fills. */
  generated: PlanLike;
}

/** The same assignment, version and week: nothing to change. */
export const sameCurriculumWeek = (a: PlanCurriculum | null, b: PlanCurriculum | null): boolean =>
  a === b || (!!a && !!b && a.assignmentId === b.assignmentId && a.version === b.version && a.week === b.week);

/**
 * Moves a week's plan onto another curriculum week (or off one) without losing anything the member checked off:
 * - a day the new curriculum week fills gets its activities, plus whatever was already done there;
 * - a day it leaves empty keeps what the member had, minus the old curriculum's activities not done; a day left with
 *   nothing to do gets the generated plan's activities of that day back (none already elsewhere in the week).
 * Returns null when the plan already follows that week.
 */
export const followCurriculum = <P extends PlanLike>(input: FollowInput<P>): P | null => {
  const { plan, completed, target, generated } = input;
  if (sameCurriculumWeek(input.current, target?.curriculum ?? null)) return null;
  const done = (a: PlanActivity) => completed.has(a.id);
  const days = plan.dailyActivities.map((day, i): Day => {
    const fromCurriculum = target?.days[i] ?? [];
    if (fromCurriculum.length > 0) {
      const ids = new Set(fromCurriculum.map((a) => a.id));
      return { ...day, activities: [...fromCurriculum.map((a) => ({ ...a })), ...day.activities.filter((a) => done(a) && !ids.has(a.id))] };
    }
    const kept = day.activities.filter((a) => !a.fromCurriculum || done(a));
    const droppedSome = kept.length < day.activities.length;
    return { ...day, activities: droppedSome && kept.every(done) ? [...kept, ...(generated.dailyActivities[i]?.activities ?? [])] : kept };
  });
  // An activity is in the week once: what came back from the generated plan gives way to one already placed.
  const seen = new Set<string>();
  const unique = days.map((day) => ({
    ...day,
    activities: day.activities.filter((a) => (seen.has(a.id) ? false : (seen.add(a.id), true))),
  }));
  const theme = target
    ? curriculumTheme(target)
    : input.current
      ? { themeId: generated.themeId, theme: generated.theme, description: generated.description, scriptures: generated.scriptures ?? [] }
      : { themeId: plan.themeId, theme: plan.theme, description: plan.description, scriptures: plan.scriptures ?? [] };
  return nameOwnTheme({ ...plan, ...theme, dailyActivities: unique });
};
