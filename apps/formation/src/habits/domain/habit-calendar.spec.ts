import { buildHabitCalendar, completedDates, type HabitTrack } from './habit-calendar';

const today = '2025-03-12';

describe(completedDates.name, () => {
  it('returns the dates whose latest entry is completed', () => {
    const sut = completedDates(
      [
        { date: '2025-03-10' },
        { date: '2025-03-11' },
        { date: '2025-03-11', completed: false },
        { date: '2025-03-09', completed: true, note: 'Short but honest' },
      ],
      today,
    );
    expect([...sut].sort()).toEqual(['2025-03-09', '2025-03-10']);
  });

  it('ignores future and malformed dates', () => {
    expect([...completedDates([{ date: '2025-03-13' }, { date: '2025-3-1' }, { date: today }], today)]).toEqual([today]);
  });
});

describe(buildHabitCalendar.name, () => {
  const track: HabitTrack = {
    frequency: { kind: 'weekdays', days: [1, 2, 3, 4, 5] },
    createdOn: '2025-03-03',
    checkIns: [],
    pauses: [{ from: '2025-03-05', until: '2025-03-07' }],
    restDays: [5],
    skipDates: ['2025-03-04'],
  };
  const sut = buildHabitCalendar(track, today);

  it('returns the excuse for a day, before-start first, then paused, skipped and rest day', () => {
    expect(['2025-03-02', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-10'].map(sut.excuseOn)).toEqual([
      'before-start',
      'skipped',
      'paused',
      'paused',
      'rest-day',
      null,
    ]);
  });

  it('returns asked only for chosen weekdays with no excuse', () => {
    expect(['2025-03-03', '2025-03-08', '2025-03-07', '2025-03-11'].map(sut.isAskedOn)).toEqual([true, false, false, true]);
  });

  it('returns the start as an earlier back-dated check-in when there is one', () => {
    expect(buildHabitCalendar({ ...track, checkIns: [{ date: '2025-02-28' }] }, today).start).toBe('2025-02-28');
  });

  it('returns week results for a weekly habit: met, missed, pending and excused', () => {
    const weekly = buildHabitCalendar(
      {
        frequency: { kind: 'weekly', timesPerWeek: 2 },
        createdOn: '2025-02-16',
        checkIns: [{ date: '2025-02-17' }, { date: '2025-02-18' }, { date: '2025-02-24' }, { date: '2025-03-10' }],
        pauses: [{ from: '2025-03-02', until: '2025-03-09' }],
      },
      today,
    );
    expect(['2025-02-16', '2025-02-23', '2025-03-02', '2025-03-09'].map((w) => weekly.weekResult(w).outcome)).toEqual([
      'met',
      'missed',
      'excused',
      'pending',
    ]);
    expect(weekly.weekResult('2025-03-09')).toEqual({ weekStart: '2025-03-09', outcome: 'pending', done: 1, target: 2 });
  });

  it('returns days for daily and weekday habits and weeks for weekly ones', () => {
    expect(sut.unit).toBe('days');
    expect(buildHabitCalendar({ ...track, frequency: { kind: 'weekly' } }, today).unit).toBe('weeks');
  });
});
