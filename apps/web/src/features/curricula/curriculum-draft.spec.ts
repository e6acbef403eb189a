import { moved, newActivity, newWeek, placeOf, putActivity, sundaysFrom } from './curriculum-draft';

describe('the curriculum editor’s draft', () => {
  it('moves an item within a list (drag and drop, or the keyboard)', () => {
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });

  it('puts an edited activity back in place, or at the end of another day', () => {
    const week = newWeek(1);
    const [a, b] = [{ ...newActivity(), name: 'A' }, { ...newActivity(), name: 'B' }];
    const two = putActivity(putActivity(week, a, 1), b, 1);
    expect(putActivity(two, { ...a, name: 'A2' }, 1).days[1].map((x) => x.name)).toEqual(['A2', 'B']);
    const movedOn = putActivity(two, a, 3);
    expect(movedOn.days[1].map((x) => x.name)).toEqual(['B']);
    expect(movedOn.days[3].map((x) => x.name)).toEqual(['A']);
  });

  it('names the place of a server problem in words', () => {
    const week = putActivity(newWeek(1), { ...newActivity(), name: 'Read' }, 2);
    expect(placeOf('weeks.0.days.2.activities.0.scripture', { title: 'T', description: '', weeks: [week] })).toBe('Week 1, Tuesday, “Read”');
    expect(placeOf('weeks.3.title', { title: 'T', description: '', weeks: [] })).toBe('Week 4');
  });

  it('offers Sundays a week apart', () => {
    expect(sundaysFrom('2026-11-22', 3)).toEqual(['2026-11-22', '2026-11-29', '2026-12-06']);
  });
});
