import type { Habit } from '@abide/contracts';
import { dayCounts } from './day-counts';

const habit = (dayStatus: Habit['dayStatus'], more: Partial<Habit> = {}): Habit =>
  ({ id: `h-${Math.random()}`, isActive: true, archived: false, dayStatus, ...more }) as Habit;

describe(dayCounts.name, () => {
  it('counts done of the habits asked for the day, skipped apart, and leaves excused days and inactive habits out', () => {
    const sut = dayCounts([
      habit('done'),
      habit('due'),
      habit('missed'),
      habit('skipped'),
      habit('excused'),
      habit('done', { isActive: false }),
      habit('done', { archived: true }),
    ]);
    expect(sut).toEqual({ done: 1, asked: 3, skipped: 1 });
  });
});
