import { habitHeatMap, heatMapSummary } from './heat-map';

const today = '2025-03-12';

describe(habitHeatMap.name, () => {
  const sut = habitHeatMap(
    {
      frequency: { kind: 'weekdays', days: [1, 3, 5] },
      createdOn: '2025-01-01',
      checkIns: [{ date: '2025-03-10' }, { date: '2025-03-07', note: 'Read Psalm 23 on the train' }],
      restDays: [],
      skipDates: ['2025-03-05'],
    },
    today,
  );

  it('returns 12 whole weeks, Sunday first, ending with the current week', () => {
    expect(sut).toHaveLength(84);
    expect(sut[0].date).toBe('2024-12-22');
    expect(sut[83].date).toBe('2025-03-15');
  });

  it('returns scheduled and done for each day', () => {
    const byDate = new Map(sut.map((d) => [d.date, d]));
    expect(byDate.get('2025-03-10')).toEqual({
      date: '2025-03-10',
      scheduled: true,
      done: true,
      excuse: null,
      future: false,
      status: 'done',
    });
    expect(byDate.get('2025-03-11')).toMatchObject({ scheduled: false, done: false, status: 'off' });
    expect(byDate.get('2025-03-05')).toMatchObject({ scheduled: false, excuse: 'skipped', status: 'skipped' });
    // Today is asked and not done yet: due, not missed.
    expect(byDate.get(today)).toMatchObject({ scheduled: true, status: 'due' });
    expect(byDate.get('2025-03-03')).toMatchObject({ scheduled: true, status: 'missed' });
  });

  it('returns days before the habit existed and after today as such', () => {
    expect(sut[0]).toMatchObject({ scheduled: false, excuse: 'before-start' });
    expect(sut[83]).toMatchObject({ future: true, done: false });
  });
});

describe(heatMapSummary.name, () => {
  it('returns the chances of the 12 weeks shown, today included: the cells done of the cells asked', () => {
    const track = {
      frequency: { kind: 'daily' as const },
      createdOn: '2025-03-09',
      checkIns: [{ date: '2025-03-10' }],
      skipDates: ['2025-03-11'],
    };
    // Sunday missed, Monday done, Tuesday skipped, today due.
    expect(heatMapSummary(track, today)).toEqual({ done: 1, scheduled: 3, unit: 'days' });
  });
});
