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
  it('returns done and scheduled days, today counted from its start (done or not)', () => {
    const sut = periodCompletion(buildHabitCalendar(track(['2025-03-09', '2025-03-11']), today), '2025-03-09', '2025-03-15');
    expect(sut).toEqual({ done: 2, scheduled: 4 });
  });

  it('leaves today out while it is not done when open chances are left out (the consistency score)', () => {
    const calendar = buildHabitCalendar(track(['2025-03-09', '2025-03-11']), today);
    expect(periodCompletion(calendar, '2025-03-09', '2025-03-15', 'left-out')).toEqual({ done: 2, scheduled: 3 });
  });

  it('counts a day done where none was asked (a rest day) as a chance taken', () => {
    const calendar = buildHabitCalendar(track(['2025-03-10'], { restDays: [1] }), today);
    expect(periodCompletion(calendar, '2025-03-10', '2025-03-10')).toEqual({ done: 1, scheduled: 1 });
  });

  it('counts a skipped day that was checked in anyway as done', () => {
    const calendar = buildHabitCalendar(track(['2025-03-11'], { skipDates: ['2025-03-11'] }), today);
    expect(periodCompletion(calendar, '2025-03-11', '2025-03-11')).toEqual({ done: 1, scheduled: 1 });
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
    // Sunday done; Monday is a rest day; Tuesday skipped; Wednesday (today) asked and still open.
    expect(periodCompletion(calendar, '2025-03-09', '2025-03-15')).toEqual({ done: 1, scheduled: 2 });
  });

  it('returns weeks for a weekly habit, the open week counted as asked', () => {
    const weekly: HabitTrack = { ...track(['2025-02-26', '2025-03-03']), frequency: { kind: 'weekly' }, createdOn: '2025-02-16' };
    // Weeks of 16 Feb (missed), 23 Feb (met), 2 Mar (met), 9 Mar (open).
    expect(periodCompletion(buildHabitCalendar(weekly, today), '2025-02-16', today)).toEqual({ done: 2, scheduled: 4 });
    expect(periodCompletion(buildHabitCalendar(weekly, today), '2025-02-16', today, 'left-out')).toEqual({ done: 2, scheduled: 3 });
  });
});

describe(monthlyPercent.name, () => {
  it('returns the share of scheduled days done this month so far', () => {
    // 1–12 March asked (today open, and counted): 8 of 12 done.
    const dates = dateRange('2025-03-01', '2025-03-08');
    expect(monthlyPercent(track(dates), today)).toBe(67);
  });

  it('returns 100 when every chance this month was taken, including today', () => {
    expect(monthlyPercent(track(dateRange('2025-03-01', today)), today)).toBe(100);
  });

  it('counts only the chosen weekdays for a weekdays habit', () => {
    // Mondays and Thursdays in March up to the 12th: 3, 6, 10; two of them done.
    const sut = monthlyPercent(track(['2025-03-03', '2025-03-10'], { frequency: { kind: 'weekdays', days: [1, 4] } }), today);
    expect(sut).toBe(67);
  });

  it('returns 0 on the first of the month before it is done', () => {
    expect(monthlyPercent(track([]), '2025-03-01')).toBe(0);
  });

  it('returns null for a habit whose only day so far is skipped', () => {
    expect(monthlyPercent(track([], { createdOn: today, skipDates: [today] }), today)).toBeNull();
  });
});

describe(thisWeekCompletion.name, () => {
  it('returns the chances of the current week only', () => {
    expect(thisWeekCompletion(track(['2025-03-08', '2025-03-10', '2025-03-12']), today)).toEqual({ done: 2, scheduled: 4 });
  });
});

describe(thisWeekPercent.name, () => {
  it('returns completion across habits this week', () => {
    const a = track(['2025-03-09', '2025-03-10', '2025-03-11']); // 3 of 4 (today open)
    const b = track(['2025-03-09'], { frequency: { kind: 'weekdays', days: [0, 2] } }); // 1 of 2
    expect(thisWeekPercent([a, b], today)).toBe(67);
  });

  it('returns 50 on day one with one of two new habits done (never 100)', () => {
    const done = track([today], { createdOn: today });
    const open = track([], { createdOn: today });
    expect(thisWeekPercent([done, open], today)).toBe(50);
  });

  it('leaves a skipped day out of the week', () => {
    const done = track([today], { createdOn: today });
    const skipped = track([], { createdOn: today, skipDates: [today] });
    expect(thisWeekPercent([done, skipped], today)).toBe(100);
  });

  it('returns null when there are no habits', () => {
    expect(thisWeekPercent([], today)).toBeNull();
  });
});
