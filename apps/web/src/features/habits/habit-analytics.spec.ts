import { heatMapColumns, heatSummaryText, trendPoints, type HeatCell } from './habit-analytics';
import { addDays, isCheckInDate } from './local-dates';

const days = (start: string, count: number, done: (i: number) => boolean): HeatCell[] =>
  Array.from({ length: count }, (_, i) => ({
    date: addDays(start, i),
    scheduled: true,
    done: done(i),
    excuse: null,
    future: false,
    status: done(i) ? 'done' : 'missed',
  }));

describe(heatMapColumns.name, () => {
  it('returns one column per week with Sunday on top, padding the first week', () => {
    // 2026-03-11 is a Wednesday: three blank slots come first.
    const sut = heatMapColumns(days('2026-03-11', 10, () => true));
    expect(sut).toHaveLength(2);
    expect(sut[0].slice(0, 3)).toEqual([null, null, null]);
    expect(sut[0][3]?.date).toBe('2026-03-11');
    expect(sut[1]).toHaveLength(7);
    expect(sut[1][6]).toBeNull();
  });

  it('returns 12 columns for 84 days starting on a Sunday', () => {
    expect(heatMapColumns(days('2026-01-04', 84, () => false))).toHaveLength(12);
  });

  it('returns the server’s day status as the cell’s state', () => {
    const cell: HeatCell = { date: '2026-03-08', scheduled: false, done: false, excuse: 'skipped', future: false, status: 'skipped' };
    expect(heatMapColumns([cell])[0][0]).toEqual({ date: '2026-03-08', state: 'skipped', label: 'Sun, Mar 8: skipped' });
  });

  it('returns a label that names the excuse, a planned skip ahead and today still open', () => {
    const rest: HeatCell = { date: '2026-03-08', scheduled: false, done: false, excuse: 'rest-day', future: false, status: 'excused' };
    expect(heatMapColumns([rest])[0][0]?.label).toBe('Sun, Mar 8: rest day');
    const ahead: HeatCell = { ...rest, excuse: 'skipped', future: true, status: 'skipped' };
    expect(heatMapColumns([ahead])[0][0]?.label).toBe('Sun, Mar 8: skip planned');
    const today: HeatCell = { ...rest, excuse: null, scheduled: true, status: 'due' };
    expect(heatMapColumns([today])[0][0]?.label).toBe('Sun, Mar 8: today, not done yet');
  });
});

describe(heatSummaryText.name, () => {
  it('returns days for a daily habit and weeks for a weekly one', () => {
    expect(heatSummaryText({ done: 3, scheduled: 5, unit: 'days' })).toBe('3 of 5 scheduled days done');
    expect(heatSummaryText({ done: 2, scheduled: 4, unit: 'weeks' })).toBe('2 of 4 weeks met');
  });
});

describe(trendPoints.name, () => {
  const box = { width: 200, height: 120, padX: 10, padY: 10 };

  it('returns 100 % at the top and 0 % at the bottom, oldest week first', () => {
    const sut = trendPoints(
      [
        { weekStart: '2026-03-08', percent: 100, done: 7, scheduled: 7 },
        { weekStart: '2026-03-01', percent: 0, done: 0, scheduled: 0 },
      ],
      box,
    );
    expect(sut.map((p) => [p.x, p.y])).toEqual([
      [10, 110],
      [190, 10],
    ]);
    expect(sut[1].label).toBe('Week of Mar 8: 100% (7 of 7)');
    expect(sut[0].label).toBe('Week of Mar 1: nothing scheduled');
  });

  it('returns one point in the middle when there is a single week', () => {
    expect(trendPoints([{ weekStart: '2026-03-01', percent: 50, done: 1, scheduled: 2 }], box)[0]).toMatchObject({ x: 100, y: 60 });
  });
});

describe(isCheckInDate.name, () => {
  it('returns true for today and the seven days before it only', () => {
    expect(isCheckInDate('2026-03-11', '2026-03-11')).toBe(true);
    expect(isCheckInDate('2026-03-04', '2026-03-11')).toBe(true);
    expect(isCheckInDate('2026-03-03', '2026-03-11')).toBe(false);
    expect(isCheckInDate('2026-03-12', '2026-03-11')).toBe(false);
  });
});
