import { errorCodes } from '@abide/contracts';
import type { NewEvent } from '@abide/event-store';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
import { caughtUp, type PlanCommand, planDecider, planMessages } from './plan.decider';
import { generateWeeklyPlan } from './plan-generator';

const { given } = deciderSpec(planDecider);
const week = { userId: 'u1', weekStart: '2026-03-01' };
const plan = generateWeeklyPlan({ goals: ['Daily Bible reading'], preferences: ['bible'], weekStart: '2026-03-01', seed: 'u1' });
const generate = (reason: 'onboarding' | 'regenerate' | 'rollover', planId = 'p1'): PlanCommand => ({
  type: 'GeneratePlan',
  ...week,
  planId,
  plan,
  source: 'built-in',
  reason,
  curriculum: null,
});
const generated = (planId = 'p1', reason: 'onboarding' | 'regenerate' = 'onboarding'): NewEvent => ({
  type: 'formation.plan.generated',
  subjectId: 'u1',
  data: { planId, userId: 'u1', weekStart: '2026-03-01', source: 'built-in', reason, plan, curriculum: null, carriedOver: [] },
});
/** Another plan of the same week, as 'Regenerate Plan' asks for it (another seed: another theme and activities). */
const fresh = generateWeeklyPlan({ goals: ['Deeper prayer life'], preferences: ['prayer'], weekStart: '2026-03-01', seed: 'u1|9' });
const regenerate = (): PlanCommand => ({ ...generate('regenerate', 'p2'), plan: fresh }) as PlanCommand;
const ids = (days: ReadonlyArray<{ activities: ReadonlyArray<{ id: string }> }>) => days.map((d) => d.activities.map((a) => a.id));
const firstId = plan.dailyActivities[0].activities[0].id;
const now = new Date('2026-03-03T10:00:00Z');
const toggle = (completed: boolean, activityId = firstId, today = '2026-03-03'): PlanCommand => ({
  type: 'ToggleActivity',
  ...week,
  activityId,
  completed,
  today,
  now,
});
const completedOn = (date: string, activityId = firstId): NewEvent => ({
  type: 'formation.plan.activity-completed',
  subjectId: 'u1',
  data: { planId: 'p1', userId: 'u1', activityId, date, completedAt: now.toISOString() },
});

