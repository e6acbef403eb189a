import { dateRange } from '@abide/calendar';
import { monthlyPercent, percentOf, periodCompletion, thisWeekCompletion, thisWeekPercent } from './completion';
import { buildHabitCalendar, type HabitTrack } from './habit-calendar';

// 2025-03-12 is a Wednesday; its week runs from Sunday 9 to Saturday 15 March.
const today = '2025-03-12';
const track = (dates: string[], extra: Partial<HabitTrack> = {}): HabitTrack => ({
  frequency: { kind: 'daily' },
  createdOn: '2025-01-01',
  checkIns: dates.map((date) => ({ date })),
  ...extra,
});

describe(percentOf.name, () => {
  it('returns a whole percentage', () => {
    expect(percentOf({ done: 2, scheduled: 3 })).toBe(67);
  });

  it('returns null when nothing was asked for', () => {
    expect(percentOf({ done: 0, scheduled: 0 })).toBeNull();
  });
});

describe(periodCompletion.name, () => {
  it('returns done and scheduled days, leaving today out while it is not done', () => {
    const sut = periodCompletion(buildHabitCalendar(track(['2025-03-09', '2025-03-11']), today), '2025-03-09', '2025-03-15');
    expect(sut).toEqual({ done: 2, scheduled: 3 });
  });

  it('returns today as a taken chance once it is done', () => {
    const sut = periodCompletion(buildHabitCalendar(track(['2025-03-12']), today), '2025-03-12', '2025-03-12');
    expect(sut).toEqual({ done: 1, scheduled: 1 });
  });

  it('returns nothing for a period in the future', () => {
    expect(periodCompletion(buildHabitCalendar(track([]), today), '2025-03-13', '2025-03-20')).toEqual({ done: 0, scheduled: 0 });
  });

  it('leaves excused days out of both figures', () => {
    const calendar = buildHabitCalendar(track(['2025-03-09'], { restDays: [1], skipDates: ['2025-03-11'] }), today);
    // Sunday done; Monday is a rest day; Tuesday skipped; Wednesday (today) still open.
    expect(periodCompletion(calendar, '2025-03-09', '2025-03-15')).toEqual({ done: 1, scheduled: 1 });
  });

  it('returns weeks for a weekly habit, leaving the open week out until it is met', () => {
    const weekly: HabitTrack = { ...track(['2025-02-26', '2025-03-03']), frequency: { kind: 'weekly' }, createdOn: '2025-02-16' };
    // Weeks of 16 Feb (missed), 23 Feb (met), 2 Mar (met), 9 Mar (open).
    expect(periodCompletion(buildHabitCalendar(weekly, today), '2025-02-16', today)).toEqual({ done: 2, scheduled: 3 });
  });
});

describe(monthlyPercent.name, () => {
  it('returns the share of scheduled days done this month so far', () => {
    // 1–11 March asked (today open): 8 of 11 done.
    const dates = dateRange('2025-03-01', '2025-03-08');
    expect(monthlyPercent(track(dates), today)).toBe(73);
  });

  it('returns 100 when every chance this month was taken, including today', () => {
    expect(monthlyPercent(track(dateRange('2025-03-01', today)), today)).toBe(100);
  });

  it('counts only the chosen weekdays for a weekdays habit', () => {
    // Mondays and Thursdays in March up to the 12th: 3, 6, 10; two of them done.
    const sut = monthlyPercent(track(['2025-03-03', '2025-03-10'], { frequency: { kind: 'weekdays', days: [1, 4] } }), today);
    expect(sut).toBe(67);
  });

  it('returns null on the first of the month before it is done', () => {
    expect(monthlyPercent(track([]), '2025-03-01')).toBeNull();
  });

  it('returns null for a habit created today and not yet done', () => {
    expect(monthlyPercent(track([], { createdOn: today }), today)).toBeNull();
  });
});

describe(thisWeekCompletion.name, () => {
  it('returns the chances of the current week only', () => {
    expect(thisWeekCompletion(track(['2025-03-08', '2025-03-10', '2025-03-12']), today)).toEqual({ done: 2, scheduled: 4 });
  });
});

describe(thisWeekPercent.name, () => {
  it('returns completion across habits this week', () => {
    const a = track(['2025-03-09', '2025-03-10', '2025-03-11']); // 3 of 3
    const b = track(['2025-03-09'], { frequency: { kind: 'weekdays', days: [0, 2] } }); // 1 of 2
    expect(thisWeekPercent([a, b], today)).toBe(80);
  });

  it('returns null when there are no habits', () => {
    expect(thisWeekPercent([], today)).toBeNull();
  });
});
