import { localDateOf } from '@abide/calendar';
import { writingStreak } from './writing-streak';

describe(writingStreak.name, () => {
  it('returns the consecutive days of writing ending today', () => {
    expect(writingStreak(['2025-03-10', '2025-03-11', '2025-03-12', '2025-03-12'], '2025-03-12')).toEqual({
      current: 3,
      totalDays: 3,
      activeToday: true,
    });
  });

  it('returns the streak up to yesterday while today is not written yet', () => {
    expect(writingStreak(['2025-03-10', '2025-03-11'], '2025-03-12').current).toBe(2);
  });

  it('returns 0 after a day without writing', () => {
    expect(writingStreak(['2025-03-09', '2025-03-10'], '2025-03-12').current).toBe(0);
  });

  it('returns an unbroken streak across a fall-back night, with entries dated in the zone of the time', () => {
    const entries = ['2025-11-01T23:30:00-04:00', '2025-11-02T23:30:00-05:00', '2025-11-03T07:00:00-05:00'].map((at) =>
      localDateOf(at, 'America/New_York'),
    );
    expect(writingStreak(entries, '2025-11-03').current).toBe(3);
  });
});
