import type { SpiritualPlan } from '@abide/contracts';
import { addDays } from '@abide/calendar';
import { nameOwnTheme } from './domain/theme-text';
import type { PlanView } from './projections/plan.schema';

/** The stored plan as the API shows it (its plan data, each activity with its check-off). */
export const toSpiritualPlan = (view: PlanView): SpiritualPlan => {
  const done = new Set(view.completed.map((c) => c.activityId));
  // Plans stored before their texts followed a change of theme name their own theme when shown.
  const plan = nameOwnTheme(view.plan);
  return {
    id: view.planId,
    weekStart: view.weekStart,
    createdAt: new Date(view.createdAt).toISOString(),
    source: view.source,
    curriculum: view.curriculum
      ? {
          curriculumId: view.curriculum.curriculumId,
          title: view.curriculum.title,
          churchName: view.curriculum.churchName,
          groupName: view.curriculum.groupName,
          week: view.curriculum.week,
          weeks: view.curriculum.weeks,
          weekTitle: view.curriculum.weekTitle,
        }
      : null,
    planData: {
      theme: plan.theme,
      description: plan.description,
      scriptures: plan.scriptures ?? [],
      dailyActivities: plan.dailyActivities.map((day) => ({
        day: day.day,
        dayIndex: day.dayIndex,
        date: day.date,
        activities: day.activities.map((a) => ({
          id: a.id,
          name: a.name,
          description: a.description,
          ...(a.duration ? { duration: a.duration } : {}),
          ...(a.movedFrom ? { movedFrom: a.movedFrom } : {}),
          ...(a.fromCurriculum ? { fromCurriculum: true } : {}),
          ...(a.scripture ? { scripture: a.scripture } : {}),
          ...(a.reflectionPrompt ? { reflectionPrompt: a.reflectionPrompt } : {}),
          completed: done.has(a.id),
        })),
      })),
    },
    // A plan is its week's: once the week is over, 'Undo' would reach next week's plan, so it ends with the week.
    regenerationUndo: view.undo ? { replacedTheme: view.undo.replacedTheme, availableUntil: addDays(view.weekStart, 6) } : null,
  };
};
