import { catchUp } from './catch-up';
import { weeklyPlanSchema, type PlanActivity, type WeeklyPlan } from './plan.schema';
import { weekdayNames } from '@abide/calendar';

const activity = (id: string): PlanActivity => ({ id, name: `Activity ${id}`, description: 'Something good.', duration: '10 min' });
const planWith = (perDay: string[][]): WeeklyPlan => ({
  themeId: 'sabbath-rest',
  theme: 'Sabbath Rest',
  description: 'Rest is a gift.',
  weekStart: '2025-03-09',
  dailyActivities: weekdayNames.map((day, dayIndex) => ({
    day,
    dayIndex,
    date: `2025-03-${String(9 + dayIndex).padStart(2, '0')}`,
    activities: (perDay[dayIndex] ?? []).map(activity),
  })),
});
const ids = (plan: WeeklyPlan) => plan.dailyActivities.map((d) => d.activities.map((a) => a.id));

describe(catchUp.name, () => {
  // Wednesday 12 March: Sunday to Tuesday are past.
  const today = '2025-03-12';
  const plan = planWith([
    ['a1', 'a2'],
    ['b1', 'b2', 'b3'],
    ['c1', 'c2'],
    ['d1', 'd2'],
    ['e1', 'e2', 'e3'],
    ['f1', 'f2'],
    ['g1', 'g2', 'g3'],
  ]);

  it('returns every unfinished past activity spread over today and the days left', () => {
    const sut = catchUp({ plan, today, completedActivityIds: ['a1', 'b2'] });
    expect(sut).toMatchObject({ moved: 5, leftBehind: 0 });
    expect(ids(sut.plan)).toEqual([
      ['a1'],
      ['b2'],
      [],
      ['d1', 'd2', 'a2', 'b3'],
      ['e1', 'e2', 'e3', 'c1'],
      ['f1', 'f2', 'b1', 'c2'],
      ['g1', 'g2', 'g3'],
    ]);
  });

  it('keeps completed past activities on their day', () => {
    const sut = catchUp({ plan, today, completedActivityIds: ['a1', 'a2', 'b1', 'b2', 'b3', 'c1', 'c2'] });
    expect(sut.moved).toBe(0);
    expect(ids(sut.plan)).toEqual(ids(plan));
  });

  it('returns moved activities marked with the day they came from', () => {
    const moved = catchUp({ plan, today, completedActivityIds: [] })
      .plan.dailyActivities.flatMap((d) => d.activities)
      .filter((a) => a.movedFrom);
    expect(moved.find((a) => a.id === 'b1')?.movedFrom).toBe('2025-03-10');
    expect(moved).toHaveLength(7);
  });

  it('returns no day above five activities and loses none', () => {
    const sut = catchUp({ plan, today, completedActivityIds: [] });
    expect(sut.plan.dailyActivities.every((d) => d.activities.length <= 5)).toBe(true);
    expect(ids(sut.plan).flat().sort()).toEqual(ids(plan).flat().sort());
    expect(weeklyPlanSchema.safeParse(sut.plan).success).toBe(true);
  });

  it('balances by what is left to do, not by what is already done today', () => {
    const sut = catchUp({
      plan: planWith([['a1', 'a2'], [], [], [], [], ['f1', 'f2'], ['g1']]),
      today: '2025-03-14',
      completedActivityIds: ['f1', 'f2'],
    });
    // Friday's two are done, so it takes the first; then Friday and Saturday tie and the earlier day wins.
    expect(ids(sut.plan).slice(5)).toEqual([['f1', 'f2', 'a1', 'a2'], ['g1']]);
  });

  it('leaves behind what cannot fit when it is Saturday and the day is nearly full', () => {
    const sut = catchUp({ plan, today: '2025-03-15', completedActivityIds: [] });
    expect(sut).toMatchObject({ moved: 2, leftBehind: 12 });
    expect(sut.plan.dailyActivities[6].activities).toHaveLength(5);
    expect(ids(sut.plan).flat()).toHaveLength(ids(plan).flat().length);
  });

  it('keeps the first origin date when an activity is moved a second time', () => {
    const first = catchUp({ plan, today, completedActivityIds: [] }).plan;
    const second = catchUp({ plan: first, today: '2025-03-14', completedActivityIds: [] }).plan;
    const a1 = second.dailyActivities.flatMap((d) => d.activities).find((a) => a.id === 'a1');
    expect(a1?.movedFrom).toBe('2025-03-09');
  });

  it('returns the plan unchanged on Sunday, when no day has passed', () => {
    expect(catchUp({ plan, today: '2025-03-09', completedActivityIds: [] })).toEqual({ plan, moved: 0, leftBehind: 0 });
  });

  it('returns everything left behind once the week is over', () => {
    const sut = catchUp({ plan, today: '2025-03-17', completedActivityIds: ['a1'] });
    expect(sut).toMatchObject({ moved: 0, leftBehind: 16 });
    expect(ids(sut.plan)).toEqual(ids(plan));
  });

  it('does not change the plan it was given', () => {
    const before = JSON.stringify(plan);
    catchUp({ plan, today, completedActivityIds: [] });
    expect(JSON.stringify(plan)).toBe(before);
  });
});
