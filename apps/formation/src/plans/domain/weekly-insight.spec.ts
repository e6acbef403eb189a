import { weekdayNames } from '@abide/calendar';
import type { WeeklyPlan } from './plan.schema';
import { weeklyInsight } from './weekly-insight';

const plan: WeeklyPlan = {
  themeId: 'a-grateful-heart',
  theme: 'A Grateful Heart',
  description: 'Thankfulness opens our eyes.',
  weekStart: '2025-03-09',
  dailyActivities: weekdayNames.map((day, dayIndex) => ({
    day,
    dayIndex,
    date: `2025-03-${String(9 + dayIndex).padStart(2, '0')}`,
    activities: [`${dayIndex}a`, `${dayIndex}b`].map((id, i) => ({
      id,
      name: i === 0 ? `Thank-you list ${dayIndex}` : `Creation walk ${dayIndex}`,
      description: 'x',
    })),
  })),
};
const base = { plan, completedActivityIds: [] as string[], habits: [], journalDates: [], today: '2025-03-12' };

describe(weeklyInsight.name, () => {
  it('returns the count, the fullest day, the best habit and journal days for a week under way', () => {
    const sut = weeklyInsight({
      ...base,
      completedActivityIds: ['0a', '1a', '1b', '2a'],
      habits: [
        { name: 'Morning prayer', done: 3, scheduled: 4 },
        { name: 'Scripture memory', done: 1, scheduled: 3 },
      ],
      journalDates: ['2025-03-09', '2025-03-11', '2025-03-11', '2025-03-02'],
    });
    expect(sut).toBe(
      'You completed 4 of 14 activities this week, and Monday was your fullest day with 2; “Thank-you list 3” is next. You also kept Morning prayer 3 of 4 times and wrote in your journal on 2 days.',
    );
  });

  it('returns a gentle first step when nothing is done yet', () => {
    expect(weeklyInsight({ ...base, today: '2025-03-09' })).toBe(
      'Your week on “A Grateful Heart” has 14 activities ready, and “Thank-you list 0” is a gentle place to begin.',
    );
  });

  it('returns a celebration when every activity is done', () => {
    const all = plan.dailyActivities.flatMap((d) => d.activities.map((a) => a.id)).filter((id) => id !== '4b');
    const sut = weeklyInsight({
      ...base,
      completedActivityIds: [...all, '4b'],
      today: '2025-03-16',
      habits: [
        { name: 'Gratitude', done: 7, scheduled: 7 },
        { name: 'Prayer', done: 6, scheduled: 6 },
      ],
    });
    expect(sut).toBe(
      'You completed all 14 activities on “A Grateful Heart” last week, spread evenly over 7 days. You also kept Gratitude and Prayer every time they were due.',
    );
  });

  it('returns the single day when all the work happened on one day', () => {
    expect(weeklyInsight({ ...base, completedActivityIds: ['2a', '2b'], today: '2025-03-16' })).toBe(
      'You completed 2 of 14 activities last week, all on Tuesday.',
    );
  });

  it('returns a kind fresh start for a week left untouched, with the journal days that did happen', () => {
    const sut = weeklyInsight({ ...base, today: '2025-03-17', journalDates: ['2025-03-14'] });
    expect(sut).toBe(
      'The activities on “A Grateful Heart” stayed unopened last week, and a new week is a fresh start. You also wrote in your journal on 1 day.',
    );
  });

  it('leaves out habits that were not kept at all instead of scolding', () => {
    const sut = weeklyInsight({ ...base, completedActivityIds: ['0a'], habits: [{ name: 'Fasting', done: 0, scheduled: 1 }] });
    expect(sut).not.toContain('Fasting');
  });
});
