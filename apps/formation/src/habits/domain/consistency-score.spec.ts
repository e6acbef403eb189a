import { dateRange } from '@abide/calendar';
import { consistencyScore, consistencyWeight } from './consistency-score';
import type { HabitTrack } from './habit-calendar';

const today = '2025-03-12'; // Wednesday
const eightWeeksAgo = '2025-01-19'; // the Sunday 7 weeks before this week's
const daily = (dates: string[], extra: Partial<HabitTrack> = {}): HabitTrack => ({
  frequency: { kind: 'daily' },
  createdOn: '2024-12-01',
  checkIns: dates.map((date) => ({ date })),
  ...extra,
});
const allDays = dateRange(eightWeeksAgo, today);
const without = (...missed: string[]) => allDays.filter((d) => !missed.includes(d));

describe(consistencyWeight.name, () => {
  it('returns 8 for this week down to 1 for the oldest of 8 weeks', () => {
    expect(Array.from({ length: 8 }, (_, i) => consistencyWeight(i))).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });
});

describe(consistencyScore.name, () => {
  it('returns 100 when every asked day was kept', () => {
    expect(consistencyScore(daily(allDays), today)).toBe(100);
  });

  it('returns 100 when only today is still open', () => {
    expect(consistencyScore(daily(without(today)), today)).toBe(100);
  });

  it('returns a score that one missed day this week barely moves', () => {
    const sut = consistencyScore(daily(without('2025-03-10')), today);
    expect(sut).toBeGreaterThanOrEqual(95);
    expect(sut).toBeLessThan(100);
  });

  it('returns a small drop when the only kept day of this week so far is missing (Monday morning)', () => {
    // Monday 10 March, Sunday missed: must not sink the score the way a 0 % week would.
    expect(consistencyScore(daily(allDays.filter((d) => d < '2025-03-09')), '2025-03-10')).toBeGreaterThanOrEqual(95);
  });

  it('returns a higher score when the misses are old than when they are recent', () => {
    const oldMisses = consistencyScore(daily(without(...dateRange('2025-01-19', '2025-01-25'))), today);
    const recentMisses = consistencyScore(daily(without(...dateRange('2025-03-02', '2025-03-08'))), today);
    expect(oldMisses).toBeGreaterThan(recentMisses ?? 100);
  });

  it('returns 0 when nothing was kept', () => {
    expect(consistencyScore(daily([]), today)).toBe(0);
  });

  it('returns null when the habit has not asked for anything yet', () => {
    expect(consistencyScore(daily([], { createdOn: today }), today)).toBeNull();
  });

  it('leaves paused weeks out instead of counting them as failures', () => {
    const paused = { from: '2025-02-02', until: '2025-03-02' };
    const kept = allDays.filter((d) => d < paused.from || d >= paused.until);
    expect(consistencyScore(daily(kept, { pauses: [paused] }), today)).toBe(100);
  });

  it('returns the weighted share of met weeks for a weekly habit', () => {
    // Met every week except last week (weight 7): (36 - 8 - 7) / (36 - 8) = 21/28, this week still open.
    const weekly: HabitTrack = {
      frequency: { kind: 'weekly' },
      createdOn: '2024-12-01',
      checkIns: ['2025-01-20', '2025-01-27', '2025-02-03', '2025-02-10', '2025-02-17', '2025-02-24'].map((date) => ({ date })),
    };
    expect(consistencyScore(weekly, today)).toBe(75);
  });
});
