import { dateRange, localDateAtTheTime, localDateOf } from '@abide/calendar';
import type { CheckIn, HabitTrack } from './habit-calendar';
import { computeHabitStreak } from './streak';

// 2025-03-12 is a Wednesday; 2025-03-09 (Sunday) is the New York spring-forward day.
const today = '2025-03-12';
const done = (...dates: string[]): CheckIn[] => dates.map((date) => ({ date }));
const daily = (checkIns: CheckIn[], extra: Partial<HabitTrack> = {}): HabitTrack => ({
  frequency: { kind: 'daily' },
  createdOn: '2025-02-01',
  checkIns,
  ...extra,
});

describe(computeHabitStreak.name, () => {
  describe('daily habits', () => {
    it('returns the consecutive days ending today when today is done', () => {
      const sut = computeHabitStreak(daily(done('2025-03-10', '2025-03-11', '2025-03-12')), today);
      expect(sut).toEqual({ current: 3, longest: 3, unit: 'days', doneToday: true });
    });

    it('returns the streak up to yesterday when today is not done yet', () => {
      const sut = computeHabitStreak(daily(done('2025-03-10', '2025-03-11')), today);
      expect(sut).toMatchObject({ current: 2, doneToday: false });
    });

    it('returns 0 when yesterday was missed', () => {
      expect(computeHabitStreak(daily(done('2025-03-09', '2025-03-10')), today).current).toBe(0);
    });

    it('returns the longest run when it lies in the past', () => {
      const past = dateRange('2025-02-01', '2025-02-10');
      const sut = computeHabitStreak(daily(done(...past, '2025-03-11', '2025-03-12')), today);
      expect(sut).toMatchObject({ current: 2, longest: 10 });
    });

    it('returns an unbroken streak across the DST change, since days are calendar dates', () => {
      const sut = computeHabitStreak(daily(done(...dateRange('2025-03-07', '2025-03-12'))), today);
      expect(sut.current).toBe(6);
    });

    it('returns a shorter streak when a day is un-checked later', () => {
      const checkIns = [...done(...dateRange('2025-03-08', '2025-03-12')), { date: '2025-03-10', completed: false }];
      expect(computeHabitStreak(daily(checkIns), today)).toMatchObject({ current: 2, longest: 2 });
    });

    it('returns the streak restored when a day is un-checked then checked again', () => {
      const checkIns = [
        ...done(...dateRange('2025-03-08', '2025-03-12')),
        { date: '2025-03-10', completed: false },
        { date: '2025-03-10' },
      ];
      expect(computeHabitStreak(daily(checkIns), today).current).toBe(5);
    });

    it('ignores check-ins dated in the future', () => {
      const sut = computeHabitStreak(daily(done('2025-03-11', '2025-03-13', '2025-03-14')), today);
      expect(sut).toMatchObject({ current: 1, longest: 1, doneToday: false });
    });

    it('returns 0 for a new habit with no check-ins, and does not count days before it was created', () => {
      expect(computeHabitStreak(daily([], { createdOn: today }), today)).toEqual({
        current: 0,
        longest: 0,
        unit: 'days',
        doneToday: false,
      });
      expect(computeHabitStreak(daily(done(today), { createdOn: today }), today).current).toBe(1);
    });

    it('counts a back-dated check-in from before the habit was created', () => {
      expect(computeHabitStreak(daily(done('2025-03-11', today), { createdOn: today }), today).current).toBe(2);
    });
  });

  describe('forgiving days', () => {
    it('keeps the streak across a paused interval without counting it', () => {
      const track = daily(done('2025-03-01', '2025-03-02', '2025-03-10', '2025-03-11'), {
        pauses: [{ from: '2025-03-03', until: '2025-03-10' }],
      });
      expect(computeHabitStreak(track, today)).toMatchObject({ current: 4, longest: 4 });
    });

    it('keeps the streak while the habit is still paused', () => {
      const track = daily(done('2025-03-08', '2025-03-09'), { pauses: [{ from: '2025-03-10' }] });
      expect(computeHabitStreak(track, today).current).toBe(2);
    });

    it('keeps the streak over a declared rest day (Saturday Sabbath)', () => {
      // 2025-03-08 is a Saturday.
      const track = daily(done('2025-03-06', '2025-03-07', '2025-03-09', '2025-03-10', '2025-03-11'), { restDays: [6] });
      expect(computeHabitStreak(track, today).current).toBe(5);
    });

    it('does not extend the streak for a check-in on a rest day', () => {
      const track = daily(done('2025-03-07', '2025-03-08', '2025-03-09'), { restDays: [6], createdOn: '2025-03-07' });
      expect(computeHabitStreak(track, '2025-03-09').current).toBe(2);
    });

    it('keeps the streak over a planned skip date', () => {
      const track = daily(done('2025-03-09', '2025-03-11'), { skipDates: ['2025-03-10'] });
      expect(computeHabitStreak(track, today).current).toBe(2);
    });

    it('keeps the streak when today itself is a rest day with nothing done', () => {
      // 2025-03-15 is a Saturday.
      const track = daily(done(...dateRange('2025-03-10', '2025-03-14')), { restDays: [6] });
      expect(computeHabitStreak(track, '2025-03-15')).toMatchObject({ current: 5, doneToday: false });
    });
  });

  describe('weekday habits', () => {
    const weekdays = (checkIns: CheckIn[]): HabitTrack => ({
      frequency: { kind: 'weekdays', days: [1, 3, 5] },
      createdOn: '2025-02-01',
      checkIns,
    });

    it('returns the streak counting only the chosen weekdays', () => {
      // Mon 3, Wed 5, Fri 7, Mon 10; Wed 12 (today) not done yet.
      const sut = computeHabitStreak(weekdays(done('2025-03-03', '2025-03-05', '2025-03-07', '2025-03-10')), today);
      expect(sut).toMatchObject({ current: 4, unit: 'days' });
    });

    it('returns 0 when a chosen weekday was missed', () => {
      expect(computeHabitStreak(weekdays(done('2025-03-03', '2025-03-05', '2025-03-10')), '2025-03-11').current).toBe(1);
    });
  });

  describe('weekly habits', () => {
    const weekly = (checkIns: CheckIn[], timesPerWeek?: number, extra: Partial<HabitTrack> = {}): HabitTrack => ({
      frequency: { kind: 'weekly', timesPerWeek },
      createdOn: '2025-02-02',
      checkIns,
      ...extra,
    });

    it('returns the streak in weeks, with the current week still open', () => {
      // Weeks starting 16 Feb, 23 Feb, 2 Mar done; the week of 9 Mar has nothing yet.
      const sut = computeHabitStreak(weekly(done('2025-02-18', '2025-02-28', '2025-03-02')), today);
      expect(sut).toEqual({ current: 3, longest: 3, unit: 'weeks', doneToday: false });
    });

    it('counts the current week once it is done', () => {
      expect(computeHabitStreak(weekly(done('2025-03-04', '2025-03-10')), today).current).toBe(2);
    });

    it('returns 0 when last week was missed', () => {
      expect(computeHabitStreak(weekly(done('2025-02-25')), today).current).toBe(0);
    });

    it('asks for the number of times per week', () => {
      const twice = weekly(done('2025-03-03', '2025-03-04', '2025-03-10'), 2);
      expect(computeHabitStreak(twice, today).current).toBe(1);
      expect(computeHabitStreak(twice, '2025-03-16').current).toBe(0);
    });

    it('keeps the streak over a week paused throughout', () => {
      const track = weekly(done('2025-02-25', '2025-03-10'), 1, { pauses: [{ from: '2025-03-02', until: '2025-03-09' }] });
      expect(computeHabitStreak(track, today).current).toBe(2);
    });

    it('asks less of a week that was partly paused', () => {
      const track = weekly(done('2025-03-07'), 3, {
        createdOn: '2025-03-02',
        pauses: [{ from: '2025-03-02', until: '2025-03-07' }],
        restDays: [6],
      });
      // Only Friday 7 March was available, so one check-in keeps that week.
      expect(computeHabitStreak(track, today).current).toBe(1);
    });
  });

  it('returns an unbroken streak for a traveller whose check-ins keep the day of the zone they were in', () => {
    // Morning prayer at about 08:00 local: Tokyo, then London, then New York.
    const recorded = [
      { occurredAt: '2025-03-09T23:00:00Z', timeZone: 'Asia/Tokyo' }, // 10 March, 08:00 in Tokyo
      { occurredAt: '2025-03-11T08:00:00Z', timeZone: 'Europe/London' }, // 11 March, 08:00 in London
      { occurredAt: '2025-03-12T12:00:00Z', timeZone: 'America/New_York' }, // 12 March, 08:00 in New York
    ];
    const sut = computeHabitStreak(daily(recorded.map((r) => ({ date: localDateAtTheTime(r) }))), today);
    expect(sut.current).toBe(3);
    // Re-reading every instant in today's zone would wrongly move the Tokyo check-in back to 9 March.
    expect(recorded.map((r) => localDateOf(r.occurredAt, 'America/New_York'))).toEqual(['2025-03-09', '2025-03-11', '2025-03-12']);
  });
});
