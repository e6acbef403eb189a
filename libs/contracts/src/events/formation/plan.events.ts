import { z } from 'zod';

/** Events of formation's plan aggregate (topic formation.plan.v1): one stream per member and week. */
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const planActivity = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().min(1),
  duration: z.string().optional(),
  movedFrom: localDate.optional(),
});
const planDay = z.object({ day: z.string(), dayIndex: z.number().int().min(0).max(6), date: localDate, activities: z.array(planActivity) });
export const planContentSchema = z.object({
  themeId: z.string().min(1),
  theme: z.string().min(1),
  description: z.string().min(1),
  scriptures: z.array(z.string()).optional(),
  weekStart: localDate,
  dailyActivities: z.array(planDay).length(7),
});
const ids = { planId: z.string().min(1), userId: z.string().min(1) };

export const formationPlanGeneratedV1 = z.object({
  ...ids,
  weekStart: localDate,
  source: z.enum(['built-in', 'assistant']),
  reason: z.enum(['onboarding', 'regenerate', 'rollover']),
  plan: planContentSchema,
});
/** `date` is the member's local date when it was done (it feeds the activity streak). */
export const formationPlanActivityCompletedV1 = z.object({ ...ids, activityId: z.string().min(1), date: localDate, completedAt: z.string().datetime({ offset: true }) });
/** `date` is the local date the undone completion had been recorded on. */
export const formationPlanActivityUncompletedV1 = z.object({ ...ids, activityId: z.string().min(1), date: localDate });
export const formationPlanCaughtUpV1 = z.object({
  ...ids,
  today: localDate,
  moved: z.number().int().min(0),
  leftBehind: z.number().int().min(0),
  dailyActivities: z.array(planDay).length(7),
});

export const formationPlanEvents = {
  'formation.plan.generated': { schemaVersion: 1, schema: formationPlanGeneratedV1 },
  'formation.plan.activity-completed': { schemaVersion: 1, schema: formationPlanActivityCompletedV1 },
  'formation.plan.activity-uncompleted': { schemaVersion: 1, schema: formationPlanActivityUncompletedV1 },
  'formation.plan.caught-up': { schemaVersion: 1, schema: formationPlanCaughtUpV1 },
} as const satisfies Record<string, { schemaVersion: number; schema: z.ZodTypeAny }>;
