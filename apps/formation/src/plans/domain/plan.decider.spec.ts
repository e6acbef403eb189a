import type { NewEvent } from '@abide/event-store';
import { ActivityNotFound, decideCatchUp, decideGeneratePlan, decideToggleActivity, foldPlan, PlanNotFound } from './plan.decider';
import { generateWeeklyPlan } from './plan-generator';

const plan = generateWeeklyPlan({ goals: ['Daily Bible reading'], preferences: ['bible'], weekStart: '2026-03-01', seed: 'u1' });
const generated = (reason: 'onboarding' | 'regenerate' | 'rollover' = 'onboarding', planId = 'p1') =>
  decideGeneratePlan(foldPlan([]), { planId, userId: 'u1', plan, source: 'built-in', reason, curriculum: null });
const firstId = plan.dailyActivities[0].activities[0].id;
const now = new Date('2026-03-03T10:00:00Z');

describe('decideGeneratePlan', () => {
  it('returns nothing when onboarding arrives again for a week that has a plan', () => {
    const sut = decideGeneratePlan(foldPlan(generated()), { planId: 'p2', userId: 'u1', plan, source: 'built-in', reason: 'onboarding', curriculum: null });
    expect(sut).toEqual([]);
  });

  it('returns a new plan when the member regenerates, and forgets the old check-offs', () => {
    const history: NewEvent[] = [...generated(), ...decideToggleActivity(foldPlan(generated()), { userId: 'u1', activityId: firstId, completed: true, today: '2026-03-03', now })];
    const sut = decideGeneratePlan(foldPlan(history), { planId: 'p2', userId: 'u1', plan, source: 'built-in', reason: 'regenerate', curriculum: null });
    expect(sut).toHaveLength(1);
    expect(foldPlan([...history, ...sut])).toMatchObject({ planId: 'p2', generations: 2 });
    expect(foldPlan([...history, ...sut]).completed.size).toBe(0);
  });
});

describe('decideToggleActivity', () => {
  it('returns a completion dated today, then nothing when checked again', () => {
    const sut = decideToggleActivity(foldPlan(generated()), { userId: 'u1', activityId: firstId, completed: true, today: '2026-03-03', now });
    expect(sut[0]).toMatchObject({ type: 'formation.plan.activity-completed', data: { activityId: firstId, date: '2026-03-03' } });
    expect(decideToggleActivity(foldPlan([...generated(), ...sut]), { userId: 'u1', activityId: firstId, completed: true, today: '2026-03-03', now })).toEqual([]);
  });

  it('returns an undo carrying the day it had been done on', () => {
    const done = decideToggleActivity(foldPlan(generated()), { userId: 'u1', activityId: firstId, completed: true, today: '2026-03-02', now });
    const sut = decideToggleActivity(foldPlan([...generated(), ...done]), { userId: 'u1', activityId: firstId, completed: false, today: '2026-03-03', now });
    expect(sut[0]).toMatchObject({ type: 'formation.plan.activity-uncompleted', data: { date: '2026-03-02' } });
  });

  it('throws when there is no plan or no such activity', () => {
    expect(() => decideToggleActivity(foldPlan([]), { userId: 'u1', activityId: 'x', completed: true, today: '2026-03-03', now })).toThrow(PlanNotFound);
    expect(() => decideToggleActivity(foldPlan(generated()), { userId: 'u1', activityId: 'nope', completed: true, today: '2026-03-03', now })).toThrow(
      ActivityNotFound,
    );
  });
});

describe('decideCatchUp', () => {
  it('returns the moved plan when past days hold unfinished activities', () => {
    const sut = decideCatchUp(foldPlan(generated()), { userId: 'u1', today: '2026-03-03' });
    expect(sut.moved).toBe(plan.dailyActivities[0].activities.length + plan.dailyActivities[1].activities.length - sut.leftBehind);
    const after = foldPlan([...generated(), ...sut.events]);
    expect(after.plan?.dailyActivities[0].activities).toEqual([]);
  });

  it('returns no events when nothing is behind', () => {
    expect(decideCatchUp(foldPlan(generated()), { userId: 'u1', today: '2026-03-01' }).events).toEqual([]);
  });
});
