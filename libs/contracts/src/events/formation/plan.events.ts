import { z } from 'zod';
import { type EventDefinition, eventVersions } from '../versions';

/**
 * Events of formation's plan aggregate (topic formation.plan.v1): one stream per member and week. v2 of `generated`
 * and `caught-up` carry a church curriculum's activities (scripture, reflection prompt) and, on `generated`, which
 * curriculum week the plan follows; `curriculum-followed` changes that within a week (docs/churches.md).
 */
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const planActivity = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().min(1),
  duration: z.string().optional(),
  movedFrom: localDate.optional(),
});
const planDay = z.object({ day: z.string(), dayIndex: z.number().int().min(0).max(6), date: localDate, activities: z.array(planActivity) });
const planContentV1 = z.object({
  themeId: z.string().min(1),
  theme: z.string().min(1),
  description: z.string().min(1),
  scriptures: z.array(z.string()).optional(),
  weekStart: localDate,
  dailyActivities: z.array(planDay).length(7),
});
/** An activity of a church curriculum (`fromCurriculum`), with its scripture and reflection prompt when it has them. */
const planActivityV2 = planActivity.extend({
  scripture: z.string().min(1).optional(),
  reflectionPrompt: z.string().min(1).optional(),
  fromCurriculum: z.literal(true).optional(),
});
const planDayV2 = planDay.extend({ activities: z.array(planActivityV2) });
export const planContentSchema = planContentV1.extend({ dailyActivities: z.array(planDayV2).length(7) });
/** The curriculum week a plan follows, as it was when applied (names too: the plan shows them as they were then). */
const planCurriculum = z.object({
  assignmentId: z.string().min(1),
  curriculumId: z.string().min(1),
  churchId: z.string().min(1),
  churchName: z.string(),
  /** The group whose assignment this is; null for one to the whole church. */
  groupId: z.string().min(1).nullable(),
  groupName: z.string().nullable(),
  title: z.string().min(1),
  version: z.number().int().min(1),
  /** 1-based week of the curriculum, and how many it has. */
  week: z.number().int().min(1),
  weeks: z.number().int().min(1),
  weekTitle: z.string().min(1),
});
const ids = { planId: z.string().min(1), userId: z.string().min(1) };

export const formationPlanGeneratedV1 = z.object({
  ...ids,
  weekStart: localDate,
  source: z.enum(['built-in', 'assistant']),
  reason: z.enum(['onboarding', 'regenerate', 'rollover']),
  plan: planContentV1,
});
/** `curriculum`: the church curriculum week whose activities the plan holds (its empty days generated), or null. */
export const formationPlanGeneratedV2 = formationPlanGeneratedV1.extend({ plan: planContentSchema, curriculum: planCurriculum.nullable() });
/**
 * v3: `carriedOver`, the activities the member had checked off that a regeneration kept in the new plan, each still
 * done on its date (a regeneration replaces only what is not done; its planId stays the week's). Empty for a first plan.
 */
export const formationPlanGeneratedV3 = formationPlanGeneratedV2.extend({
  carriedOver: z.array(z.object({ activityId: z.string().min(1), date: localDate })),
});
/** `date` is the member's local date when it was done (it feeds the activity streak). */
export const formationPlanActivityCompletedV1 = z.object({
  ...ids,
  activityId: z.string().min(1),
  date: localDate,
  completedAt: z.string().datetime({ offset: true }),
});
/** `date` is the local date the undone completion had been recorded on. */
export const formationPlanActivityUncompletedV1 = z.object({ ...ids, activityId: z.string().min(1), date: localDate });
export const formationPlanCaughtUpV1 = z.object({
  ...ids,
  today: localDate,
  moved: z.number().int().min(0),
  leftBehind: z.number().int().min(0),
  dailyActivities: z.array(planDay).length(7),
});
export const formationPlanCaughtUpV2 = formationPlanCaughtUpV1.extend({ dailyActivities: z.array(planDayV2).length(7) });
/**
 * The week now follows another curriculum week, or none (assigned or ended during the week, the member joined or left
 * the church or group): the days and theme as merged, keeping every activity already checked off.
 */
export const formationPlanCurriculumFollowedV1 = z.object({
  ...ids,
  curriculum: planCurriculum.nullable(),
  themeId: z.string().min(1),
  theme: z.string().min(1),
  description: z.string().min(1),
  scriptures: z.array(z.string()),
  dailyActivities: z.array(planDayV2).length(7),
});

/**
 * 'Undo' after a regeneration: the week's plan as it was before it (theme, activities, curriculum), with every
 * activity the member checked off since still in it and done (`carriedOver`, as on `generated`).
 */
export const formationPlanRegenerationUndoneV1 = z.object({
  ...ids,
  source: z.enum(['built-in', 'assistant']),
  plan: planContentSchema,
  curriculum: planCurriculum.nullable(),
  carriedOver: z.array(z.object({ activityId: z.string().min(1), date: localDate })),
});

export const formationPlanEvents = {
  'formation.plan.generated': eventVersions(formationPlanGeneratedV1)
    .next(formationPlanGeneratedV2, (v1) => ({ ...v1, curriculum: null }))
    // Before v3 a regeneration kept nothing.
    .next(formationPlanGeneratedV3, (v2) => ({ ...v2, carriedOver: [] })),
  'formation.plan.activity-completed': { schemaVersion: 1, schema: formationPlanActivityCompletedV1 },
  'formation.plan.activity-uncompleted': { schemaVersion: 1, schema: formationPlanActivityUncompletedV1 },
  'formation.plan.caught-up': eventVersions(formationPlanCaughtUpV1).next(formationPlanCaughtUpV2, (v1) => v1),
  'formation.plan.curriculum-followed': { schemaVersion: 1, schema: formationPlanCurriculumFollowedV1 },
  'formation.plan.regeneration-undone': { schemaVersion: 1, schema: formationPlanRegenerationUndoneV1 },
} as const satisfies Record<string, EventDefinition>;
