import { z } from 'zod';
import { addDays, isLocalDate, weekdayNames, weekdayOf } from '@abide/calendar';

/**
 * The shape of a weekly plan, shared by the built-in generator, the optional LLM adapter (whose JSON
 * is validated here before use) and the stored plan. A plan has theme, description and
 * dailyActivities; each day has day and activities of name, description and optional duration.
 */
export const MAX_ACTIVITIES_PER_DAY = 5;
export const MIN_GENERATED_PER_DAY = 2;
export const MAX_GENERATED_PER_DAY = 3;

const localDateSchema = z.string().refine(isLocalDate, { message: 'Expected a calendar date (YYYY-MM-DD)' });

export const planActivitySchema = z.object({
  id: z.string().trim().min(1).max(120),
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(600),
  duration: z.string().trim().min(1).max(30).optional(),
  /** Set by 'Catch me up' on an activity moved forward from an earlier day. */
  movedFrom: localDateSchema.optional(),
  /** A church curriculum's activity (docs/curricula.md), with its scripture and prompt if any. */
  fromCurriculum: z.literal(true).optional(),
  scripture: z.string().trim().min(1).max(80).optional(),
  reflectionPrompt: z.string().trim().min(1).max(500).optional(),
});

export const planDaySchema = z.object({
  day: z.enum(weekdayNames),
  dayIndex: z.number().int().min(0).max(6),
  date: localDateSchema,
  activities: z.array(planActivitySchema).max(MAX_ACTIVITIES_PER_DAY),
});

const planObject = z.object({
  themeId: z.string().trim().min(1),
  theme: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(600),
  scriptures: z.array(z.string().trim().min(1)).max(10).optional(),
  /** The Sunday the plan's week starts on (weekdays from Sunday = 0). */
  weekStart: localDateSchema,
  dailyActivities: z.array(planDaySchema).length(7),
});

type PlanShape = z.infer<typeof planObject>;

// Cross-field rules the field schemas cannot state: the seven days run Sunday to Saturday of weekStart.
const checkWeek = (plan: PlanShape, ctx: z.RefinementCtx): void => {
  if (isLocalDate(plan.weekStart) && weekdayOf(plan.weekStart) !== 0) {
    ctx.addIssue({ code: 'custom', path: ['weekStart'], message: 'The week must start on a Sunday' });
    return;
  }
  plan.dailyActivities.forEach((day, i) => {
    if (day.dayIndex !== i || day.day !== weekdayNames[i]) {
      ctx.addIssue({ code: 'custom', path: ['dailyActivities', i], message: `Day ${i} must be ${weekdayNames[i]} with dayIndex ${i}` });
    }
    if (isLocalDate(plan.weekStart) && day.date !== addDays(plan.weekStart, i)) {
      ctx.addIssue({ code: 'custom', path: ['dailyActivities', i, 'date'], message: `Expected ${addDays(plan.weekStart, i)}` });
    }
  });
  const ids = plan.dailyActivities.flatMap((d) => d.activities.map((a) => a.id));
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (repeated.length > 0)
    ctx.addIssue({
      code: 'custom',
      path: ['dailyActivities'],
      message: `Activity ids must be unique: ${[...new Set(repeated)].join(', ')}`,
    });
};

/** A stored plan: any day may hold 0–5 activities (past days empty after 'Catch me up', today fuller). */
export const weeklyPlanSchema = planObject.superRefine(checkWeek);

/** What a generator may write of an activity: a curriculum's marks are never an assistant's to set (zod drops them). */
const generatedActivitySchema = planActivitySchema.omit({ movedFrom: true, fromCurriculum: true, scripture: true, reflectionPrompt: true });

/** A freshly generated plan, from the built-in generator or an LLM: 2–3 activities every day. */
export const generatedPlanSchema = planObject
  .extend({
    dailyActivities: z
      .array(planDaySchema.extend({ activities: z.array(generatedActivitySchema).min(MIN_GENERATED_PER_DAY).max(MAX_GENERATED_PER_DAY) }))
      .length(7),
  })
  .superRefine(checkWeek);

export type PlanActivity = z.infer<typeof planActivitySchema>;
export type PlanDay = z.infer<typeof planDaySchema>;
export type WeeklyPlan = z.infer<typeof weeklyPlanSchema>;