describe('plan decider', () => {
  describe('GeneratePlan', () => {
    it('generates the week’s plan once: onboarding or rollover arriving again decides nothing', () => {
      given([]).when(generate('onboarding')).then([generated()]);
      given([generated()]).when(generate('onboarding', 'p2')).thenNothing();
      given([generated()]).when(generate('rollover', 'p2')).thenNothing();
    });

    it('replaces only what is not done when the member regenerates: check-offs stay, on their day and date, under the same planId', () => {
      const monday = plan.dailyActivities[1].activities[0];
      const history = [generated(), completedOn('2026-03-03'), completedOn('2026-03-02', monday.id)];
      const [event] = given(history)
        .when(regenerate())
        .thenMatches([
          {
            type: 'formation.plan.generated',
            data: {
              planId: 'p1',
              reason: 'regenerate',
              carriedOver: [
                { activityId: firstId, date: '2026-03-03' },
                { activityId: monday.id, date: '2026-03-02' },
              ],
            },
          },
        ]);
      if (event.type !== 'formation.plan.generated') throw new Error('expected a plan');
      const days = ids(event.data.plan.dailyActivities);
      // The new theme, and each kept activity first on the day it was on, the new plan's filling the rest of the day.
      expect(event.data.plan.theme).toBe(fresh.theme);
      expect(days[0][0]).toBe(firstId);
      expect(days[1][0]).toBe(monday.id);
      days.forEach((day, i) => expect(day.length).toBe(Math.max(fresh.dailyActivities[i].activities.length, i < 2 ? 1 : 0)));
      // Nothing else of the old plan survives, and no activity is in the week twice.
      const kept = new Set([firstId, monday.id]);
      const old = new Set(
        ids(plan.dailyActivities)
          .flat()
          .filter((id) => !kept.has(id)),
      );
      const newIds = new Set(ids(fresh.dailyActivities).flat());
      expect(days.flat().filter((id) => old.has(id) && !newIds.has(id))).toEqual([]);
      expect(new Set(days.flat()).size).toBe(days.flat().length);
    });

    it('keeps a carried-over check-off done: checking it again decides nothing, unchecking it withdraws it with its date', () => {
      const history = [generated(), completedOn('2026-03-03')];
      const [event] = given(history)
        .when(regenerate())
        .thenMatches([{ type: 'formation.plan.generated' }]);
      given([...history, event])
        .when(toggle(true))
        .thenNothing();
      given([...history, event])
        .when(toggle(false))
        .then([
          {
            type: 'formation.plan.activity-uncompleted',
            subjectId: 'u1',
            data: { planId: 'p1', userId: 'u1', activityId: firstId, date: '2026-03-03' },
          },
        ]);
    });

    it('regenerates a week with nothing done into the new plan whole', () => {
      given([generated()])
        .when(regenerate())
        .then([{ ...generated('p1', 'regenerate'), data: { ...(generated('p1', 'regenerate').data as object), plan: fresh } } as NewEvent]);
    });

    it('reads a regeneration stored before check-offs were kept (v2, nothing carried over) as forgetting them', () => {
      // Upcast from v2: carriedOver []. The old check-off is not the new plan's.
      given([generated(), completedOn('2026-03-03'), generated('p2', 'regenerate')])
        .when(toggle(true))
        .thenMatches([{ type: 'formation.plan.activity-completed', data: { planId: 'p2', activityId: firstId } }]);
    });
  });

  describe('UndoRegeneration', () => {
    const undo: PlanCommand = { type: 'UndoRegeneration', ...week };
    const regenerated = (history: NewEvent[]) =>
      given(history)
        .when(regenerate())
        .thenMatches([{ type: 'formation.plan.generated' }])[0];

    it('brings back the plan from before the regeneration exactly, its check-offs with it', () => {
      // An activity second on its day: it comes back in its place, not first.
      const second = plan.dailyActivities[2].activities[1].id;
      const history = [generated(), completedOn('2026-03-03', second)];
      const again = regenerated(history);
      given([...history, again])
        .when(undo)
        .then([
          {
            type: 'formation.plan.regeneration-undone',
            subjectId: 'u1',
            data: {
              planId: 'p1',
              userId: 'u1',
              source: 'built-in',
              plan,
              curriculum: null,
              carriedOver: [{ activityId: second, date: '2026-03-03' }],
            },
          },
        ]);
    });

    it('keeps what was checked off in the new plan since: it stays in the week brought back, done', () => {
      const history = [generated()];
      const again = regenerated(history);
      if (again.type !== 'formation.plan.generated') throw new Error('expected a plan');
      const newOne = again.data.plan.dailyActivities[4].activities.find(
        (a) => !plan.dailyActivities.some((d) => d.activities.some((o) => o.id === a.id)),
      )!;
      const doneSince: NewEvent = completedOn('2026-03-05', newOne.id);
      const [event] = given([...history, again, doneSince])
        .when(undo)
        .thenMatches([
          { type: 'formation.plan.regeneration-undone', data: { carriedOver: [{ activityId: newOne.id, date: '2026-03-05' }] } },
        ]);
      if (event.type !== 'formation.plan.regeneration-undone') throw new Error('expected an undo');
      expect(event.data.plan.theme).toBe(plan.theme);
      // Thursday as it was, with the one done since first.
      expect(event.data.plan.dailyActivities[4].activities.map((a) => a.id)).toEqual([
        newOne.id,
        ...plan.dailyActivities[4].activities.map((a) => a.id),
      ]);
    });

    it('refuses with nothing to undo: never regenerated, undone already, or the plan changed otherwise since (409)', () => {
      given([generated()]).when(undo).thenThrows(errorCodes.conflict, planMessages.nothingToUndo);
      const again = regenerated([generated()]);
      const [undone] = given([generated(), again])
        .when(undo)
        .thenMatches([{ type: 'formation.plan.regeneration-undone' }]);
      given([generated(), again, undone]).when(undo).thenThrows(errorCodes.conflict, planMessages.nothingToUndo);
      const [caught] = given([generated(), again])
        .when({ type: 'CatchUp', ...week, today: '2026-03-04' })
        .thenMatches([{ type: 'formation.plan.caught-up' }]);
      given([generated(), again, caught]).when(undo).thenThrows(errorCodes.conflict, planMessages.nothingToUndo);
      given([]).when(undo).thenThrows(errorCodes.notFound, planMessages.planNotFound);
    });
  });

  describe('ToggleActivity', () => {
    it('checks an activity off dated today, then decides nothing when checked again', () => {
      given([generated()])
        .when(toggle(true))
        .then([completedOn('2026-03-03')]);
      given([generated(), completedOn('2026-03-03')])
        .when(toggle(true))
        .thenNothing();
    });

    it('undoes a check-off with the day it had been done on', () => {
      given([generated(), completedOn('2026-03-02')])
        .when(toggle(false))
        .then([
          {
            type: 'formation.plan.activity-uncompleted',
            subjectId: 'u1',
            data: { planId: 'p1', userId: 'u1', activityId: firstId, date: '2026-03-02' },
          },
        ]);
      given([generated()]).when(toggle(false)).thenNothing();
    });

    it('refuses a week without a plan, or an activity the plan does not hold (404)', () => {
      given([]).when(toggle(true, 'x')).thenThrows(errorCodes.notFound, planMessages.planNotFound);
      given([generated()]).when(toggle(true, 'nope')).thenThrows(errorCodes.notFound, planMessages.activityNotFound);
    });
  });

  describe('CatchUp', () => {
    it('moves past days’ unfinished activities to the days ahead, and says how many', () => {
      const events = given([generated()])
        .when({ type: 'CatchUp', ...week, today: '2026-03-03' })
        .thenMatches([{ type: 'formation.plan.caught-up' }]);
      const outcome = caughtUp(events, planDecider.initialState(), '2026-03-03');
      const behind = plan.dailyActivities[0].activities.length + plan.dailyActivities[1].activities.length;
      expect(outcome.moved).toBe(behind - outcome.leftBehind);
      expect(events[0].type === 'formation.plan.caught-up' && events[0].data.dailyActivities[0].activities).toEqual([]);
    });

    it('decides nothing when nothing is behind, and refuses a week without a plan', () => {
      given([generated()])
        .when({ type: 'CatchUp', ...week, today: '2026-03-01' })
        .thenNothing();
      given([])
        .when({ type: 'CatchUp', ...week, today: '2026-03-01' })
        .thenThrows(errorCodes.notFound, planMessages.planNotFound);
    });
  });

  describe('FollowCurriculum', () => {
    it('decides nothing for a week without a plan, or when the plan follows no curriculum and none is due', () => {
      const follow: PlanCommand = {
        type: 'FollowCurriculum',
        ...week,
        target: null,
        goals: ['Daily Bible reading'],
        preferences: ['bible'],
      };
      given([]).when(follow).thenNothing();
      given([generated()]).when(follow).thenNothing();
    });
  });
});
