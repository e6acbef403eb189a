import { weekdayNames } from '@abide/calendar';
import { generatedPlanSchema, weeklyPlanSchema } from './plan.schema';

const day = (dayIndex: number, ids: string[]) => ({
  day: weekdayNames[dayIndex],
  dayIndex,
  date: `2025-03-${String(9 + dayIndex).padStart(2, '0')}`,
  activities: ids.map((id) => ({ id, name: `Name ${id}`, description: 'A short description.', duration: '10 min' })),
});
// What an LLM adapter would hand back after filling in ids and dates.
const plan = {
  themeId: 'the-good-shepherd',
  theme: 'The Good Shepherd',
  description: 'Jesus knows his sheep by name.',
  weekStart: '2025-03-09',
  dailyActivities: weekdayNames.map((_, i) => day(i, [`${i}a`, `${i}b`])),
};
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('weeklyPlanSchema', () => {
  it('returns success when the plan is well formed', () => {
    expect(messages(weeklyPlanSchema.safeParse(plan))).toEqual([]);
    expect(messages(generatedPlanSchema.safeParse(plan))).toEqual([]);
  });

  it('returns an issue when the week does not start on a Sunday', () => {
    expect(messages(weeklyPlanSchema.safeParse({ ...plan, weekStart: '2025-03-10' }))).toEqual(['The week must start on a Sunday']);
  });

  it('returns an issue when the days are out of order or dated wrongly', () => {
    const swapped = [plan.dailyActivities[1], plan.dailyActivities[0], ...plan.dailyActivities.slice(2)];
    expect(messages(weeklyPlanSchema.safeParse({ ...plan, dailyActivities: swapped }))).toContain('Day 0 must be Sunday with dayIndex 0');
  });

  it('returns an issue when an activity id appears twice', () => {
    const repeated = plan.dailyActivities.map((d, i) => (i === 3 ? day(3, ['0a', '3b']) : d));
    expect(messages(weeklyPlanSchema.safeParse({ ...plan, dailyActivities: repeated }))).toEqual(['Activity ids must be unique: 0a']);
  });

  it('returns an issue when a day holds more than five activities', () => {
    const crowded = plan.dailyActivities.map((d, i) => (i === 2 ? day(2, ['1', '2', '3', '4', '5', '6']) : d));
    expect(weeklyPlanSchema.safeParse({ ...plan, dailyActivities: crowded }).success).toBe(false);
  });

  it('accepts empty past days in a stored plan but not in a freshly generated one', () => {
    const caughtUp = plan.dailyActivities.map((d, i) => (i === 0 ? day(0, []) : d));
    expect(weeklyPlanSchema.safeParse({ ...plan, dailyActivities: caughtUp }).success).toBe(true);
    expect(generatedPlanSchema.safeParse({ ...plan, dailyActivities: caughtUp }).success).toBe(false);
  });

  it('returns an issue when the JSON is missing fields or has six days', () => {
    expect(weeklyPlanSchema.safeParse({ theme: 'x' }).success).toBe(false);
    expect(weeklyPlanSchema.safeParse({ ...plan, dailyActivities: plan.dailyActivities.slice(0, 6) }).success).toBe(false);
  });
});
