import { expectedPerWeek, weeklyProgress, weekStreak } from './group-figures';

describe('group figures', () => {
  it('returns what each frequency asks for in a week', () => {
    expect(expectedPerWeek({ kind: 'daily' })).toBe(7);
    expect(expectedPerWeek({ kind: 'weekly' })).toBe(1);
    expect(expectedPerWeek({ kind: 'weekdays', days: [1, 3, 5] })).toBe(3);
    expect(expectedPerWeek(null)).toBe(0);
  });

  it('returns completed of expected, capped per habit and skipping paused habits', () => {
    const sut = weeklyProgress(
      [
        { id: 'a', frequency: { kind: 'daily' }, active: true },
        { id: 'b', frequency: { kind: 'weekly' }, active: true },
        { id: 'c', frequency: { kind: 'daily' }, active: false },
      ],
      new Map([
        ['a', 3],
        ['b', 3],
        ['c', 5],
      ]),
    );
    expect(sut).toEqual({ completed: 4, expected: 8 });
  });

  it('returns the week streak, counting this week only once it is reached', () => {
    // 4 members: weeks need 2 active.
    expect(weekStreak([0, 2, 3, 2, 1], 4)).toBe(3);
    expect(weekStreak([0, 2, 3, 2, 2], 4)).toBe(4);
    expect(weekStreak([2, 2, 0, 1], 4)).toBe(0);
    expect(weekStreak([1, 1], 3)).toBe(0);
    expect(weekStreak([5], 0)).toBe(0);
  });
});
