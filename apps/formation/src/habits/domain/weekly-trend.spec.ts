import { dateRange } from '@abide/calendar';
import type { HabitTrack } from './habit-calendar';
import { weeklyCompletionTrend } from './weekly-trend';

const today = '2025-03-12';

describe(weeklyCompletionTrend.name, () => {
  const prayer: HabitTrack = {
    frequency: { kind: 'daily' },
    createdOn: '2025-02-23',
    checkIns: dateRange('2025-02-23', '2025-03-05').map((date) => ({ date })),
  };
  const service: HabitTrack = { frequency: { kind: 'weekly' }, createdOn: '2025-02-23', checkIns: [{ date: '2025-03-01' }] };
  const sut = weeklyCompletionTrend([prayer, service], today);

  it('returns 12 weeks, oldest first, ending with this week', () => {
    expect(sut).toHaveLength(12);
    expect(sut[0].weekStart).toBe('2024-12-22');
    expect(sut[11].weekStart).toBe('2025-03-09');
  });

  it('returns null for weeks before any habit existed', () => {
    expect(sut[0]).toEqual({ weekStart: '2024-12-22', done: 0, scheduled: 0, percent: null });
  });

  it('returns the completion across habits for each week', () => {
    expect(sut[9]).toEqual({ weekStart: '2025-02-23', done: 8, scheduled: 8, percent: 100 });
    // Prayer kept Sunday to Wednesday (4 of 7); the weekly habit was missed.
    expect(sut[10]).toEqual({ weekStart: '2025-03-02', done: 4, scheduled: 8, percent: 50 });
    // This week: Sunday to Tuesday missed, today open (counted), the weekly target still open (counted).
    expect(sut[11]).toEqual({ weekStart: '2025-03-09', done: 0, scheduled: 5, percent: 0 });
  });
});
