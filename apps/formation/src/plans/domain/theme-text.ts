/**
 * The one activity text that names the week's theme: a theme reading's "…speaks to this week's theme, <title>." A plan
 * can change its theme after its activities were written (a curriculum week takes the header, leaving one gives it
 * back, a regeneration keeps checked-off activities), so every plan that leaves the domain, and every stored plan the
 * API shows, names its own theme here.
 */
const THEME_CLAUSE = /(this week(?:'|’)s theme, )(.+)\.$/;

/** A theme reading's description, naming the week's theme. */
export const themeReadingDescription = (reference: string, themeTitle: string): string =>
  `Read ${reference} slowly, twice, and write down one phrase that speaks to this week's theme, ${themeTitle}.`;

interface Named {
  description: string;
  fromCurriculum?: true;
}
interface PlanLike {
  theme: string;
  dailyActivities: ReadonlyArray<{ activities: readonly Named[] }>;
}

/** The activity's text naming `theme` where it names a theme (a church's own curriculum text is never touched). */
export const namingTheme = <A extends Named>(activity: A, theme: string): A => {
  if (activity.fromCurriculum) return activity;
  const match = THEME_CLAUSE.exec(activity.description);
  if (!match || match[2] === theme) return activity;
  return { ...activity, description: `${activity.description.slice(0, match.index)}${match[1]}${theme}.` };
};

/** The plan with every activity that names a theme naming the plan's own (the same object when none is off). */
export const nameOwnTheme = <P extends PlanLike>(plan: P): P => {
  let changed = false;
  const dailyActivities = plan.dailyActivities.map((day) => {
    const activities = day.activities.map((a) => namingTheme(a, plan.theme));
    if (activities.some((a, i) => a !== day.activities[i])) changed = true;
    return { ...day, activities };
  });
  // Only descriptions change: the days keep their own shape.
  return changed ? ({ ...plan, dailyActivities } as P) : plan;
};
