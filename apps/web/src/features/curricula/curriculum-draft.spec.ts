import { type ActivityDraft, describeChanges, type Draft, moveActivity, moved, newActivity, newWeek, placeOf, placeOfActivity, putActivity, sundaysFrom } from './curriculum-draft';

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

  it('moves an activity to another day, at a place or at its end, but not onto a full day', () => {
    const named = (name: string): ActivityDraft => ({ ...newActivity(), id: name, name });
    const days = newWeek(1).days.map((_, i) => (i === 1 ? [named('A'), named('B')] : i === 3 ? [named('C')] : []));
    const names = (week: ActivityDraft[][]) => week.map((d) => d.map((a) => a.name).join(''));
    expect(names(moveActivity(days, 'A', 3))).toEqual(['', 'B', '', 'CA', '', '', '']);
    expect(names(moveActivity(days, 'B', 3, 0))).toEqual(['', 'A', '', 'BC', '', '', '']);
    expect(names(moveActivity(days, 'A', 1, 1))).toEqual(['', 'BA', '', 'C', '', '', '']);
    expect(placeOfActivity(moveActivity(days, 'C', 6), 'C')).toEqual({ day: 6, index: 0 });
    // Nothing to do, an unknown activity, a full day: the same week back.
    expect(moveActivity(days, 'A', 1, 0)).toBe(days);
    expect(moveActivity(days, 'Z', 2)).toBe(days);
    const full = days.map((d, i) => (i === 5 ? ['V', 'W', 'X', 'Y', 'Z'].map(named) : d));
    expect(moveActivity(full, 'A', 5)).toBe(full);
    expect(names(moveActivity(full, 'Z', 5, 0))[5]).toBe('ZVWXY');
  });

  it('names the place of a server problem in words', () => {
    const week = putActivity(newWeek(1), { ...newActivity(), name: 'Read' }, 2);
    expect(placeOf('weeks.0.days.2.activities.0.scripture', { title: 'T', description: '', weeks: [week] })).toBe('Week 1, Tuesday, “Read”');
    expect(placeOf('weeks.3.title', { title: 'T', description: '', weeks: [] })).toBe('Week 4');
  });

  it('offers Sundays a week apart', () => {
    expect(sundaysFrom('2026-11-22', 3)).toEqual(['2026-11-22', '2026-11-29', '2026-12-06']);
  });

  it('names what leaving without saving would lose, as a person would list it', () => {
    const week = putActivity(newWeek(1), { ...newActivity(), name: 'Read' }, 1);
    const saved: Draft = { title: 'Lent', description: '', weeks: [week] };
    expect(describeChanges(saved, saved)).toEqual([]);
    const added = putActivity(newWeek(2), { ...newActivity(), name: 'Walk' }, 3);
    expect(describeChanges(saved, { ...saved, title: 'Lent together', weeks: [week, added] })).toEqual(['the title', '1 week added', '1 activity added']);
    const edited = { ...week, title: 'Ashes', days: week.days.map((d) => d.map((a) => ({ ...a, name: 'Read slowly' }))) };
    expect(describeChanges(saved, { ...saved, weeks: [edited] })).toEqual(['1 week’s title or summary edited', '1 activity edited']);
    expect(describeChanges(saved, { ...saved, weeks: [] })).toEqual(['1 week removed', '1 activity removed']);
    const movedOnly = { ...week, days: moveActivity(week.days, week.days[1][0].id, 4) };
    expect(describeChanges(saved, { ...saved, weeks: [movedOnly] })).toEqual(['activities moved']);
  });
});
