import { heatMapColumns, heatMapSummary, heatState, trendPoints } from './habit-analytics';
import { addDays, isCheckInDate } from './local-dates';

const days = (start: string, count: number, done: (i: number) => boolean) =>
  Array.from({ length: count }, (_, i) => ({ date: addDays(start, i), scheduled: true, done: done(i), excuse: null, future: false }));

describe(heatMapColumns.name, () => {
  it('returns one column per week with Sunday on top, padding the first week', () => {
    // 2026-03-11 is a Wednesday: three blank slots come first.
    const sut = heatMapColumns(days('2026-03-11', 10, () => true), '2026-03-31');
    expect(sut).toHaveLength(2);
    expect(sut[0].slice(0, 3)).toEqual([null, null, null]);
    expect(sut[0][3]?.date).toBe('2026-03-11');
    expect(sut[1]).toHaveLength(7);
    expect(sut[1][6]).toBeNull();
  });

  it('returns 12 columns for 84 days starting on a Sunday', () => {
    expect(heatMapColumns(days('2026-01-04', 84, () => false), '2026-04-01')).toHaveLength(12);
  });
});

describe(heatState.name, () => {
  it('returns future after today, off when not scheduled, missed when due and not done', () => {
    const cell = { date: '2026-03-10', scheduled: true, done: false, excuse: null, future: false };
    expect(heatState({ ...cell, date: '2026-03-12', future: true }, '2026-03-11')).toBe('future');
    expect(heatState({ ...cell, scheduled: false }, '2026-03-11')).toBe('off');
    expect(heatState(cell, '2026-03-11')).toBe('missed');
    expect(heatState({ ...cell, done: true }, '2026-03-11')).toBe('done');
  });

  it('returns excused for a rest day, a planned skip or a pause, never missed', () => {
    const cell = { date: '2026-03-10', scheduled: true, done: false, future: false };
    for (const excuse of ['rest-day', 'skipped', 'paused'] as const) {
      expect(heatState({ ...cell, excuse }, '2026-03-11')).toBe('excused');
    }
    expect(heatState({ ...cell, excuse: 'before-start' }, '2026-03-11')).toBe('off');
  });

  it('returns a label that names the excuse', () => {
    const sut = heatMapColumns([{ date: '2026-03-08', scheduled: true, done: false, excuse: 'rest-day', future: false }], '2026-03-11');
    expect(sut[0][0]?.label).toBe('Sun, Mar 8: rest day');
  });
});

describe(heatMapSummary.name, () => {
  it('returns done and scheduled days up to today only', () => {
    expect(heatMapSummary(days('2026-03-01', 10, (i) => i % 2 === 0), '2026-03-05')).toEqual({ done: 3, scheduled: 5 });
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
