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
  data: { planId, userId: 'u1', weekStart: '2026-03-01', source: 'built-in', reason, plan, curriculum: null },
});
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
const completedOn = (date: string): NewEvent => ({
  type: 'formation.plan.activity-completed',
  subjectId: 'u1',
  data: { planId: 'p1', userId: 'u1', activityId: firstId, date, completedAt: now.toISOString() },
});

describe('plan decider', () => {
  describe('GeneratePlan', () => {
    it('generates the week’s plan once: onboarding or rollover arriving again decides nothing', () => {
      given([]).when(generate('onboarding')).then([generated()]);
      given([generated()]).when(generate('onboarding', 'p2')).thenNothing();
      given([generated()]).when(generate('rollover', 'p2')).thenNothing();
    });

    it('replaces the plan when the member regenerates, and forgets the old check-offs', () => {
      const history = [generated(), completedOn('2026-03-03')];
      given(history)
        .when(generate('regenerate', 'p2'))
        .then([generated('p2', 'regenerate')]);
      // The check-off belonged to the old plan: checking the same activity of the new plan is new again.
      given([...history, generated('p2', 'regenerate')])
        .when(toggle(true))
        .thenMatches([{ type: 'formation.plan.activity-completed', data: { planId: 'p2', activityId: firstId } }]);
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
