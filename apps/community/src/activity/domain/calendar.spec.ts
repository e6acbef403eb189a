import { inWeek, isCalendarDate, shiftDate, sundayOf, todayIn } from './calendar';

describe('calendar', () => {
  it('returns the member’s local date, not the UTC one', () => {
    // 03:00 UTC on a Sunday is still Saturday evening in New York.
    expect(todayIn(new Date('2026-03-08T03:00:00Z'), 'America/New_York')).toBe('2026-03-07');
    expect(todayIn(new Date('2026-03-08T03:00:00Z'), 'Not/AZone')).toBe('2026-03-08');
  });

  it('returns the Sunday of the week, like formation’s plans', () => {
    expect(sundayOf('2026-03-04')).toBe('2026-03-01');
    expect(sundayOf('2026-03-01')).toBe('2026-03-01');
    expect(sundayOf('2026-03-07')).toBe('2026-03-01');
  });

  it('moves across month ends and tells whether a date is in a week', () => {
    expect(shiftDate('2026-02-28', 1)).toBe('2026-03-01');
    expect(inWeek('2026-03-07', '2026-03-01')).toBe(true);
    expect(inWeek('2026-03-08', '2026-03-01')).toBe(false);
  });

  it('returns false for dates the calendar does not have', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
  });
});
