import type { SpiritualPlan } from '@abide/contracts';
import {
  dayTone,
  dayToneByIndex,
  hasMissedActivities,
  orderedDays,
  percent,
  regenerateWarning,
  weekStrip,
  type PlanDay,
} from './plan-week';

const day = (dayIndex: number, date: string, done: boolean[]): PlanDay => ({
  day: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][dayIndex],
  dayIndex,
  date,
  activities: done.map((completed, i) => ({ id: `${dayIndex}-${i}`, name: `Activity ${i}`, description: '', completed })),
});

describe(dayTone.name, () => {
  it('returns today, past or future by comparing the day with today', () => {
    expect(dayTone('2026-03-11', '2026-03-11')).toBe('today');
    expect(dayTone('2026-03-08', '2026-03-11')).toBe('past');
    expect(dayTone('2026-03-14', '2026-03-11')).toBe('future');
  });

  it('returns past for a day of an earlier month when the week spans two months', () => {
    expect(dayTone('2026-02-28', '2026-03-02')).toBe('past');
  });
});

describe(dayToneByIndex.name, () => {
  it('returns past when the index is below the current weekday, Sunday being 0', () => {
    const sut = [0, 1, 2, 3, 4, 5, 6].map((index) => dayToneByIndex(index, 3));
    expect(sut).toEqual(['past', 'past', 'past', 'today', 'future', 'future', 'future']);
  });
});

describe(hasMissedActivities.name, () => {
  const days = [day(0, '2026-03-08', [true]), day(1, '2026-03-09', [true, false]), day(2, '2026-03-10', [false])];

  it('returns true when a day before today has an unfinished activity', () => {
    expect(hasMissedActivities(days, '2026-03-10')).toBe(true);
  });

  it('returns false when only today or later is unfinished', () => {
    expect(hasMissedActivities([days[0], days[2]], '2026-03-10')).toBe(false);
  });
});

describe(orderedDays.name, () => {
  it('returns the days Sunday first whatever order the plan lists them in', () => {
    const plan = {
      planData: { dailyActivities: [day(3, '2026-03-11', []), day(0, '2026-03-08', []), day(6, '2026-03-14', [])] },
    } as unknown as SpiritualPlan;
    expect(orderedDays(plan).map((d) => d.dayIndex)).toEqual([0, 3, 6]);
  });
});

describe(percent.name, () => {
  it('returns 0 when there is nothing to do', () => {
    expect(percent(0, 0)).toBe(0);
  });

  it('returns a rounded percentage', () => {
    expect(percent(2, 3)).toBe(67);
  });
});

describe(weekStrip.name, () => {
  const week = [
    { date: '2026-03-14', dayIndex: 6, active: false },
    { date: '2026-03-08', dayIndex: 0, active: true },
    { date: '2026-03-09', dayIndex: 1, active: false },
    { date: '2026-03-10', dayIndex: 2, active: true },
    { date: '2026-03-11', dayIndex: 3, active: false },
    { date: '2026-03-12', dayIndex: 4, active: false },
    { date: '2026-03-13', dayIndex: 5, active: false },
  ];

  it('returns the real week Sunday first with its dates and tones', () => {
    const sut = weekStrip(week, '2026-03-10');
    expect(sut.map((d) => `${d.weekday} ${d.dayOfMonth}`)).toEqual(['Sun 8', 'Mon 9', 'Tue 10', 'Wed 11', 'Thu 12', 'Fri 13', 'Sat 14']);
    expect(sut.map((d) => d.tone)).toEqual(['past', 'past', 'today', 'future', 'future', 'future', 'future']);
  });

  it('returns a label that says the date and whether the day was active', () => {
    const sut = weekStrip(week, '2026-03-10');
    expect(sut[2].label).toBe('Tuesday, March 10 (today): active');
    expect(sut[1].label).toBe('Monday, March 9: no activity');
    expect(sut[4].label).toBe('Thursday, March 12: upcoming');
  });
});

describe(regenerateWarning.name, () => {
  const plan = (days: PlanDay[]): SpiritualPlan => ({
    id: 'p',
    weekStart: '2026-03-08',
    createdAt: '2026-03-08T00:00:00.000Z',
    source: 'built-in',
    curriculum: null,
    planData: { theme: 'Hope', description: 'd', scriptures: [], dailyActivities: days },
  });

  it('says which theme and how many open activities go, and how many completed ones stay', () => {
    const sut = regenerateWarning(plan([day(0, '2026-03-08', [true, false]), day(1, '2026-03-09', [true, false, false])]));
    expect(sut.lost).toBe(
      'The theme “Hope” and the 3 activities you have not done yet will be replaced by a new theme and new activities.',
    );
    expect(sut.kept).toBe('The 2 activities you completed this week stay in your plan, checked off.');
  });

  it('says nothing done is lost when nothing was done, in the singular where it is one', () => {
    const sut = regenerateWarning(plan([day(0, '2026-03-08', [false])]));
    expect(sut.lost).toContain('the 1 activity you have not done yet');
    expect(sut.kept).toBe('You have not completed any activities this week, so nothing you did is lost.');
  });
});
