import { addDays } from '@abide/calendar';
import { checkInsOfMarks, noMarks, setMark } from './check-in-marks';

describe('check-in marks (a habit’s check-ins, a character a day)', () => {
  it('keeps check-ins made in any order, their undoing, and the gaps between them', () => {
    const sut = noMarks();
    setMark(sut, '2026-03-10', true);
    setMark(sut, '2026-03-13', true);
    setMark(sut, '2026-03-07', false);
    setMark(sut, '2026-03-10', false);
    setMark(sut, '2026-03-11', true);

    expect(sut).toEqual({ from: '2026-03-07', marks: '0..01.1' });
    expect(checkInsOfMarks(sut)).toEqual([
      { date: '2026-03-07', completed: false },
      { date: '2026-03-10', completed: false },
      { date: '2026-03-11', completed: true },
      { date: '2026-03-13', completed: true },
    ]);
  });

  it('reads from a day on, keeping those before the habit’s creation', () => {
    const sut = noMarks();
    for (const date of ['2026-02-27', '2026-03-01', '2026-03-05', '2026-03-20', '2026-03-21']) setMark(sut, date, true);

    expect(checkInsOfMarks(sut, '2026-03-20', '2026-03-01').map((c) => c.date)).toEqual(['2026-02-27', '2026-03-20', '2026-03-21']);
    expect(checkInsOfMarks(sut, '2026-03-20', '2026-03-06').map((c) => c.date)).toEqual([
      '2026-02-27',
      '2026-03-01',
      '2026-03-05',
      '2026-03-20',
      '2026-03-21',
    ]);
    expect(checkInsOfMarks(sut, '2026-04-01')).toEqual([]);
    expect(checkInsOfMarks(noMarks(), '2026-03-01')).toEqual([]);
  });

  it('agrees with a map of dates over random member-years', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let year = 0; year < 20; year++) {
      const sut = noMarks();
      const model = new Map<string, boolean>();
      for (let i = 0; i < 200; i++) {
        const date = addDays('2026-01-01', Math.floor(random() * 400) - 30);
        const completed = random() < 0.8;
        setMark(sut, date, completed);
        model.set(date, completed);
      }
      const from = addDays('2026-01-01', Math.floor(random() * 400));
      const expected = [...model]
        .filter(([date]) => date >= from || date < '2026-01-01')
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([date, completed]) => ({ date, completed }));
      expect(checkInsOfMarks(sut, from, '2026-01-01')).toEqual(expected);
    }
  });
});
